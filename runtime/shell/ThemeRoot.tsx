/**
 * antd's ConfigProvider for the shell and the antd-based public pages: Chinese locale, the
 * user's theme colour through theme tokens, the global size. Kept out of the entry chunk so the
 * login page loads without antd.
 */
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
// Pitfall 1: 'antd/locale/zh_CN' silently yields English in the Vite build.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { antdSize, useSettings } from './settings';

dayjs.locale('zh-cn');

export default function ThemeRoot({ children }: { children: ReactNode }) {
  const { theme, size } = useSettings();
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={antdSize(size)}
      theme={{ token: { colorPrimary: theme, colorInfo: theme }, algorithm: size === 'mini' ? antdTheme.compactAlgorithm : undefined }}
    >
      {/* App gives dialogs and messages opened from code the shell's locale and theme. */}
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
