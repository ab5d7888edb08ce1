/**
 * The notification box (seed 000 §2.5): at most 3 unread notices, bottom-right, above the page.
 * It folds into a header button so it never has to sit on the page's own controls.
 */
import { useState } from 'react';
import { Badge, Button, Space, Tooltip } from 'antd';
import { Panel, Tone } from '../renderers/common/Panel';
import { CloseOutlined, DownOutlined, NotificationOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { patchMessageState, useMessageState } from './store';
import { realtime } from './client';
import { DAILY_MATTERS_REMIND_PATH, type BoxMessage } from './types';
import { useEventLink } from './useEventLink';

export const SYSTEM_SENDER = '系统';

/** The header button of the box: its unread count, and folds or unfolds it. */
export function NotificationToggle() {
  const { box, queued, boxFolded } = useMessageState();
  const count = box.length + queued.length;
  if (!count) return null;
  return (
    <Tooltip title={boxFolded ? '展开消息通知' : '收起消息通知'}>
      <Badge count={count} size="small" data-testid="notification-count">
        <Button type="text" aria-label={boxFolded ? '展开消息通知' : '收起消息通知'} icon={<NotificationOutlined />}
          onClick={() => patchMessageState((s) => ({ boxFolded: !s.boxFolded }))} />
      </Badge>
    </Tooltip>
  );
}

export function NotificationBox() {
  const { box, queued, boxFolded } = useMessageState();
  const navigate = useNavigate();
  const linkOf = useEventLink();
  const [busy, setBusy] = useState(false);
  if (!box.length || boxFolded) return null;

  const open = (m: BoxMessage) => {
    const to = linkOf(m.eventType, m.eventSubjectId);
    if (to) navigate(to);
  };
  const ignoreAll = async () => {
    setBusy(true);
    try {
      await realtime.box.ignoreAll();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="notification-box" style={{ position: 'fixed', right: 16, bottom: 16, width: 320, zIndex: 999 }}>
      <Panel
        small
        title={`消息通知${queued.length ? `（另有 ${queued.length} 条）` : ''}`}
        extra={
          <Space size={4}>
            <Button size="small" type="link" onClick={() => navigate(DAILY_MATTERS_REMIND_PATH)}>查看全部</Button>
            <Button size="small" type="link" loading={busy} onClick={() => void ignoreAll()}>全部忽略</Button>
            <Button size="small" type="text" aria-label="收起" icon={<DownOutlined />} onClick={() => patchMessageState({ boxFolded: true })} />
          </Space>
        }
        bodyStyle={{ padding: 8 }}
      >
        {box.map((m) => (
          <div key={`${m.type}:${m.id}`} data-testid="notification-item" style={{ display: 'flex', gap: 8, padding: '6px 4px', borderBottom: '1px solid #f0f0f0' }}>
            <div style={{ flex: 1, minWidth: 0, cursor: linkOf(m.eventType, m.eventSubjectId) ? 'pointer' : 'default' }} onClick={() => open(m)}>
              <Tone strong>{m.name || SYSTEM_SENDER}</Tone>
              <Tone type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>{formatTime(m.messageDate)}</Tone>
              <div style={{ wordBreak: 'break-all' }}>{m.message}</div>
            </div>
            <Button size="small" type="text" aria-label="关闭" icon={<CloseOutlined />} onClick={() => void realtime.box.dismiss(m).catch(() => undefined)} />
          </div>
        ))}
      </Panel>
    </div>
  );
}

function formatTime(iso?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
