import { ConfigProvider } from 'antd';
// Pitfall 1: 'antd/locale/zh_CN' silently yields English in the Vite build.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router-dom';
import { AccessGate } from './router/AccessGate';

dayjs.locale('zh-cn');

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1890ff' } }}>
      <BrowserRouter>
        <AccessGate />
      </BrowserRouter>
    </ConfigProvider>
  );
}
