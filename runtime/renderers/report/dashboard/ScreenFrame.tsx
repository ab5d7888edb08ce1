/**
 * A dashboard's big-screen mode (`dashboard.screen`): a dark canvas of the declared size (1920 ×
 * 1080) scaled as a whole to fit the window, kept in proportion and centred, so a wall screen, a
 * projector and a laptop show the same layout. A header carries the title, a clock and the time
 * of the last reading. The cards are re-read every `refreshSeconds` and, when `live` names a
 * topic of the real-time channel, a moment after its events (debounced: a burst of steps makes
 * one reading). A new reading keeps the figures shown until the answers replace them.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useMessageState } from '../../../realtime/store';
import type { DashboardDef } from '../../../router/types';
import { ScreenContext } from './screenContext';
import { useScreenReading } from './screenReading';

type Screen = NonNullable<DashboardDef['screen']>;

const BACKGROUND = 'radial-gradient(ellipse at top, #0d2a4d 0%, #061426 60%, #030b17 100%)';

const pad = (n: number) => String(n).padStart(2, '0');
function clockText(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** The scale that fits width × height into the window. */
function useFit(width: number, height: number): number {
  const fit = () => Math.min(window.innerWidth / width, window.innerHeight / height);
  const [scale, setScale] = useState(fit);
  useEffect(() => {
    const onResize = () => setScale(fit());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [width, height]); // eslint-disable-line react-hooks/exhaustive-deps
  return scale;
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return <span data-testid="screen-clock">{clockText(now)} 星期{WEEKDAYS[now.getDay()]}</span>;
}

/** Dark lines between a list card's lines (its own rule is light). */
const SCREEN_CSS = `[data-testid="screen"] li[data-testid$="-line"] { border-bottom-color: rgba(127, 178, 229, 0.18) !important; }`;

export default function ScreenFrame({ screen, title, children }: { screen: Screen; title: string; children: (reading: number) => ReactNode }) {
  const scale = useFit(screen.width, screen.height);
  const { reading, readAt } = useScreenReading(screen);
  const navigate = useNavigate();
  // Without the shell there is no menu: the way out is back where the screen was opened from (the home page when opened directly).
  const leave = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  const { connected } = useMessageState();
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm, token: { colorBgContainer: 'rgba(12, 40, 74, 0.72)', colorBorderSecondary: '#1b4a7a' } }}>
      <ScreenContext.Provider value>
        <div style={{ position: 'fixed', inset: 0, background: '#030b17', overflow: 'hidden' }} data-testid="screen">
          <div
            data-testid="screen-canvas"
            style={{
              position: 'absolute', left: '50%', top: '50%', width: screen.width, height: screen.height,
              transform: `translate(-50%, -50%) scale(${scale})`, transformOrigin: 'center center',
              background: BACKGROUND, color: '#e6f1ff', padding: '0 24px 24px', boxSizing: 'border-box', overflow: 'hidden',
            }}
          >
            <header style={{ display: 'flex', alignItems: 'center', height: 84, borderBottom: '1px solid #1b4a7a', marginBottom: 16 }}>
              <div style={{ flex: 1, fontSize: 16, color: '#7fb2e5' }}><Clock /></div>
              <div style={{ textAlign: 'center' }}>
                <h1 style={{ margin: 0, fontSize: 36, letterSpacing: 8, color: '#e6f1ff' }} data-testid="screen-title">{title}</h1>
                {screen.subtitle && <div style={{ fontSize: 14, color: '#7fb2e5' }}>{screen.subtitle}</div>}
              </div>
              <div style={{ flex: 1, textAlign: 'right', fontSize: 14, color: '#7fb2e5' }}>
                {screen.live && <span data-testid="screen-live" style={{ marginRight: 16, color: connected ? '#52c41a' : '#faad14' }}>● {connected ? '实时' : '重连中'}</span>}
                <span data-testid="screen-read-at">更新于 {clockText(readAt).slice(11)}</span>
                <span style={{ marginLeft: 16 }}>每 {screen.refreshSeconds ?? 60} 秒刷新</span>
                <a role="button" onClick={leave} style={{ marginLeft: 16, color: '#7fb2e5' }} data-testid="screen-leave">退出大屏</a>
              </div>
            </header>
            <style>{SCREEN_CSS}</style>
            {children(reading)}
          </div>
        </div>
      </ScreenContext.Provider>
    </ConfigProvider>
  );
}
