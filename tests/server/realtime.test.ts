import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { connectStomp, frame, rawSocket, startLive, type Live } from './realtime-helpers';
import { emitNotice, EVENT_ENQUIRY } from '../../server/messaging';

describe.each(await backends())('realtime channel on %s', (backend) => {
  let live: Live;
  let admin: { token: string; staffId: number; orgId: number };
  let business: { token: string; staffId: number; orgId: number };
  beforeAll(async () => {
    live = await startLive(backend, { heartbeatMs: 500, silentTimeoutMs: 1500 });
    admin = await live.login('admin');
    business = await live.login('business');
  });
  afterAll(async () => live?.close());

  it('refuses CONNECT without a token, and with a bad one, with an ERROR frame and a close', async () => {
    for (const headers of [{}, { 'access-token': 'nope' }] as Record<string, string>[]) {
      const err = await connectStomp(live.wsUrl, headers).then(() => null, (e: Error) => e.message);
      expect(err).toMatch(/登录已过期|socket closed/);
    }
    const { ws } = await rawSocket(live.wsUrl);
    const got: string[] = [];
    ws!.on('message', (d) => got.push(String(d)));
    const closed = new Promise((r) => ws!.on('close', r));
    ws!.send(frame('CONNECT', { 'accept-version': '1.2', host: 'x' }));
    await closed;
    expect(got.join('')).toMatch(/^ERROR\n[\s\S]*message:登录已过期，请重新登录/);
  });

  it('refuses a token in the URL and a foreign Origin before the handshake', async () => {
    expect((await rawSocket(`${live.wsUrl}?access-token=${admin.token}`)).status).toBe(400);
    expect((await rawSocket(`${live.wsUrl}?token=${admin.token}`)).status).toBe(400);
    expect((await rawSocket(live.wsUrl, { origin: 'https://evil.example' })).status).toBe(403);
    const same = await rawSocket(live.wsUrl, { origin: live.base });
    expect(same.ws).toBeDefined();
    same.ws!.close();
  });

  it('accepts a valid token, negotiates heart-beats and refuses a foreign subscription', async () => {
    const c = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId);
    expect(c.client.connected).toBe(true);
    const errors: string[] = [];
    c.client.onStompError = (f) => errors.push(f.headers.message ?? '');
    const closed = new Promise<void>((r) => (c.client.onWebSocketClose = () => r()));
    c.client.subscribe(`/user/${admin.staffId}/response`, () => undefined);
    await closed;
    expect(errors).toEqual(['无权订阅该目的地']);
    await c.stop();
  });

  it('drops a client that stays silent, keeps one that sends heart-beats', async () => {
    const { ws } = await rawSocket(live.wsUrl);
    ws!.send(frame('CONNECT', { 'accept-version': '1.2', host: 'x', 'access-token': business.token, 'heart-beat': '0,0' }));
    const started = Date.now();
    await new Promise((r) => ws!.on('close', r));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    const c = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId, { heartbeat: 500 });
    await new Promise((r) => setTimeout(r, 2500));
    expect(c.client.connected).toBe(true);
    await c.stop();
  });

  it('pushes event_message after the notice is stored; the client fetches it, confirms it, and it leaves list-all', async () => {
    const c = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId);
    const [n] = await emitNotice(live.database.db, {
      orgId: business.orgId, corpId: 1, recipients: [business.staffId], message: '有新的询价单待报价', eventType: EVENT_ENQUIRY, eventSubjectId: 42,
    });
    const ev = await c.waitFor((e) => e.type === 'event_message');
    expect(ev.msg).toEqual({ type: 2, id: n!.noticeId });
    const got = await live.call('GET', `/api/v1/message-base/notice/2/${n!.noticeId}`, business.token);
    expect(got.data).toMatchObject({ id: n!.noticeId, type: 2, name: '', message: '有新的询价单待报价', eventType: 7, eventSubjectId: 42 });
    // list-all carries the content too: the box needs no request per notice.
    expect((await live.call('GET', '/api/v1/message-base/notice/list-all', business.token)).data).toContainEqual(
      expect.objectContaining({ type: 2, id: n!.noticeId, message: '有新的询价单待报价', eventType: 7, eventSubjectId: 42 }));
    // Someone else's notice is invisible.
    expect((await live.call('GET', `/api/v1/message-base/notice/2/${n!.noticeId}`, admin.token)).status).toBe(404);
    expect((await live.call('PUT', `/api/v1/message-base/notice/received/2/${n!.noticeId}`, business.token, {})).code).toBe(0);
    expect((await live.call('GET', '/api/v1/message-base/notice/list-all', business.token)).data).not.toContainEqual(expect.objectContaining({ type: 2, id: n!.noticeId }));
    await c.stop();
  });

  it('an OA notice from a colleague pushes oa_message and daily_message_count_message; closing the matter lowers the count', async () => {
    const c = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId);
    const before = (await live.call('GET', '/api/v1/message-base/message/count-daily-message', business.token)).data;
    const sent = await live.call('POST', '/api/v1/message-base/notice/send', admin.token, { staffIds: [business.staffId], message: '请于周五前提交报价' });
    expect(sent.data).toEqual({ count: 1 });
    const oa = await c.waitFor((e) => e.type === 'oa_message');
    expect(oa.msg.type).toBe(1);
    const count = await c.waitFor((e) => e.type === 'daily_message_count_message' && e.msg === before + 1);
    expect(count.msg).toBe(before + 1);
    const notice = await live.call('GET', `/api/v1/message-base/notice/1/${oa.msg.id}`, business.token);
    expect(notice.data.name).toBe('系统管理员');
    const open = (await live.call('GET', '/api/v1/message-base/message/list-un-handle-message', business.token)).data;
    expect(open[0]).toMatchObject({ message: '请于周五前提交报价', type: 2 });
    c.events.length = 0;
    expect((await live.call('POST', '/api/v1/message-base/message/close-message', business.token, { messageId: open[0].messageId })).data).toEqual({ count: 1 });
    expect((await c.waitFor((e) => e.type === 'daily_message_count_message')).msg).toBe(before);
    const ignored = await live.call('POST', '/api/v1/message-base/notice/ignore-all', business.token, {});
    expect(ignored.data.count).toBeGreaterThanOrEqual(1);
    expect((await live.call('GET', '/api/v1/message-base/notice/list-all', business.token)).data).toEqual([]);
    await c.stop();
  });

  it('enquiry-quote chat: send persists and reaches both sides, unread count and read-message answer on the sender destination', async () => {
    const a = await connectStomp(live.wsUrl, { 'access-token': admin.token }, admin.staffId);
    const b = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId);
    b.send('/app/send-message', { receiveStaffId: admin.staffId, enquiryId: 9, content: '这票货的保价怎么算？' });
    const echo = await b.waitFor((e) => e.type === 'enquiry_quote_message');
    expect(echo.msg).toMatchObject({ sendStaffId: business.staffId, receiveStaffId: admin.staffId, content: '这票货的保价怎么算？' });
    await a.waitFor((e) => e.type === 'enquiry_quote_message');
    const unread = await a.waitFor((e) => e.type === 'enquiry_quote_message_unread_count');
    expect(unread).toMatchObject({ msg: 1, sendStaffId: business.staffId, count: 1 });
    a.events.length = 0;
    a.send('/app/unread-message-count', {});
    expect((await a.waitFor((e) => e.type === 'enquiry_quote_message_unread_count')).msg).toBe(1);
    a.events.length = 0;
    a.send('/app/read-message', { sendStaffId: business.staffId });
    expect((await a.waitFor((e) => e.type === 'enquiry_quote_message_unread_count')).msg).toBe(0);
    const conv = await live.call('GET', `/api/v1/message-base/enquiry-quote-message/conversation?staffId=${business.staffId}`, admin.token);
    expect(conv.data.at(-1)).toMatchObject({ content: '这票货的保价怎么算？', enquiryId: 9 });
    expect(conv.data.at(-1).readAt).toBeTruthy();
    await a.stop();
    await b.stop();
  });

  it('answers a bad SEND with an error event on the error queue and stays connected', async () => {
    const b = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId);
    b.send('/app/send-message', { receiveStaffId: business.staffId, content: 'hi' });
    expect((await b.waitFor((e) => e.type === 'error')).msg).toBe('不能给自己发送消息');
    b.events.length = 0;
    b.send('/app/nowhere', {});
    expect((await b.waitFor((e) => e.type === 'error')).msg).toBe('不支持的目的地');
    expect(b.client.connected).toBe(true);
    await b.stop();
  });

  it('logging out closes that session\'s socket', async () => {
    const session = await live.login('business');
    const c = await connectStomp(live.wsUrl, { 'access-token': session.token }, session.staffId);
    const errors: string[] = [];
    c.client.onStompError = (f) => errors.push(f.headers.message ?? '');
    const closed = new Promise<void>((r) => (c.client.onWebSocketClose = () => r()));
    expect((await live.call('POST', '/api/v1/auth/logout', session.token, {})).code).toBe(0);
    await closed;
    expect(errors).toEqual(['登录已失效，请重新登录']);
    await c.stop();
  });

  it('switching organisation closes the old session\'s socket; the new token connects', async () => {
    const session = await live.login('admin');
    const c = await connectStomp(live.wsUrl, { 'access-token': session.token }, session.staffId);
    const closed = new Promise<void>((r) => (c.client.onWebSocketClose = () => r()));
    const orgs = (await live.call('GET', '/api/v1/auth/orgs', session.token)).data as { orgId: number; name: string }[];
    const suzhou = orgs.find((o) => o.name.includes('苏州'))!;
    const switched = await live.call('POST', '/api/v1/auth/switch-org', session.token, { orgId: suzhou.orgId });
    expect(switched.code).toBe(0);
    await closed;
    await c.stop();
    const me = (await live.call('GET', '/api/v1/auth/me', switched.data.token)).data;
    const again = await connectStomp(live.wsUrl, { 'access-token': switched.data.token }, me.staffId);
    expect(again.client.connected).toBe(true);
    await again.stop();
  });
});
