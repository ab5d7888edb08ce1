import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startLive, type Live } from './realtime-helpers';
import { drainOutbox, enqueueBotMessages, remindExpired, setBotTransport } from '../../server/messaging';
import { httpTransport } from '../../server/messaging/wechat-bot';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';

const RULES = '/api/v1/message-base/wechat-bot-message-template-rule';
const BOT = '/api/v1/message-base/wechat-bot-message';

describe.each(await backends())('messaging calls on %s', (backend) => {
  let live: Live;
  let admin: { token: string; staffId: number; orgId: number };
  let business: { token: string; staffId: number; orgId: number };
  let nobody: string;
  beforeAll(async () => {
    live = await startLive(backend);
    admin = await live.login('admin');
    business = await live.login('business');
    nobody = (await live.call('POST', '/api/v1/auth/login', undefined, { username: 'nobody', password: 'Nobody@123' })).data?.token;
  });
  afterAll(async () => {
    setBotTransport(httpTransport);
    await live?.close();
  });

  it('needs a session for notices and the wechat permission for bot rules', async () => {
    expect((await live.call('GET', '/api/v1/message-base/notice/list-all')).status).toBe(401);
    expect((await live.call('GET', '/api/v1/message-base/message/count-daily-message')).status).toBe(401);
    expect((await live.call('GET', `${RULES}/list-trigger-rule`, business.token)).status).toBe(403);
    expect((await live.call('POST', `${BOT}/preview-wechat-bot-insurance-message`, business.token, {})).status).toBe(403);
    void nobody;
  });

  it('previews the insurance bot message', async () => {
    const r = await live.call('POST', `${BOT}/preview-wechat-bot-insurance-message`, admin.token, {
      projectName: '华东干线', insuranceType: '货运险', goodsName: '电子元件', goodsValue: 1250000, startAddress: '上海', endAddress: '苏州',
    });
    expect(r.data.content).toBe('【保险询价】\n项目：华东干线\n险种：货运险\n货物：电子元件\n货值：1,250,000.00 元\n线路：上海 → 苏州');
  });

  it('saves, lists, enables, disables and deletes template rules', async () => {
    const bad = await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: '错配', triggerType: 3 });
    expect(bad.status).toBe(400);
    const insecure = await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: 'x', triggerType: 1, webhookUrl: 'http://x' });
    expect(insecure.status).toBe(400);
    // Only WeChat Work's webhook host: a rule can't make the server call an internal address.
    const foreign = await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: 'x', triggerType: 1, webhookUrl: 'https://10.0.0.1/hook' });
    expect(foreign.status).toBe(400);
    expect(foreign.body?.msg ?? foreign.msg).toMatch(/企业微信机器人地址/);
    const saved = (await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: '保险询价群', triggerType: 1 })).data;
    expect(saved).toMatchObject({ templateId: 1, name: '保险询价群', triggerType: 1, enabled: false });
    const renamed = (await live.call('POST', `${RULES}/save`, admin.token, { ruleId: saved.ruleId, version: saved.version, templateId: 1, name: '保险询价(华东)', triggerType: 1 })).data;
    expect(renamed.name).toBe('保险询价(华东)');
    const stale = await live.call('POST', `${RULES}/save`, admin.token, { ruleId: saved.ruleId, version: saved.version, templateId: 1, name: '旧', triggerType: 1 });
    expect(stale.status).toBe(409);
    expect((await live.call('POST', `${RULES}/enable`, admin.token, { ruleId: saved.ruleId })).data.enabled).toBe(true);
    expect((await live.call('GET', `${RULES}/1/list`, admin.token)).data.map((r: any) => r.ruleId)).toContain(saved.ruleId);
    expect((await live.call('GET', `${RULES}/2/list`, admin.token)).data).toEqual([]);
    const triggers = (await live.call('GET', `${RULES}/list-trigger-rule?templateId=1`, admin.token)).data;
    expect(triggers.map((t: any) => t.triggerType)).toEqual([1, 2]);
    expect(triggers[0].rules.map((r: any) => r.ruleId)).toEqual([saved.ruleId]);
    expect((await live.call('GET', `${RULES}/${saved.ruleId}`, admin.token)).data.name).toBe('保险询价(华东)');
    expect((await live.call('POST', `${RULES}/disable`, admin.token, { ruleId: saved.ruleId })).data.enabled).toBe(false);
    expect((await live.call('DELETE', `${RULES}/${saved.ruleId}`, admin.token)).code).toBe(0);
    expect((await live.call('GET', `${RULES}/${saved.ruleId}`, admin.token)).status).toBe(404);
  });

  it('bot outbox: records every message; without a webhook nothing is sent, with one the transport is used and retried', async () => {
    const sent: { url: string; payload: any }[] = [];
    let failNext = true;
    setBotTransport({
      async send(url, payload) {
        if (failNext) {
          failNext = false;
          throw new Error('网络错误');
        }
        sent.push({ url, payload });
      },
    });
    const local = (await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: '仅记录', triggerType: 2 })).data;
    const remote = (await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: '机器人', triggerType: 2, webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', mentionedMobiles: ['13800000001'] })).data;
    for (const r of [local, remote]) await live.call('POST', `${RULES}/enable`, admin.token, { ruleId: r.ruleId });
    expect(await enqueueBotMessages(live.database.db, { orgId: admin.orgId, corpId: 1, triggerType: 2, content: '【保险询价】测试' })).toBe(2);
    // The enqueue starts a drain of its own (which fails once); drain until the retry has gone out.
    let records: any[] = [];
    for (let i = 0; i < 50; i++) {
      await drainOutbox(live.database.db);
      records = (await live.call('GET', `${BOT}/list?triggerType=2`, admin.token)).data.list;
      if (records.some((r) => r.ruleId === remote.ruleId && r.status === 1)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const byRule = new Map(records.map((r: any) => [r.ruleId, r]));
    expect(byRule.get(local.ruleId)).toMatchObject({ status: 3, webhookUrl: null });
    expect(byRule.get(remote.ruleId)).toMatchObject({ status: 1, attempts: 2 });
    expect(sent).toEqual([{ url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', payload: { msgtype: 'text', text: { content: '【保险询价】测试', mentioned_mobile_list: ['13800000001'] } } }]);
  });

  it('a message queued inside a transaction goes out after the commit, recorded as sent once', async () => {
    const sent: string[] = [];
    setBotTransport({ async send(_url, payload: any) { sent.push(payload.text.content); } });
    const rule = (await live.call('POST', `${RULES}/save`, admin.token, { templateId: 1, name: '事务内机器人', triggerType: 1, webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=t' })).data;
    await live.call('POST', `${RULES}/enable`, admin.token, { ruleId: rule.ruleId });
    await live.database.db.transaction().execute(async (trx) => {
      expect(await enqueueBotMessages(trx, { orgId: admin.orgId, corpId: 1, triggerType: 1, content: '【保险询价】事务内' })).toBe(1);
      await new Promise((r) => setTimeout(r, 400));
      // nothing leaves before the commit
      expect(sent).toEqual([]);
    });
    let record: any;
    for (let i = 0; i < 100 && record?.status !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      record = (await live.call('GET', `${BOT}/list?triggerType=1`, admin.token)).data.list.find((r: any) => r.ruleId === rule.ruleId);
    }
    expect(record).toMatchObject({ status: 1, attempts: 1 });
    expect(sent).toEqual(['【保险询价】事务内']);
  });

  it('messages stored before eventType had one subject per code are moved to the code that opens their record', async () => {
    const db = live.database.db;
    const add = async (eventType: number | null, message: string) => ((await db.insertInto('notice').values({
      orgId: admin.orgId, corpId: 1, type: 2, recipientStaffId: admin.staffId, message, eventType, eventSubjectId: 7, status: 1,
    }).returning('noticeId').executeTakeFirstOrThrow()) as { noticeId: number }).noticeId;
    const ids = {
      demand: await add(8, '运输需求XQ2611010001（主变压器，2件 120吨，临港→长兴）待派车'),
      receipt: await add(8, '调度单DD2611010001（沪A12345）的回单被驳回：照片模糊，请重新上传'),
      approval: await add(8, '调度单「DD2611010002」调度审批，待您审批（调度主管）'),
      quote: await add(null, '对客报价「BJ2611010001」提交审核，待您审批（商务经理）'),
      bulk: await add(null, '您提交的大件成本结算申请「DJ2611010001」提交审核已审核通过'),
      enquiry: await add(7, '询价「测试」收到报价：上海大件'),
    };
    const file = readFileSync(join(__dirname, '../../server/db/migrations/011_event_types.sql'), 'utf8');
    for (const stmt of file.split(/;\s*(?:\n|$)/).map((x) => x.trim()).filter(Boolean)) await sql.raw(stmt).execute(db);
    const codes = Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([k, id]) => [k, ((await db.selectFrom('notice').select('eventType').where('noticeId', '=', id).executeTakeFirstOrThrow()) as { eventType: number | null }).eventType])));
    expect(codes).toEqual({ demand: 8, receipt: 9, approval: 14, quote: 15, bulk: 16, enquiry: 7 });
  });

  it('an expiry reminder is stored as a notice and a daily matter for its owner only', async () => {
    const [n] = await remindExpired(live.database.db, { orgId: business.orgId, corpId: 1, staffId: business.staffId, item: '营业执照' });
    const got = await live.call('GET', `/api/v1/message-base/notice/2/${n!.noticeId}`, business.token);
    expect(got.data.message).toBe('营业执照已过期, 请及时更新');
    const page = (await live.call('GET', '/api/v1/message-base/message/list?type=2&handled=false', business.token)).data;
    expect(page.list[0].message).toBe('营业执照已过期, 请及时更新');
    expect(page.total).toBeGreaterThanOrEqual(1);
    const adminPage = (await live.call('GET', '/api/v1/message-base/message/list', admin.token)).data;
    expect(adminPage.list.some((m: any) => m.message === '营业执照已过期, 请及时更新')).toBe(false);
    // A recipient outside the organisation is skipped.
    expect(await remindExpired(live.database.db, { orgId: 999, corpId: 1, staffId: business.staffId, item: 'x' })).toEqual([]);
  });
  it('a reminder opened (closed) leaves the count; the 首页 figure is the unhandled 待办 plus 提醒 the tabs show', async () => {
    await remindExpired(live.database.db, { orgId: business.orgId, corpId: 1, staffId: business.staffId, item: '道路运输证' });
    const count = async () => Number((await live.call('GET', '/api/v1/message-base/message/count-daily-message', business.token)).data);
    const tabs = async () => {
      const total = async (type: number) => (await live.call('GET', `/api/v1/message-base/message/list?type=${type}&handled=false&pageNo=1&pageSize=1`, business.token)).data.total as number;
      return (await total(1)) + (await total(2));
    };
    const before = await count();
    expect(before).toBe(await tabs());
    expect((await live.call('GET', '/api/v1/user-base/workbench/summary', business.token)).data.dailyMessageCount).toBe(before);
    const page = (await live.call('GET', '/api/v1/message-base/message/list?type=2&handled=false', business.token)).data;
    const m = page.list.find((x: any) => x.message === '道路运输证已过期, 请及时更新');
    expect(m).toBeTruthy();
    expect((await live.call('POST', '/api/v1/message-base/message/close-message', business.token, { messageId: m.messageId })).data).toEqual({ count: 1 });
    expect(await count()).toBe(before - 1);
    expect(await tabs()).toBe(before - 1);
    const handled = (await live.call('GET', '/api/v1/message-base/message/list?handled=true&pageSize=200', business.token)).data;
    expect(handled.list.some((x: any) => x.messageId === m.messageId)).toBe(true);
  });
});
