/**
 * 财务配置 (issue 19, configuration part): every seed 002 §7.9 call of invoice tax configs, fee
 * subjects and 收支类型 answers in the shape the seed reads on the demo data; the rules a user meets
 * (unique names and codes, a type with children or in use can't be deleted, writes need 财务:配置,
 * the bank list), the organisation boundary, and the ledger typed by these records (an income item
 * takes a 收入 type only; documents' rows get their type, and the type's fee subject, by themselves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login } from './project-helpers';
import { windowRange } from '../../server/crud/report';

const F = '/api/v1/finance-base';
const TAX = `${F}/finance-invoice-tax-config`;
const SUBJ = `${F}/finance-fee-subject-config`;
const TYPE = `${F}/finance-income-cost-type`;
const BANK = `${F}/bank-account`;
/** runState 关账: no ledger rows are booked there */
const PROJECT_CLOSED = 30;

describe.each(await backends())('财务配置 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const get = async (url: string, who = 'finance') => ok(await h.call('GET', url, { token: t[who] }));
  const post = async (url: string, data: unknown, who = 'finance') => ok(await h.call('POST', url, { token: t[who], data }));
  const refused = async (r: Promise<{ status: number; body: any }>, status: number, msg?: string | RegExp) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
    else if (msg) expect(res.body.msg).toMatch(msg);
    return res.body;
  };
  const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

  beforeAll(async () => {
    h = await startHarness(backend);
    t.finance = await login(h, 'finance');
    t.cashier = await login(h, 'cashier');
    t.pm = await login(h, 'pm');
    t.suzhou = await login(h, 'suzhou');
  });
  afterAll(async () => h?.close());

  it('demo data: the seed calls answer in the seed\'s shapes', async () => {
    // invoice tax configs are read with pageSize 1000 from data.list
    const taxes = await get(`${TAX}/list?pageNo=1&pageSize=1000`);
    const special = taxes.list.find((c: any) => c.name === '运输服务-专票9%');
    expect(special).toMatchObject({ taxRate: 9, goodsName: '*运输服务*国内道路货物运输服务', isDefault: true });
    expect(taxes.list.map((c: any) => c.goodsName)).toContain('*物流辅助服务*仓储服务');
    expect(taxes.list.filter((c: any) => c.isDefault)).toHaveLength(1);
    expect((await get(`${TAX}/${special.configId}`)).name).toBe('运输服务-专票9%');

    const subjects = await get(`${SUBJ}/list?pageNo=1&pageSize=1000`);
    const pl = (await get(`${SUBJ}/list-profit-loss-subject`)) as any[];
    expect(pl.map((s) => s.code)).toEqual(expect.arrayContaining(['6001', '6051', '6301', '6401', '6402', '6403', '6601', '6602', '6603', '6711']));
    expect(pl).toHaveLength(10);
    expect(pl.every((s) => s.isProfitLoss)).toBe(true);
    const freightOut = subjects.list.find((s: any) => s.name === '外协运费');
    expect(freightOut.parentConfigId).toBe(pl.find((s) => s.code === '6401').configId);
    expect(subjects.refs.financeFeeSubjectConfig[freightOut.parentConfigId]).toBe('主营业务成本');
    expect((await get(`${SUBJ}/${freightOut.configId}`)).code).toBe('640101');

    const costTree = (await get(`${TYPE}/list-tree?type=1`)) as any[];
    const incomeTree = (await get(`${TYPE}/list-tree?type=2`)) as any[];
    expect(costTree.map((n) => n.name)).toEqual(['运输成本', '装卸吊装', '大件专项', '仓储成本', '保险费', '商务费用', '踏勘方案']);
    expect(incomeTree.map((n) => n.name)).toEqual(['运输收入', '装卸吊装收入', '仓储收入', '转运收入', '其他收入']);
    const own = costTree[0].children.find((n: any) => n.name === '自有车辆成本');
    expect(own.children.map((n: any) => n.name)).toEqual(['燃油', '路桥', '折旧', '司机补贴']);
    expect(flat(costTree).every((n) => n.type === 1)).toBe(true);
    expect(flat(incomeTree).every((n) => n.type === 2)).toBe(true);
    expect((await get(`${TYPE}/${own.typeId}`)).name).toBe('自有车辆成本');

    const banks = await get(`${BANK}/page?pageNo=1&pageSize=20`);
    expect(banks.list.filter((b: any) => b.isDefault)).toMatchObject([{ accountType: 1 }]);
  });

  it('saves by the body\'s id, keeps names and codes unique, and refuses deleting what is used', async () => {
    const pl = (await get(`${SUBJ}/list-profit-loss-subject`)) as any[];
    const mgmt = pl.find((s) => s.code === '6602');
    const made = await post(`${SUBJ}/save`, { name: '办公费', code: '660202', type: 1, parentConfigId: mgmt.configId });
    expect(made.configId).toBeGreaterThan(0);
    const changed = await post(`${SUBJ}/save`, { configId: made.configId, version: made.version, name: '办公用品费' });
    expect(changed).toMatchObject({ configId: made.configId, name: '办公用品费', code: '660202' });
    await refused(h.call('POST', `${SUBJ}/save`, { token: t.finance, data: { name: '办公费2', code: '660202', type: 1 } }), 409, '本单位已有该科目编码');
    await refused(h.call('POST', `${SUBJ}/save`, { token: t.finance, data: { name: '主营业务收入', code: '9999', type: 2 } }), 409, '本单位已有同名费用科目');
    // a 损益科目 is the top level; a fee subject hangs under a 损益科目 of its own direction
    await refused(h.call('POST', `${SUBJ}/save`, { token: t.finance, data: { name: '营业外杂项', code: '6799', type: 1, isProfitLoss: true, parentConfigId: mgmt.configId } }), 400, '损益科目不能再设所属损益科目');
    await refused(h.call('POST', `${SUBJ}/save`, { token: t.finance, data: { name: '错挂科目', code: '660299', type: 2, parentConfigId: mgmt.configId } }), 400);
    // a 损益科目 with fee subjects under it is in use
    await refused(h.call('DELETE', `${SUBJ}/${mgmt.configId}`, { token: t.finance }), 409, /已被.*使用，不能删除/);
    ok(await h.call('DELETE', `${SUBJ}/${made.configId}`, { token: t.finance }));

    const tax = await post(`${TAX}/save`, { name: '运输服务-专票9%', invoiceType: 1, taxRate: 9 }).catch(() => null);
    expect(tax).toBeNull();
    await refused(h.call('POST', `${TAX}/save`, { token: t.finance, data: { name: '运输服务-专票9%', invoiceType: 1, taxRate: 9 } }), 409, '本单位已有同名发票税率配置');

    // 收支类型: a node with children, or used by a ledger row, stays
    const costTree = (await get(`${TYPE}/list-tree?type=1`)) as any[];
    await refused(h.call('DELETE', `${TYPE}/${costTree[0].typeId}`, { token: t.finance }), 409, /下还有下级/);
    const freightOut = flat(costTree).find((n) => n.code === 'C_TRANS_OUT');
    await refused(h.call('DELETE', `${TYPE}/${freightOut.typeId}`, { token: t.finance }), 409, /已被.*使用，不能删除/);
    const leaf = await post(`${TYPE}/save`, { name: '停车费', code: 'C_OWN_PARK', type: 1, parentId: costTree[0].typeId });
    await refused(h.call('POST', `${TYPE}/save`, { token: t.finance, data: { name: '停车费', type: 1, parentId: costTree[0].typeId } }), 409, '同级已有同名收支类型');
    // a 收入 node can't hang under a 成本 node
    await refused(h.call('POST', `${TYPE}/save`, { token: t.finance, data: { name: '杂项收入', type: 2, parentId: costTree[0].typeId } }), 400);
    ok(await h.call('DELETE', `${TYPE}/${leaf.typeId}`, { token: t.finance }));

    // bank accounts: the bank is one of the bank list
    await refused(h.call('POST', `${BANK}/save`, { token: t.finance, data: { accountName: '华运物流', bankName: '火星银行', accountNo: '6222020200112233' } }), 400, /不在银行列表中/);
    const acct = await post(`${BANK}/save`, { accountName: '华运物流', bankName: '招商银行', accountNo: '6222020200112233', accountType: 2 });
    await refused(h.call('POST', `${BANK}/save`, { token: t.finance, data: { accountName: '华运物流', bankName: '招商银行', accountNo: '6222020200112233' } }), 409, '本单位已有该银行账号');
    ok(await h.call('DELETE', `${BANK}/${acct.bankAccountId}`, { token: t.finance }));
  });

  it('reading for finance and project people; writing needs 财务:配置; another organisation sees its own', async () => {
    // 出纳 reads (付/收款账户, 税率) but doesn't configure
    expect((await get(`${TAX}/list?pageSize=1000`, 'cashier')).list.length).toBeGreaterThan(0);
    await refused(h.call('POST', `${TAX}/save`, { token: t.cashier, data: { name: '出纳新增', invoiceType: 1, taxRate: 6 } }), 403);
    await refused(h.call('POST', `${TYPE}/save`, { token: t.cashier, data: { name: '出纳新增', type: 1 } }), 403);
    await refused(h.call('POST', `${BANK}/save`, { token: t.cashier, data: { accountName: 'x', bankName: '招商银行', accountNo: '6222020200119999' } }), 403);
    // 项目经理 picks 收支类型 when entering ledger rows
    expect(((await get(`${TYPE}/list-tree?type=2`, 'pm')) as any[]).length).toBe(5);
    await refused(h.call('POST', `${SUBJ}/save`, { token: t.pm, data: { name: '项目新增', type: 1 } }), 403);
    await refused(h.call('GET', `${BANK}/page`, { token: t.pm }), 403);

    const shTypes = flat((await get(`${TYPE}/list-tree?type=1`)) as any[]);
    const szTypes = flat((await get(`${TYPE}/list-tree?type=1`, 'suzhou')) as any[]);
    expect(szTypes.length).toBeGreaterThan(0);
    expect(szTypes.some((n) => shTypes.some((s) => s.typeId === n.typeId))).toBe(false);
    await refused(h.call('GET', `${TYPE}/${szTypes[0].typeId}`, { token: t.finance }), 404);
    await refused(h.call('DELETE', `${TYPE}/${szTypes[szTypes.length - 1].typeId}`, { token: t.finance }), 404);
  });

  it('the ledger: an income item takes a 收入 type only, and its fee subject follows the type', async () => {
    const costTree = flat((await get(`${TYPE}/list-tree?type=1`)) as any[]);
    const incomeTree = flat((await get(`${TYPE}/list-tree?type=2`)) as any[]);
    const urgent = incomeTree.find((n) => n.code === 'I_TRANS_URGENT');
    const project = (await get('/api/v1/project-base/project/page?pageNo=1&pageSize=50', 'pm')).list.find((p: any) => p.runState !== PROJECT_CLOSED) ?? null;
    expect(project).not.toBeNull();
    const base = { projectId: project.projectId, summary: '加急运费', amount: '1200.00', taxRate: 9, occurredDate: '2026-11-20' };
    await refused(h.call('POST', '/api/v1/project-base/income-item/save', { token: t.pm, data: { ...base, typeId: costTree[1].typeId } }), 400, /收支类型/);
    const item = ok(await h.call('POST', '/api/v1/project-base/income-item/save', { token: t.pm, data: { ...base, typeId: urgent.typeId } }));
    expect(item.typeId).toBe(urgent.typeId);
    expect(item.feeSubjectConfigId).toBe(urgent.defaultFeeSubjectConfigId);
    // a row entered without a type is typed by what it is
    const plain = ok(await h.call('POST', '/api/v1/project-base/income-item/save', { token: t.pm, data: { ...base, summary: '仓储费 11月' } }));
    expect(plain.typeId).toBe(incomeTree.find((n) => n.code === 'I_WH_STORE').typeId);
    // the demo ledger's rows carry their types (dispatch freight, manual freight, services)
    const costs = await get('/api/v1/project-base/cost-item/page?pageNo=1&pageSize=200');
    expect(costs.list.length).toBeGreaterThan(10);
    expect(costs.list.filter((c: any) => !c.typeId)).toEqual([]);
    const dispatched = costs.list.find((c: any) => c.source === 1);
    if (dispatched) expect(costTree.find((n) => n.typeId === dispatched.typeId)?.code).toMatch(/^C_TRANS_(OUT|DRIVER)$/);
  });

  it('财务明细汇总 groups the ledger by 收支类型 with its titles, and filters by one', async () => {
    const types = flat([...(await get(`${TYPE}/list-tree?type=1`)) as any[], ...(await get(`${TYPE}/list-tree?type=2`)) as any[]]);
    const report = await get(`${F}/finance-report/detail-sum?dims=typeId`);
    expect(report.dimensions.map((d: any) => d.title)).toEqual(['收支类型']);
    const freight = types.find((n) => n.code === 'I_TRANS_FREIGHT');
    const row = report.rows.find((r: any) => r.typeId === freight.typeId);
    expect(row.income).toBeGreaterThan(0);
    expect(row.cost).toBe(0);
    expect(report.refs.financeIncomeCostType[String(freight.typeId)]).toBe('运费');
    const outRow = report.rows.find((r: any) => r.typeId === types.find((n) => n.code === 'C_TRANS_OUT').typeId);
    expect(outRow.cost).toBeGreaterThan(0);
    const one = await get(`${F}/finance-report/detail-sum?dims=typeId&typeId=${freight.typeId}`);
    expect(one.rows).toHaveLength(1);
    expect(one.summary.income).toBeCloseTo(row.income, 2);
    expect(one.summary.cost).toBe(0);
  });

  it('收入成本报表: 损益科目 × 本月 / 本年累计 / 上年同期, as of a report date', async () => {
    const asOf = '2026-11-28';
    const pl = (await get(`${SUBJ}/list-profit-loss-subject`)) as any[];
    const main = pl.find((s) => s.code === '6001');
    const mainCost = pl.find((s) => s.code === '6401');
    const read = async () => get(`${F}/finance-report/income-cost?dims=plSubject&asOf=${asOf}`);
    const before = await read();
    expect(before.dimensions[0]).toMatchObject({ title: '损益科目', ref: 'financeFeeSubjectConfig' });
    expect(before.refs.financeFeeSubjectConfig[String(main.configId)]).toBe('主营业务收入');
    const row = (r: any, id: number) => r.rows.find((x: any) => x.plSubject === id) ?? {};
    expect(row(before, main.configId).incomeYtd).toBeGreaterThan(0);
    expect(row(before, mainCost.configId).costYtd).toBeGreaterThan(0);
    expect(row(before, main.configId).incomeYtd).toBeGreaterThanOrEqual(row(before, main.configId).incomeMonth);
    // 本年累计 is the year's ledger up to the report date, as the detail report sums it
    const ytd = await get(`${F}/finance-report/detail-sum?dims=month&occurredDateStart=2026-01-01&occurredDateEnd=${asOf}`);
    expect(before.summary.incomeYtd).toBeCloseTo(ytd.summary.income, 2);
    expect(before.summary.costYtd).toBeCloseTo(ytd.summary.cost, 2);

    // a row of last March counts in 上年同期 only; one of last December in neither
    const project = (await get('/api/v1/project-base/project/page?pageNo=1&pageSize=50', 'pm')).list.find((p: any) => p.runState !== PROJECT_CLOSED);
    const base = { projectId: project.projectId, summary: '运费(补录)', amount: '1090.00', taxRate: 9 };
    ok(await h.call('POST', '/api/v1/project-base/income-item/save', { token: t.pm, data: { ...base, occurredDate: '2025-03-01' } }));
    ok(await h.call('POST', '/api/v1/project-base/income-item/save', { token: t.pm, data: { ...base, occurredDate: '2025-12-01' } }));
    const after = await read();
    expect(row(after, main.configId).incomeLastYtd - (row(before, main.configId).incomeLastYtd ?? 0)).toBeCloseTo(1000, 2);
    expect(row(after, main.configId).incomeYtd).toBeCloseTo(row(before, main.configId).incomeYtd, 2);
  });
});

describe('report windows', () => {
  it('本月, 本年累计 and 上年同期 end on the report date (29 February a year earlier is the 28th)', () => {
    expect(windowRange('month', '2026-11-28')).toEqual(['2026-11-01', '2026-11-28']);
    expect(windowRange('ytd', '2026-11-28')).toEqual(['2026-01-01', '2026-11-28']);
    expect(windowRange('lastYtd', '2026-11-28')).toEqual(['2025-01-01', '2025-11-28']);
    expect(windowRange('lastYtd', '2028-02-29')).toEqual(['2027-01-01', '2027-02-28']);
  });
});
