import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, staffIdOf, today, userWith } from './project-helpers';

const I = '/api/v1/project-base/insurance-enquiry';
const R = '/api/v1/project-base/insurance-rate';

describe.each(await backends())('保险询价, 工人日报, 微信群消息 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let projectId: number;
  let leaf: number;
  let roadId: number;
  let railId: number;
  let org: { orgId: number; corpId: number };

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'pm', 'gm', 'dispatch', 'business']) t[u] = await login(h, u);
    t.planner = await h.login('planner', 'Planner@123');
    const db = h.database.db;
    org = (await db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number; corpId: number };
    const customerId = ((await db.selectFrom('customer').select('customerId').where('orgId', '=', org.orgId).where('verifyStatus', '=', 15).orderBy('customerId').executeTakeFirstOrThrow()) as { customerId: number }).customerId;
    const businessTypeId = ((await db.selectFrom('businessType').select('businessTypeId').orderBy('businessTypeId').executeTakeFirstOrThrow()) as { businessTypeId: number }).businessTypeId;
    const depId = ((await db.selectFrom('department').select('depId').where('orgId', '=', org.orgId).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as { depId: number }).depId;
    const pm = await staffIdOf(h, '沈国良');
    const p = ok(await h.call('POST', '/api/v1/project-base/project/save', { token: t.pm, data: {
      name: '上海电气临港—长兴220kV主变运输', customerId, businessTypeId, serviceCategory: 1, projectManagerStaffId: pm, depId, startDate: today(), wechatRoomName: '临港主变运输项目群' } }));
    projectId = p.projectId;
    await force(h, 'project', 'projectId', projectId, { auditState: 15, runState: 10 });
    // a general tree (公路 → 大件设备 → 综合险+吊装) and a railway tree (keyword 铁路)
    const road = ok(await h.call('POST', `${R}/save`, { token: t.planner, data: { name: '公路运输(测试)', transportMode: 1, sort: 1 } }));
    roadId = road.rateId;
    const heavy = ok(await h.call('POST', `${R}/save`, { token: t.planner, data: { parentId: road.rateId, name: '公路·大件设备', transportMode: 1, cargoCategory: '大件设备' } }));
    leaf = ok(await h.call('POST', `${R}/save`, { token: t.planner, data: { parentId: heavy.rateId, name: '公路·大件设备·综合险+吊装', transportMode: 1, cargoCategory: '大件设备', coverage: 3, rate: 1.2, minPremium: 500 } })).rateId;
    const rail = ok(await h.call('POST', `${R}/save`, { token: t.planner, data: { name: '铁路运输(测试)', transportMode: 2, keyword: '铁路', sort: 2 } }));
    railId = rail.rateId;
    ok(await h.call('POST', `${R}/save`, { token: t.planner, data: { parentId: rail.rateId, name: '铁路·普通货物·基本险', transportMode: 2, coverage: 1, rate: 0.3 } }));
    // the project's group bot (no webhook: messages are recorded, nothing leaves the machine)
    await db.insertInto('wechatBotTemplateRule').values({ ...org, templateId: 1, name: '保险询价提醒', triggerType: 1, enabled: true, mentionedMobiles: JSON.stringify([]) }).execute();
  });
  afterAll(async () => h?.close());

  it('serves the general and the railway rate trees', async () => {
    const general = ok(await h.call('GET', `${R}/list-tree`, { token: t.planner })) as any[];
    expect(general.length).toBeGreaterThan(0);
    expect(general.every((n) => !n.keyword)).toBe(true);
    const mine = general.find((n) => n.rateId === roadId);
    expect(mine.children[0].children[0]).toMatchObject({ rateId: leaf, name: '公路·大件设备·综合险+吊装', rate: '1.200' });
    const railway = ok(await h.call('GET', `${R}/list-tree?keyword=${encodeURIComponent('铁路')}`, { token: t.planner })) as any[];
    expect(railway.some((n) => n.rateId === railId)).toBe(true);
    expect(railway.every((n) => String(n.keyword).includes('铁路'))).toBe(true);
    expect(general.some((n) => n.rateId === railId)).toBe(false);
    expect((await h.call('GET', `${R}/list-tree`, { token: t.dispatch })).status).toBe(403);
  });

  it('an enquiry: preview, send to the project group, quote, insure → a 保险费 cost item', async () => {
    const e = ok(await h.call('POST', `${I}/save`, { token: t.planner, data: {
      projectId, cargoName: '220kV主变压器', packing: '裸装', cargoValue: '28000000.00', transportMode: 1, coverage: 3, rateId: leaf,
      fromAddress: '上海临港', toAddress: '湖州长兴变电站', startDate: today(3) } }));
    expect(e).toMatchObject({ enquiryNo: expect.stringMatching(/^BX\d{10}$/), refRate: '1.200', refPremium: '33600.00', status: 0 });
    // the stored preview is what the seed's preview call renders
    const preview = ok(await h.call('POST', '/api/v1/message-base/wechat-bot-message/preview-wechat-bot-insurance-message', { token: t.planner, data: {
      projectName: '上海电气临港—长兴220kV主变运输', insuranceType: '公路 · 综合险+吊装附加险', goodsName: '220kV主变压器（裸装）', goodsValue: '28000000.00',
      startAddress: '上海临港', endAddress: '湖州长兴变电站', transportDate: today(3), contactName: '郭振宇' } }));
    expect(e.botMessage).toBe(preview.content);
    expect(preview.content).toContain('货值：28,000,000.00 元');

    const sent = ok(await h.call('POST', `${I}/${e.insuranceEnquiryId}/send`, { token: t.planner, data: {} })).list[0];
    expect(sent.status).toBe(5);
    const got = ok(await h.call('GET', `${I}/${e.insuranceEnquiryId}`, { token: t.planner }));
    expect(got.wechatBotMessageId).toBeTruthy();
    const bot = (await h.database.db.selectFrom('wechatBotMessage').select(['content', 'status']).where('wechatBotMessageId', '=', got.wechatBotMessageId).executeTakeFirstOrThrow()) as { content: string; status: number };
    expect(bot).toEqual({ content: preview.content, status: 3 });
    const room = ok(await h.call('GET', `/api/v1/message-base/wechat-room-message/page?projectId=${projectId}`, { token: t.pm }));
    expect(room.list[0]).toMatchObject({ roomName: '临港主变运输项目群', direction: 2, content: preview.content });

    const wrong = await h.call('POST', `${I}/${e.insuranceEnquiryId}/quote`, { token: t.planner, data: { quotes: [{ insurer: '人保财险上海分公司', rate: 1.1 }], chosenInsurer: '平安产险', rate: 1.1 } });
    expect(wrong.body.msg).toBe('投保公司应为报价中的一家');
    ok(await h.call('POST', `${I}/${e.insuranceEnquiryId}/quote`, { token: t.planner, data: {
      quotes: [{ insurer: '人保财险上海分公司', rate: 1.1, deductible: '每次事故5000元' }, { insurer: '太平洋产险', rate: 1.25 }], chosenInsurer: '人保财险上海分公司', rate: 1.1 } }));
    expect(ok(await h.call('GET', `${I}/${e.insuranceEnquiryId}`, { token: t.planner })).premium).toBe('30800.00');
    const noPolicy = await h.call('POST', `${I}/${e.insuranceEnquiryId}/confirm`, { token: t.planner, data: {} });
    expect(noPolicy.status).toBe(400);
    ok(await h.call('POST', `${I}/${e.insuranceEnquiryId}/confirm`, { token: t.planner, data: { policyNo: 'PYDL202631010000012345' } }));
    const costs = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${projectId}&source=6`, { token: t.pm })).list;
    expect(costs).toHaveLength(1);
    expect(costs[0]).toMatchObject({ amount: '30800.00', costType: 6, sourceId: e.insuranceEnquiryId, taxRate: 6 });
    const locked = await h.call('PUT', `${I}/${e.insuranceEnquiryId}`, { token: t.planner, data: { version: got.version + 3, remark: '改' } });
    expect(locked.status).toBe(409);
  });

  it('the premium never falls below the minimum premium', async () => {
    const e = ok(await h.call('POST', `${I}/save`, { token: t.planner, data: { projectId, cargoName: '备件', cargoValue: '100000.00', transportMode: 1, coverage: 3, rateId: leaf, startDate: today() } }));
    expect(e.refPremium).toBe('500.00');
  });

  it('insurance state machine: each transition only from its states and with 项目管理:保险询价', async () => {
    const other = await userWith(h, ['项目管理:项目']);
    const body: Record<string, Record<string, unknown>> = {
      send: {}, quote: { quotes: [{ insurer: '人保财险上海分公司', rate: 1 }], chosenInsurer: '人保财险上海分公司', rate: 1 },
      confirm: { policyNo: 'P-1' }, cancel: { comment: '客户自行投保' },
    };
    const from: Record<string, number[]> = { send: [0], quote: [5, 10], confirm: [10], cancel: [0, 5, 10] };
    for (const name of Object.keys(from)) {
      for (const state of [0, 5, 10, 15, 20]) {
        const e = ok(await h.call('POST', `${I}/save`, { token: t.planner, data: { projectId, cargoName: '试验件', cargoValue: '500000.00', transportMode: 1, coverage: 2, rate: 1, startDate: today() } }));
        await force(h, 'insuranceEnquiry', 'insuranceEnquiryId', e.insuranceEnquiryId, { status: state });
        expect((await h.call('POST', `${I}/${e.insuranceEnquiryId}/${name}`, { token: other.token, data: body[name] })).status).toBe(403);
        const r = await h.call('POST', `${I}/${e.insuranceEnquiryId}/${name}`, { token: t.planner, data: body[name] });
        if (from[name]!.includes(state)) expect(r.status, `${name} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
        else expect([r.status, r.body.msg], `${name} from ${state}`).toEqual([409, '当前状态不允许该操作']);
      }
    }
  });

  it('a closed project takes no insurance (409 项目已关账)', async () => {
    const e = ok(await h.call('POST', `${I}/save`, { token: t.planner, data: { projectId, cargoName: '附件', cargoValue: '300000.00', transportMode: 1, coverage: 2, rate: 1, startDate: today() } }));
    await force(h, 'insuranceEnquiry', 'insuranceEnquiryId', e.insuranceEnquiryId, { status: 10 });
    await force(h, 'project', 'projectId', projectId, { runState: 30 });
    try {
      const created = await h.call('POST', `${I}/save`, { token: t.planner, data: { projectId, cargoName: '附件', cargoValue: '1.00', transportMode: 1, coverage: 2, startDate: today() } });
      expect([created.status, created.body.msg]).toEqual([409, '项目已关账']);
      const confirmed = await h.call('POST', `${I}/${e.insuranceEnquiryId}/confirm`, { token: t.planner, data: { policyNo: 'P-2' } });
      expect([confirmed.status, confirmed.body.msg]).toEqual([409, '项目已关账']);
    } finally {
      await force(h, 'project', 'projectId', projectId, { runState: 10 });
    }
  });

  it('worker dailies: hours within a day, summed by project', async () => {
    const bad = await h.call('POST', '/api/v1/project-base/worker-daily/save', { token: t.pm, data: { projectId, workDate: today(), workerName: '高志刚', post: 5, workContent: '轴线车拼装', workHours: 12, overtimeHours: 13 } });
    expect(bad.body.msg).toBe('工时与加班合计不能超过24小时');
    for (const [name, hours] of [['高志刚', 10], ['董海军', 9.5]] as const) {
      ok(await h.call('POST', '/api/v1/project-base/worker-daily/save', { token: t.pm, data: { projectId, workDate: today(), workerName: name, post: 5, workContent: '主变卸车与加固', workHours: hours, overtimeHours: 1 } }));
    }
    const r = ok(await h.call('GET', `/api/v1/project-base/worker-daily/hours?projectId=${projectId}&dims=projectId`, { token: t.pm }));
    expect(r.rows).toEqual([{ projectId, people: 2, hours: 19.5, overtime: 2 }]);
  });
});
