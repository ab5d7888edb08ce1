import { BrowserRouter } from 'react-router-dom';
import { AccessGate } from './router/AccessGate';

/**
 * No antd here: the ConfigProvider (locale, theme, size) lives in shell/ThemeRoot, loaded with
 * the layout or the first antd page, so the login route's initial JS stays small (issue 2).
 */
export function App() {
  return (
    <BrowserRouter>
      <AccessGate />
    </BrowserRouter>
  );
}
