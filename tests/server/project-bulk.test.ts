import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, staffIdOf, today, userWith } from './project-helpers';

const B = '/api/v1/project-base/transport-bulk-cost-settle';
const C = '/api/v1/project-base/contract';
const P = '/api/v1/project-base/project';

describe.each(await backends())('大件成本结算 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let customerId: number;
  let supplierId: number;
  let businessTypeId: number;
  let depId: number;
  let pmStaff: number;
  let driver: number;
  let escort: number;
  // real records of 华运上海: a line's clue and schedule are looked up in the caller's organisation
  let clueA: number;
  let clueB: number;
  let scheduleId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'gm', 'bizmgr', 'pm', 'dispatch', 'business']) t[u] = await login(h, u);
    const db = h.database.db;
    const sh = (await db.selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
    customerId = ((await db.selectFrom('customer').select('customerId').where('orgId', '=', sh.orgId).where('verifyStatus', '=', 15).orderBy('customerId').executeTakeFirstOrThrow()) as { customerId: number }).customerId;
    supplierId = ((await db.selectFrom('supplier').select('supplierId').where('orgId', '=', sh.orgId).orderBy('supplierId').executeTakeFirstOrThrow()) as { supplierId: number }).supplierId;
    businessTypeId = ((await db.selectFrom('businessType').select('businessTypeId').orderBy('businessTypeId').executeTakeFirstOrThrow()) as { businessTypeId: number }).businessTypeId;
    depId = ((await db.selectFrom('department').select('depId').where('orgId', '=', sh.orgId).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as { depId: number }).depId;
    pmStaff = await staffIdOf(h, '沈国良');
    driver = await staffIdOf(h, '王建国');
    escort = await staffIdOf(h, '张伟');
    const clues = (await db.selectFrom('clue').select('clueId').where('orgId', '=', sh.orgId).orderBy('clueId').limit(2).execute()) as { clueId: number }[];
    [clueA, clueB] = clues.map((c) => c.clueId) as [number, number];
    scheduleId = ((await db.selectFrom('transportSchedule').select('scheduleId').where('orgId', '=', sh.orgId).orderBy('scheduleId').executeTakeFirstOrThrow()) as { scheduleId: number }).scheduleId;
  });
  afterAll(async () => h?.close());

  async function project() {
    const c = ok(await h.call('POST', `${C}/save`, { token: t.bizmgr, data: {
      name: `大件合同${Math.random().toString(36).slice(2, 7)}`, contractType: 1, customerId, contractKind: 1, amount: '500000.00', taxRate: 9,
      signDate: today(-20), startDate: today(-10), endDate: today(100), ownerStaffId: pmStaff } }));
    await force(h, 'contract', 'contractId', c.contractId, { auditState: 15, contractState: 10 });
    const p = ok(await h.call('POST', `${P}/save`, { token: t.pm, data: {
      name: `大件项目${Math.random().toString(36).slice(2, 7)}`, customerId, incomeContractId: c.contractId, businessTypeId, serviceCategory: 1,
      projectManagerStaffId: pmStaff, depId, startDate: today(-5) } }));
    await force(h, 'project', 'projectId', p.projectId, { auditState: 15, runState: 10 });
    return p as { projectId: number };
  }
  async function costContract() {
    const c = ok(await h.call('POST', `${C}/save`, { token: t.pm, data: {
      name: `吊装框架合同${Math.random().toString(36).slice(2, 7)}`, contractType: 2, supplierId, contractKind: 2, amount: 0, taxRate: 13, invoiceType: 1,
      signDate: today(-30), startDate: today(-30), endDate: today(300), ownerStaffId: pmStaff } }));
    await force(h, 'contract', 'contractId', c.contractId, { auditState: 15, contractState: 10 });
    return c as { contractId: number };
  }
  async function lines(owner: Record<string, number>) {
    const cc = await costContract();
    const staff = ok(await h.call('POST', `${B}/staff-cost-settle/save`, { token: t.pm, data: { ...owner, staffId: driver, post: 1, startDate: today(-4), endDate: today(-2), days: 3, dailyAllowance: '300.00', mealAmount: '150.00', lodgingAmount: '400.00' } }));
    const escortLine = ok(await h.call('POST', `${B}/staff-cost-settle/save`, { token: t.pm, data: { ...owner, staffId: escort, post: 2, startDate: today(-4), endDate: today(-2), days: 2, dailyAllowance: '200.00', mealAmount: 0 } }));
    const truck = ok(await h.call('POST', `${B}/truck-cost-settle/save`, { token: t.pm, data: { ...owner, truckLicensePlate: '沪DK7352', scheduleId, emptyKm: 120, loadedKm: 260, fuelAmount: '2800.00', tollAmount: '1650.00', depreciationAmount: '900.00', tyreAmount: 0, maintenanceAmount: 0, insuranceAmount: 0 } }));
    const contract = ok(await h.call('POST', `${B}/contract-cost-settle/save`, { token: t.pm, data: { ...owner, costContractId: cc.contractId, content: '500吨汽车吊租赁', quantity: 1, unit: '台班', unitPrice: '22600.00', amount: '22600.00' } }));
    return { staff, escortLine, truck, contract, cc };
  }

  it('serves every seed call of seed 002 §7.8 (config is the 运力资源 area\'s)', async () => {
    const p = await project();
    const l = await lines({ projectId: p.projectId });
    const clueId = clueA;
    await lines({ clueId });
    const calls: [string, string][] = [
      ['GET', `${B}/${p.projectId}/cost-settle`], ['GET', `${B}/clue/${clueId}/cost-settle`],
      ['GET', `${B}/${p.projectId}/list-staff-cost-settle`], ['GET', `${B}/clue/${clueId}/list-staff-cost-settle`],
      ['GET', `${B}/${p.projectId}/list-contract-cost-settle`], ['GET', `${B}/clue/${clueId}/list-contract-cost-settle`],
      ['GET', `${B}/contract-cost-settle/${l.contract.contractSettleId}`], ['GET', `${B}/staff-cost-settle/${l.staff.staffSettleId}`],
      ['GET', `${B}/truck-cost-settle/schedule/${scheduleId}/${encodeURIComponent('沪DK7352')}`], ['GET', `${B}/truck-cost-settle/clue/${clueId}/${encodeURIComponent('沪DK7352')}`],
      ['GET', `${B}/truck-cost-settle/project/${p.projectId}`], ['GET', `${B}/clue/${clueId}/list-truck-cost-settle`],
      ['GET', `${B}/${pmStaff}/list-staff-expense-project`],
    ];
    for (const [m, url] of calls) expect((await h.call(m as 'GET', url, { token: t.pm })).status, url).toBe(200);
    // saves were exercised above; the deletes:
    const extra = await lines({ clueId: clueB });
    for (const [kind, id] of [['staff-cost-settle', extra.staff.staffSettleId], ['truck-cost-settle', extra.truck.truckSettleId], ['contract-cost-settle', extra.contract.contractSettleId]] as const) {
      expect((await h.call('DELETE', `${B}/${kind}/${id}`, { token: t.pm })).status).toBe(200);
      expect((await h.call('GET', `${B}/${kind}/${id}`, { token: t.pm })).status).toBe(404);
    }
  });

  it('lists by owner from the path, and sums per owner', async () => {
    const a = await project();
    const b = await project();
    await lines({ projectId: a.projectId });
    await lines({ projectId: b.projectId });
    const listA = ok(await h.call('GET', `${B}/${a.projectId}/list-staff-cost-settle`, { token: t.pm }));
    expect(listA).toHaveLength(2);
    expect(listA.every((r: any) => r.projectId === a.projectId)).toBe(true);
    const truck = ok(await h.call('GET', `${B}/truck-cost-settle/schedule/${scheduleId}/${encodeURIComponent('沪DK7352')}?projectId=${a.projectId}`, { token: t.pm }));
    expect(truck).toHaveLength(1);
    const s = ok(await h.call('GET', `${B}/${a.projectId}/cost-settle`, { token: t.pm }));
    // staff 3×300 + 150 + 400 = 1450 and 2×200 = 400; truck 2800 + 1650 + 900 = 5350; contract 22600
    expect(s).toMatchObject({ staff: { count: 2, total: '1850.00' }, truck: { count: 1, total: '5350.00' }, contract: { count: 1, total: '22600.00' }, total: '29800.00', unapplied: '29800.00' });
  });

  it('a line belongs to a project or a clue, not both or neither; a cost line needs an approved cost contract', async () => {
    const p = await project();
    const both = await h.call('POST', `${B}/staff-cost-settle/save`, { token: t.pm, data: { projectId: p.projectId, clueId: 5, staffId: driver, post: 1, startDate: today(), endDate: today(), days: 1 } });
    expect(both.body.msg).toBe('请选择项目或线索（二选一）');
    const none = await h.call('POST', `${B}/truck-cost-settle/save`, { token: t.pm, data: { truckLicensePlate: '沪DK7352' } });
    expect(none.body.msg).toBe('请选择项目或线索（二选一）');
    const tooMany = await h.call('POST', `${B}/staff-cost-settle/save`, { token: t.pm, data: { projectId: p.projectId, staffId: driver, post: 1, startDate: today(-1), endDate: today(), days: 3 } });
    expect(tooMany.body.msg).toBe('出车天数不能超过期间天数（2天）');
    const income = ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm }));
    const wrong = await h.call('POST', `${B}/contract-cost-settle/save`, { token: t.pm, data: { projectId: p.projectId, costContractId: income.incomeContractId, content: '错误', amount: '1.00' } });
    expect(wrong.body.msg).toBe('请选择已审核通过的成本合同');
  });

  it('an approved application books each line as a cost item; its lines are frozen while applied for', async () => {
    const p = await project();
    const l = await lines({ projectId: p.projectId });
    const saved = ok(await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { projectId: p.projectId, periodStart: today(-5), periodEnd: today() } }));
    const apply = ok(await h.call('GET', `${B}/apply/${saved.applyId}`, { token: t.pm }));
    expect(apply).toMatchObject({ lineCount: 4, staffTotal: '1850.00', truckTotal: '5350.00', contractTotal: '22600.00', total: '29800.00', auditState: 0 });
    expect(apply.applyNo).toMatch(/^DJ\d{10}$/);
    const nothingLeft = await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { projectId: p.projectId, periodStart: today(-5), periodEnd: today() } });
    expect(nothingLeft.body.msg).toBe('没有待申请的结算明细');
    ok(await h.call('POST', `${B}/apply/submit`, { token: t.pm, data: { applyId: apply.applyId } }));
    const frozen = await h.call('DELETE', `${B}/staff-cost-settle/${l.staff.staffSettleId}`, { token: t.pm });
    expect([frozen.status, frozen.body.msg]).toEqual([409, '结算申请审核中或已通过，明细不能修改']);
    expect((await h.call('POST', `${B}/apply/audit`, { token: t.pm, data: { applyId: apply.applyId, pass: true } })).status).toBe(403);
    const before = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${p.projectId}&source=2`, { token: t.pm }));
    expect(before.total).toBe(0);
    ok(await h.call('POST', `${B}/apply/audit`, { token: t.gm, data: { applyId: apply.applyId, pass: true, comment: '同意' } }));
    const items = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${p.projectId}&source=2&pageSize=50`, { token: t.pm })).list as any[];
    expect(items.map((i) => i.amount).sort()).toEqual(['1450.00', '22600.00', '400.00', '5350.00'].sort());
    expect(items.every((i) => i.costType === 6 && i.sourceId === apply.applyId && i.itemStatus === 10)).toBe(true);
    const crane = items.find((i) => i.amount === '22600.00');
    expect(crane).toMatchObject({ supplierId, payeeKind: 1, taxRate: 13, invoiceType: 1, amountExclTax: '20000.00' });
    expect(items.find((i) => i.amount === '1450.00')).toMatchObject({ payeeKind: 2, staffId: driver });
    const after = ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm }));
    expect(after.confirmedCost).toBe('27200.00');
    expect(ok(await h.call('GET', `${B}/apply/${apply.applyId}`, { token: t.pm })).reviewedAt).toBeTruthy();
  });

  it('on a clue the costs are 线索直接成本 (costType 3)', async () => {
    const clueId = 88001;
    await lines({ clueId });
    const apply = ok(await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { clueId, periodStart: today(-5), periodEnd: today() } }));
    ok(await h.call('POST', `${B}/apply/submit`, { token: t.pm, data: { applyId: apply.applyId } }));
    ok(await h.call('POST', `${B}/apply/audit`, { token: t.gm, data: { applyId: apply.applyId, pass: true } }));
    const items = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?clueId=${clueId}&pageSize=50`, { token: t.pm })).list as any[];
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.costType === 3 && i.projectId === null)).toBe(true);
  });

  it('a rejected application returns its lines to editing; deleting it frees them', async () => {
    const p = await project();
    const l = await lines({ projectId: p.projectId });
    const apply = ok(await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { projectId: p.projectId, periodStart: today(-5), periodEnd: today() } }));
    ok(await h.call('POST', `${B}/apply/submit`, { token: t.pm, data: { applyId: apply.applyId } }));
    ok(await h.call('POST', `${B}/apply/audit`, { token: t.gm, data: { applyId: apply.applyId, pass: false, comment: '住宿费超标' } }));
    const line = ok(await h.call('GET', `${B}/staff-cost-settle/${l.staff.staffSettleId}`, { token: t.pm }));
    ok(await h.call('PUT', `${B}/staff-cost-settle/${line.staffSettleId}`, { token: t.pm, data: { version: line.version, lodgingAmount: '300.00' } }));
    expect(ok(await h.call('GET', `${B}/apply/${apply.applyId}`, { token: t.pm })).total).toBe('29700.00');
    ok(await h.call('DELETE', `${B}/apply/${apply.applyId}`, { token: t.pm }));
    expect(ok(await h.call('GET', `${B}/staff-cost-settle/${line.staffSettleId}`, { token: t.pm })).applyId).toBeNull();
  });

  it('apply state machine: each transition only from its states and with its permission', async () => {
    const editor = await userWith(h, ['项目管理:项目:成本结算']);
    const other = await userWith(h, ['项目管理:项目:编辑', '项目管理:项目:审核']);
    const cases = [{ name: 'submit', from: [0, 10] }, { name: 'withdraw', from: [5] }];
    for (const c of cases) {
      for (const state of [0, 5, 10, 15]) {
        const p = await project();
        await lines({ projectId: p.projectId });
        const apply = ok(await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { projectId: p.projectId, periodStart: today(-5), periodEnd: today() } }));
        await force(h, 'bulkCostSettleApply', 'applyId', apply.applyId, { auditState: state });
        expect((await h.call('POST', `${B}/apply/${c.name}`, { token: other.token, data: { applyId: apply.applyId } })).status).toBe(403);
        const r = await h.call('POST', `${B}/apply/${c.name}`, { token: editor.token, data: { applyId: apply.applyId } });
        if (c.from.includes(state)) expect(r.status, `${c.name} from ${state}`).toBe(200);
        else expect([r.status, r.body.msg], `${c.name} from ${state}`).toEqual([409, '当前状态不允许该操作']);
      }
    }
  });

  it('a closed project takes no new bulk settles (409 项目已关账)', async () => {
    const p = await project();
    const l = await lines({ projectId: p.projectId });
    const apply = ok(await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { projectId: p.projectId, periodStart: today(-5), periodEnd: today() } }));
    ok(await h.call('POST', `${B}/apply/submit`, { token: t.pm, data: { applyId: apply.applyId } }));
    await force(h, 'project', 'projectId', p.projectId, { runState: 30 });
    const refused = [
      await h.call('POST', `${B}/staff-cost-settle/save`, { token: t.pm, data: { projectId: p.projectId, staffId: driver, post: 1, startDate: today(), endDate: today(), days: 1 } }),
      await h.call('POST', `${B}/truck-cost-settle/save`, { token: t.pm, data: { projectId: p.projectId, truckLicensePlate: '沪DK7353' } }),
      await h.call('POST', `${B}/contract-cost-settle/save`, { token: t.pm, data: { projectId: p.projectId, costContractId: l.cc.contractId, content: '护送', amount: '100.00' } }),
      await h.call('POST', `${B}/apply/save`, { token: t.pm, data: { projectId: p.projectId, periodStart: today(-5), periodEnd: today() } }),
      await h.call('POST', `${B}/apply/audit`, { token: t.gm, data: { applyId: apply.applyId, pass: true } }),
    ];
    for (const r of refused) expect([r.status, r.body.msg]).toEqual([409, '项目已关账']);
  });

  it('lists the projects a staff member may claim expenses against: only one\'s own unless project or finance staff', async () => {
    const p = await project();
    await lines({ projectId: p.projectId });
    const mine = ok(await h.call('GET', `${B}/${driver}/list-staff-expense-project`, { token: t.pm }));
    expect(mine.some((r: any) => r.projectId === p.projectId)).toBe(true);
    expect((await h.call('GET', `${B}/${driver}/list-staff-expense-project`, { token: t.business })).status).toBe(403);
    const business = await staffIdOf(h, '周慧敏');
    expect(ok(await h.call('GET', `${B}/${business}/list-staff-expense-project`, { token: t.business }))).toEqual([]);
  });
});
