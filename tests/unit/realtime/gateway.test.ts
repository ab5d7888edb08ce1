/** The gateway against fake sockets: slow consumers, delivery routing, kicks. No network. */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Gateway } from '../../../server/realtime/gateway';
import { encodeFrame } from '../../../server/realtime/frame';
import type { Session } from '../../../server/auth/session-types';

class FakeSocket extends EventEmitter {
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  closedWith?: number;
  send(data: Buffer | string) {
    this.sent.push(String(data));
  }
  close(code: number) {
    this.closedWith = code;
  }
  terminate() {
    this.terminated = true;
  }
  in(command: string, headers: Record<string, string>, body = '') {
    this.emit('message', encodeFrame(command, headers, body), false);
  }
}

const session = (staffId: number, sessionId = staffId): Session => ({ sessionId, accountId: 1, staffId, orgId: 1, corpId: 1, depId: null, permissions: [] });
const tick = () => new Promise((r) => setTimeout(r, 10));

let gw: Gateway;
afterEach(async () => gw?.close());

async function connected(staffId: number, sessionId = staffId) {
  const ws = new FakeSocket();
  (gw as any).accept(ws);
  ws.in('CONNECT', { 'accept-version': '1.2', 'access-token': `t${staffId}`, 'heart-beat': '5000,5000' });
  await tick();
  ws.in('SUBSCRIBE', { id: 'sub-0', destination: `/user/${staffId}/response` });
  await tick();
  void sessionId;
  return ws;
}

describe('gateway', () => {
  it('delivers only to the addressed staff, one MESSAGE per subscription', async () => {
    gw = new Gateway({ verify: async (t) => session(Number(t.slice(1))), onSend: async () => undefined });
    const a = await connected(1);
    const b = await connected(2);
    expect(a.sent[0]).toMatch(/^CONNECTED\nversion:1.2\nheart-beat:5000,5000/);
    expect(gw.deliver([1], { type: 'oa_message', msg: { type: 1, id: 5 } })).toBe(1);
    expect(a.sent.at(-1)).toMatch(/^MESSAGE\ndestination:\/user\/1\/response\nsubscription:sub-0\n[\s\S]*\n\n\{"type":"oa_message","msg":\{"type":1,"id":5\}\}\0$/);
    expect(b.sent).toHaveLength(1);
  });

  it('drops a consumer whose socket buffer is over the bound instead of buffering more', async () => {
    gw = new Gateway({ verify: async (t) => session(Number(t.slice(1))), onSend: async () => undefined, maxBufferedBytes: 1000 });
    const a = await connected(1);
    a.bufferedAmount = 5000;
    expect(gw.size).toBe(1);
    gw.deliver([1], { type: 'event_message', msg: { type: 2, id: 1 } });
    expect(a.terminated).toBe(true);
    expect(gw.size).toBe(0);
  });

  it('kick closes the sockets of a revoked session with an ERROR frame', async () => {
    gw = new Gateway({ verify: async (t) => session(Number(t.slice(1))), onSend: async () => undefined });
    const a = await connected(3);
    gw.kick([3]);
    expect(a.sent.at(-1)).toMatch(/^ERROR\nmessage:登录已失效/);
    expect(a.closedWith).toBe(1000);
    expect(gw.size).toBe(0);
  });

  it('answers SENDs beyond the budget on the error queue without calling the handler', async () => {
    let handled = 0;
    gw = new Gateway({ verify: async (t) => session(Number(t.slice(1))), onSend: async () => void handled++ });
    const a = await connected(6);
    a.in('SUBSCRIBE', { id: 'e', destination: '/user/6/error' });
    for (let i = 0; i < 55; i++) a.in('SEND', { destination: '/app/unread-message-count' }, '{}');
    await new Promise((r) => setTimeout(r, 100));
    expect(handled).toBe(50);
    expect(a.sent.filter((x) => x.includes('发送过于频繁'))).toHaveLength(5);
  });

  it('caps the sockets of one session', async () => {
    gw = new Gateway({ verify: async () => session(5, 50), onSend: async () => undefined });
    const sockets: FakeSocket[] = [];
    for (let i = 0; i < 21; i++) sockets.push(await connected(5));
    expect(sockets[19]!.sent[0]).toMatch(/^CONNECTED/);
    expect(sockets[20]!.sent[0]).toMatch(/^ERROR\nmessage:连接数过多/);
    expect(gw.size).toBe(20);
  });

  it('refuses frames before CONNECT and garbage', async () => {
    gw = new Gateway({ verify: async () => session(1), onSend: async () => undefined });
    const ws = new FakeSocket();
    (gw as any).accept(ws);
    ws.in('SUBSCRIBE', { id: '1', destination: '/user/1/response' });
    await tick();
    expect(ws.sent[0]).toMatch(/^ERROR\nmessage:请先发送 CONNECT/);
    const ws2 = new FakeSocket();
    (gw as any).accept(ws2);
    ws2.emit('message', Buffer.from('hello\nworld\n\n\0'), false);
    expect(ws2.sent[0]).toMatch(/^ERROR/);
  });
});
