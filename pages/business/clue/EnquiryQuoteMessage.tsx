/**
 * The enquiry-quote message page (供应商问答): colleagues on the left, the conversation on the
 * right. History comes from the catalogue calls; sending and reading go through the STOMP
 * /app/... destinations, and new messages arrive as enquiry_quote_message events.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Empty, Input, List, Select, Space, Typography, message } from 'antd';
import { invoke } from '../../../api/call';
import { useSession } from '../../../runtime/session/store';
import { referenceList } from '../../../runtime/reference/lists';
import { useReference } from '../../../runtime/reference/useReference';
import { realtime } from '../../../runtime/realtime/client';

interface ChatRow { enquiryQuoteMessageId: number; sendStaffId: number; receiveStaffId: number; content: string; createdAt: string; enquiryId?: number | null }
interface Contact { staffId: number; name: string; unread: number; lastAt?: string }

export default function EnquiryQuoteMessage() {
  const me = useSession().profile?.staffId;
  const staff = useReference(referenceList<{ staffId: number; name: string }>('staff'));
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [peer, setPeer] = useState<number | null>(null);
  const [rows, setRows] = useState<ChatRow[]>([]);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);

  const loadContacts = useCallback(() => {
    invoke<Contact[]>('enquiryQuoteMessage.contacts').then(setContacts, () => undefined);
  }, []);

  useEffect(loadContacts, [loadContacts]);

  useEffect(() => {
    if (!peer) return;
    invoke<ChatRow[]>('enquiryQuoteMessage.conversation', { query: { staffId: peer } }).then(setRows, () => setRows([]));
    realtime.readChat(peer);
  }, [peer]);

  useEffect(
    () =>
      realtime.onChatMessage((row: ChatRow) => {
        const other = row.sendStaffId === me ? row.receiveStaffId : row.sendStaffId;
        if (other === peer) {
          setRows((rs) => (rs.some((r) => r.enquiryQuoteMessageId === row.enquiryQuoteMessageId) ? rs : [...rs, row]));
          // Open conversation: what arrives is read at once.
          if (row.sendStaffId === peer) realtime.readChat(peer);
        }
        loadContacts();
      }),
    [peer, me, loadContacts],
  );

  // Braces matter: scrollIntoView returns a Promise in current Chromium, and an effect must not return one.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [rows]);

  const send = () => {
    const content = text.trim();
    if (!peer || !content) return;
    if (!realtime.sendChat(peer, content)) {
      void message.error('消息服务未连接，请稍后重试');
      return;
    }
    setText('');
  };

  const nameOf = (id: number) => staff?.find((s) => s.staffId === id)?.name ?? contacts.find((c) => c.staffId === id)?.name ?? String(id);

  return (
    <div style={{ display: 'flex', gap: 16, height: 'calc(100vh - 140px)' }} data-testid="chat-page">
      <Card size="small" title="对话" style={{ width: 260, overflow: 'auto' }}>
        <Select
          showSearch
          placeholder="选择同事开始对话"
          style={{ width: '100%', marginBottom: 8 }}
          optionFilterProp="label"
          options={(staff ?? []).filter((s) => s.staffId !== me).map((s) => ({ value: s.staffId, label: s.name }))}
          onChange={(v: number) => setPeer(v)}
        />
        <List
          size="small"
          dataSource={contacts}
          locale={{ emptyText: '暂无对话' }}
          renderItem={(c) => (
            <List.Item style={{ cursor: 'pointer', background: c.staffId === peer ? '#e6f4ff' : undefined }} onClick={() => setPeer(c.staffId)}>
              <Badge count={c.staffId === peer ? 0 : c.unread} size="small" offset={[8, 0]}>
                <Typography.Text>{c.name}</Typography.Text>
              </Badge>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={peer ? nameOf(peer) : '供应商问答'} style={{ flex: 1, display: 'flex', flexDirection: 'column' }} styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 } }}>
        {!peer ? (
          <Empty description="请选择对话" />
        ) : (
          <>
            <div style={{ flex: 1, overflow: 'auto' }}>
              {rows.map((r) => (
                <div key={r.enquiryQuoteMessageId} style={{ textAlign: r.sendStaffId === me ? 'right' : 'left', margin: '6px 0' }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>{nameOf(r.sendStaffId)} {new Date(r.createdAt).toLocaleString('zh-CN')}</Typography.Text>
                  <div style={{ display: 'inline-block', maxWidth: '70%', padding: '6px 10px', borderRadius: 6, background: r.sendStaffId === me ? '#bae0ff' : '#f5f5f5', whiteSpace: 'pre-wrap', textAlign: 'left', marginLeft: 8 }}>
                    {r.content}
                  </div>
                </div>
              ))}
              <div ref={bottom} />
            </div>
            <Space.Compact style={{ marginTop: 8 }}>
              <Input.TextArea value={text} maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} placeholder="输入消息，Enter 发送"
                onChange={(e) => setText(e.target.value)}
                onPressEnter={(e) => { if (!e.shiftKey) { e.preventDefault(); send(); } }} />
              <Button type="primary" onClick={send} disabled={!text.trim()}>发送</Button>
            </Space.Compact>
          </>
        )}
      </Card>
    </div>
  );
}
