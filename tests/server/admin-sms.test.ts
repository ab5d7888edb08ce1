/**
 * 短信发送记录 (issue 10): the SMS outbox's records for 系统管理 only, in the caller's
 * organisation, searchable by mobile, status, business type, template and time; 重发 puts failed
 * messages back in the outbox (all or none) and a provider then sends them; 刷新状态 sends what
 * waits when a provider is configured and says so when none is.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { drainSmsOutbox } from '../../server/resources/sms';

const R = '/api/v1/message-base/sms-record';

describe.each(await backends())('短信发送记录 on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let suzhou: string;
  let dispatch: string;

  beforeAll(async () => {
    h = await startHarness(backend);
    [admin, suzhou, dispatch] = [await h.login('admin'), await h.login('suzhou'), await h.login('dispatch')];
  });
  afterAll(async () => h?.close());

  const page = async (query: string, token = admin) => {
    const r = await h.call('GET', `${R}/page?pageSize=200&${query}`, { token });
    expect(r.status).toBe(200);
    return r.body.data as { list: Record<string, any>[]; total: number };
  };

  it('is 系统管理 only, and each organisation sees its own messages', async () => {
    expect((await h.call('GET', `${R}/page`, { token: dispatch })).status).toBe(403);
    expect((await h.call('POST', `${R}/resend`, { token: dispatch, data: { smsId: 1 } })).status).toBe(403);
    const all = await page('');
    // DOMAIN §8: 40 messages of the demo organisation, each state present.
    expect(all.total).toBe(40);
    const byStatus = (s: number) => all.list.filter((r) => r.status === s).length;
    expect(byStatus(2)).toBe(2);
    expect(byStatus(0)).toBeGreaterThan(0);
    expect(byStatus(1)).toBeGreaterThan(30);
    expect(new Set(all.list.map((r) => r.bizType))).toEqual(new Set([1, 2, 3, 4, 5]));
    const theirs = await page('', suzhou);
    expect(theirs.list.some((r) => all.list.some((a) => a.smsId === r.smsId))).toBe(false);
    // Another organisation's message is not there to read or resend.
    const failed = all.list.find((r) => r.status === 2)!;
    expect((await h.call('GET', `${R}/${failed.smsId}`, { token: suzhou })).status).toBe(404);
    expect((await h.call('POST', `${R}/resend`, { token: suzhou, data: { smsId: failed.smsId } })).status).toBe(404);
  });

  it('filters by mobile, status, business type, template and time', async () => {
    const all = (await page('')).list;
    const sample = all.find((r) => r.bizType === 3)!;
    const byMobile = await page(`mobile=${sample.mobile.slice(3, 9)}`);
    expect(byMobile.total).toBeGreaterThan(0);
    expect(byMobile.list.every((r) => r.mobile.includes(sample.mobile.slice(3, 9)))).toBe(true);
    const failed = await page('status=2');
    expect(failed.total).toBe(2);
    expect(failed.list.every((r) => r.status === 2 && r.errorCode)).toBe(true);
    const dispatches = await page('bizType=3');
    expect(dispatches.total).toBe(all.filter((r) => r.bizType === 3).length);
    const codes = await page('templateCode=LOGIN_CODE');
    expect(codes.total).toBeGreaterThan(0);
    expect(codes.list.every((r) => r.templateCode === 'LOGIN_CODE' && r.bizType === 2)).toBe(true);
    const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const start = day(new Date(Date.now() - 30 * 86400_000));
    const recent = await page(`createdAtStart=${start}&createdAtEnd=${day(new Date())}`);
    expect(recent.total).toBeGreaterThan(0);
    expect(recent.total).toBeLessThan(all.length);
    expect(recent.list.every((r) => day(new Date(r.createdAt)) >= start)).toBe(true);
    const combined = await page(`status=0&bizType=3&createdAtStart=${start}`);
    expect(combined.total).toBeGreaterThan(0);
    expect(combined.list.every((r) => r.status === 0 && r.bizType === 3)).toBe(true);
  });

  it('重发 puts failed messages back in the outbox (all or none); a provider then sends them', async () => {
    const failed = (await page('status=2')).list;
    const delivered = (await page('status=1')).list[0]!;
    const mixed = await h.call('POST', `${R}/resend`, { token: admin, data: { ids: [failed[0]!.smsId, delivered.smsId] } });
    expect(mixed.status).toBe(409);
    expect(mixed.body.msg).toBe('只有发送失败的短信可以重发');
    expect((await page('status=2')).total).toBe(2);
    const waiting = (await page('status=0')).list[0]!;
    expect((await h.call('POST', `${R}/resend`, { token: admin, data: { smsId: waiting.smsId } })).body.msg).toBe('短信正在发送中，无需重发');

    const r = await h.call('POST', `${R}/resend`, { token: admin, data: { smsId: failed[0]!.smsId } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ count: 1, status: 0 });
    expect(r.body.data.message).toContain('未配置短信服务');
    const again = (await h.call('GET', `${R}/${failed[0]!.smsId}`, { token: admin })).body.data;
    expect(again).toMatchObject({ status: 0, errorCode: null, sentAt: null });
    // An invitation's supplier shows the message is on its way again.
    if (failed[0]!.bizType === 1) {
      const sup = (await h.database.db.selectFrom('supplier').select('inviteSmsStatus').where('platformSupplierId', '=', failed[0]!.bizId).executeTakeFirstOrThrow()) as { inviteSmsStatus: number };
      expect(sup.inviteSmsStatus).toBe(0);
    }
    const sent: string[] = [];
    await drainSmsOutbox(h.database.db, { name: 'test', send: async (m) => { sent.push(String(m.smsId)); return { ok: true }; } }, 1000);
    expect(sent).toContain(String(failed[0]!.smsId));
    const done = (await h.call('GET', `${R}/${failed[0]!.smsId}`, { token: admin })).body.data;
    expect(done).toMatchObject({ status: 1, errorCode: null });
    expect(done.attempts).toBe(failed[0]!.attempts + 1);
  });

  it('刷新状态 sends what waits through the configured provider, and says when there is none', async () => {
    // A message that waits (the previous test's drain sent the demo's).
    const failed = (await page('status=2')).list[0]!;
    await h.call('POST', `${R}/resend`, { token: admin, data: { smsId: failed.smsId } });
    const none = await h.call('POST', `${R}/refresh-status`, { token: admin, data: { smsId: failed.smsId } });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ status: 0, statusName: '发送中' });
    expect(none.body.data.message).toContain('未配置短信服务');

    const received: any[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => { received.push(JSON.parse(body)); res.statusCode = 200; res.end('{}'); });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    process.env.SMS_WEBHOOK_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const r = await h.call('POST', `${R}/refresh-status`, { token: admin, data: { smsId: failed.smsId } });
      expect(r.body.data).toMatchObject({ smsId: failed.smsId, status: 1, statusName: '成功', message: '当前状态：成功' });
      expect(received.some((m) => m.smsId === failed.smsId && m.mobile === failed.mobile)).toBe(true);
    } finally {
      delete process.env.SMS_WEBHOOK_URL;
      server.close();
    }
  });
});
