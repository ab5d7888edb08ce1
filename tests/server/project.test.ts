import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, staffIdOf, today, userWith } from './project-helpers';
import { rmbUppercase } from '../../server/project/contract-print';
import { refreshContractDates } from '../../server/project/jobs';
import { loadEntities } from '../../server/schema/load';

const C = '/api/v1/project-base/contract';
const P = '/api/v1/project-base/project';
const COST = '/api/v1/project-base/cost-item';
const INCOME = '/api/v1/project-base/income-item';

describe.each(await backends())('contracts, projects and the ledger on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let customerId: number;
  let otherCustomerId: number;
  let supplierId: number;
  let businessTypeId: number;
  let depId: number;
  let pmStaff: number;
  let bizmgrStaff: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'gm', 'bizmgr', 'pm', 'dispatch', 'business', 'suzhou']) t[u] = await login(h, u);
    const db = h.database.db;
    const sh = (await db.selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
    const customers = (await db.selectFrom('customer').select('customerId').where('orgId', '=', sh.orgId).where('verifyStatus', '=', 15).orderBy('customerId').limit(2).execute()) as { customerId: number }[];
    [customerId, otherCustomerId] = [customers[0]!.customerId, customers[1]!.customerId];
    supplierId = ((await db.selectFrom('supplier').select('supplierId').where('orgId', '=', sh.orgId).orderBy('supplierId').executeTakeFirstOrThrow()) as { supplierId: number }).supplierId;
    businessTypeId = ((await db.selectFrom('businessType').select('businessTypeId').orderBy('businessTypeId').executeTakeFirstOrThrow()) as { businessTypeId: number }).businessTypeId;
    depId = ((await db.selectFrom('department').select('depId').where('orgId', '=', sh.orgId).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as { depId: number }).depId;
    pmStaff = await staffIdOf(h, '沈国良');
    bizmgrStaff = await staffIdOf(h, '杨帆');
  });
  afterAll(async () => h?.close());

  const incomeContract = (over: Record<string, unknown> = {}) => ({
    name: `测试收入合同${Math.random().toString(36).slice(2, 7)}`, contractType: 1, customerId, contractKind: 1, amount: '1200000.00', taxRate: 9,
    signDate: today(-10), startDate: today(-5), endDate: today(200), ownerStaffId: bizmgrStaff,
    rates: [{ route: '临港—长兴', vehicleKind: '液压轴线车', unit: '车', unitPrice: 400000, taxRate: 9 }], ...over,
  });
  const costContract = (over: Record<string, unknown> = {}) => ({
    name: `测试成本合同${Math.random().toString(36).slice(2, 7)}`, contractType: 2, supplierId, contractKind: 2, amount: 0, taxRate: 9,
    signDate: today(-10), startDate: today(-5), endDate: today(200), ownerStaffId: pmStaff, ...over,
  });
  const ok = (r: { status: number; body: any }) => {
    expect(r.body.msg ?? '', JSON.stringify(r.body)).not.toBe(undefined);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const create = async (token: string, data: Record<string, unknown>) => ok(await h.call('POST', `${C}/save`, { token, data }));

  /** An approved income contract in force, through the real flow (bizmgr submits, gm approves). */
  async function approvedIncomeContract(over: Record<string, unknown> = {}) {
    const c = await create(t.bizmgr!, incomeContract(over));
    ok(await h.call('POST', `${C}/submit`, { token: t.bizmgr, data: { contractId: c.contractId } }));
    ok(await h.call('POST', `${C}/audit`, { token: t.gm, data: { contractId: c.contractId, pass: true, comment: '同意' } }));
    return ok(await h.call('GET', `${C}/${c.contractId}`, { token: t.bizmgr }));
  }
  const projectBody = (contract: Record<string, any>, over: Record<string, unknown> = {}) => ({
    name: `测试项目${Math.random().toString(36).slice(2, 7)}`, customerId: contract.customerId, incomeContractId: contract.contractId,
    businessTypeId, serviceCategory: 1, projectManagerStaffId: pmStaff, depId, startDate: today(), ...over,
  });
  async function runningProject() {
    const contract = await approvedIncomeContract();
    const p = ok(await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract) }));
    await force(h, 'project', 'projectId', p.projectId, { auditState: 15, runState: 10 });
    return p;
  }

  describe('contracts: each type with its own permission', () => {
    it('numbers income contracts HTS and cost contracts HTC', async () => {
      const i = await create(t.bizmgr!, incomeContract());
      const c = await create(t.pm!, costContract());
      expect(i.contractNo).toMatch(/^HTS\d{10}$/);
      expect(c.contractNo).toMatch(/^HTC\d{10}$/);
    });

    it('refuses a contract of the type the caller may not edit', async () => {
      expect((await h.call('POST', `${C}/save`, { token: t.pm, data: incomeContract() })).status).toBe(403);
      expect((await h.call('POST', `${C}/save`, { token: t.bizmgr, data: costContract() })).status).toBe(403);
      expect((await h.call('POST', `${C}/save`, { token: t.dispatch, data: costContract() })).status).toBe(403);
      expect((await h.call('POST', `${C}/save`, { token: t.business, data: incomeContract() })).status).toBe(403);
    });

    it('lets the dispatch roles list cost contracts, not income contracts, and open either contract of their transport', async () => {
      const i = await create(t.bizmgr!, incomeContract());
      const c = await create(t.pm!, costContract());
      const page = ok(await h.call('GET', `${C}/cost/page?pageSize=100`, { token: t.dispatch }));
      expect(page.list.every((r: any) => r.contractType === 2)).toBe(true);
      expect(page.list.some((r: any) => r.contractId === c.contractId)).toBe(true);
      expect((await h.call('GET', `${C}/income/page`, { token: t.dispatch })).status).toBe(403);
      expect(ok(await h.call('GET', `${C}/${c.contractId}`, { token: t.dispatch })).contractNo).toBe(c.contractNo);
      // the detail call names the dispatch roles: they open the income contract a project runs on (docs/decisions.md)
      expect(ok(await h.call('GET', `${C}/${i.contractId}`, { token: t.dispatch })).contractNo).toBe(i.contractNo);
      expect((await h.call('GET', `${C}/${i.contractId}`, { token: t.suzhou })).status).toBe(404);
      // the income list never shows cost contracts, whatever the caller asks for
      const income = ok(await h.call('GET', `${C}/income/page?contractType=2&pageSize=100`, { token: t.bizmgr }));
      expect(income.list.every((r: any) => r.contractType === 1)).toBe(true);
    });

    it('checks the party, the dates and the amount by type', async () => {
      const r1 = await h.call('POST', `${C}/save`, { token: t.bizmgr, data: incomeContract({ customerId: null }) });
      expect(r1.status).toBe(400);
      expect(r1.body.msg).toBe('收入合同请选择客户');
      const r2 = await h.call('POST', `${C}/save`, { token: t.bizmgr, data: incomeContract({ startDate: today(10), endDate: today(1) }) });
      expect(r2.body.msg).toBe('结束日期不能早于开始日期');
      const r3 = await h.call('POST', `${C}/save`, { token: t.bizmgr, data: incomeContract({ amount: 0 }) });
      expect(r3.body.msg).toBe('合同金额应大于0（框架合同可为0）');
      expect((await h.call('POST', `${C}/save`, { token: t.pm, data: costContract({ amount: 0, contractKind: 2 }) })).status).toBe(200);
      const bad = await h.call('POST', `${C}/save`, { token: t.bizmgr, data: incomeContract({ rates: [{ unit: '公斤', unitPrice: 1 }] }) });
      expect(bad.status).toBe(400);
    });

    it('an approved contract is in force from its start day and locked except number, scans and remarks', async () => {
      const c = await approvedIncomeContract();
      expect(c).toMatchObject({ auditState: 15, contractState: 10 });
      const later = await approvedIncomeContract({ startDate: today(3) });
      expect(later).toMatchObject({ auditState: 15, contractState: 0 });
      const locked = await h.call('PUT', `${C}/${c.contractId}`, { token: t.bizmgr, data: { version: c.version, amount: '1.00' } });
      expect(locked.status).toBe(409);
      expect(locked.body.msg).toBe('合同已提交审核或已审核通过，只能修改合同编号、附件和备注');
      const paper = ok(await h.call('PUT', `${C}/${c.contractId}`, { token: t.bizmgr, data: { version: c.version, contractNo: 'SEDL-2026-088', amount: c.amount } }));
      expect(paper.contractNo).toBe('SEDL-2026-088');
    });

    it('comes into force on its start day and expires after its end day (the daily job)', async () => {
      const c = await approvedIncomeContract({ startDate: today(2), endDate: today(10) });
      expect(c.contractState).toBe(0);
      const at = (days: number) => new Date(Date.now() + days * 86400_000);
      await refreshContractDates(h.database.db, loadEntities(), at(2));
      expect(ok(await h.call('GET', `${C}/${c.contractId}`, { token: t.bizmgr })).contractState).toBe(10);
      await refreshContractDates(h.database.db, loadEntities(), at(11));
      expect(ok(await h.call('GET', `${C}/${c.contractId}`, { token: t.bizmgr })).contractState).toBe(20);
      const steps = (await h.database.db.selectFrom('transitionLog').select(['transition', 'operatorName']).where('entity', '=', 'contract').where('subjectId', '=', c.contractId).orderBy('transitionLogId').execute()) as { transition: string; operatorName: string | null }[];
      expect(steps.slice(-2)).toEqual([{ transition: 'activate', operatorName: null }, { transition: 'expire', operatorName: null }]);
    });

    it('the applicant does not approve, a rejection needs an opinion and returns to 已驳回', async () => {
      const c = await create(t.bizmgr!, incomeContract());
      ok(await h.call('POST', `${C}/submit`, { token: t.bizmgr, data: { contractId: c.contractId } }));
      expect((await h.call('POST', `${C}/audit`, { token: t.bizmgr, data: { contractId: c.contractId, pass: true } })).status).toBe(403);
      expect((await h.call('POST', `${C}/audit`, { token: t.gm, data: { contractId: c.contractId, pass: false } })).body.msg).toBe('驳回时请填写审核意见');
      ok(await h.call('POST', `${C}/audit`, { token: t.gm, data: { contractId: c.contractId, pass: false, comment: '运价偏低' } }));
      expect(ok(await h.call('GET', `${C}/${c.contractId}`, { token: t.bizmgr })).auditState).toBe(10);
    });

    it('archives only with a scanned copy', async () => {
      const c = await approvedIncomeContract();
      await force(h, 'contract', 'contractId', c.contractId, { contractState: 20 });
      const r = await h.call('POST', `${C}/archive`, { token: t.bizmgr, data: { contractId: c.contractId } });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('归档前请上传合同扫描件');
      await force(h, 'contract', 'contractId', c.contractId, { attachments: JSON.stringify([{ name: '合同扫描件.pdf', url: '/api/v1/file-base/file/1' }]) });
      expect(ok(await h.call('POST', `${C}/archive`, { token: t.bizmgr, data: { contractId: c.contractId } })).list[0].contractState).toBe(30);
      const frozen = await h.call('PUT', `${C}/${c.contractId}`, { token: t.bizmgr, data: { version: (await h.call('GET', `${C}/${c.contractId}`, { token: t.bizmgr })).body.data.version, remark: '改' } });
      expect(frozen.body.msg).toBe('已归档的合同不能修改');
    });

    it('terminating an income contract warns the managers of its open projects', async () => {
      const p = await runningProject();
      const r = ok(await h.call('POST', `${C}/terminate`, { token: t.gm, data: { contractId: p.incomeContractId, terminateReason: '客户取消项目' } }));
      expect(r.list[0].contractState).toBe(25);
      const notices = (await h.database.db.selectFrom('notice').select('message').where('recipientStaffId', '=', pmStaff).execute()) as { message: string }[];
      expect(notices.some((n) => n.message.includes('已终止') && n.message.includes(p.name))).toBe(true);
    });
  });

  // Every transition allowed only from its states and only with its permission (DOMAIN §4.2).
  describe('contract state machine, table-driven', () => {
    const cases = [
      { name: 'submit', field: 'auditState', states: [0, 5, 10, 15], from: [0, 10], body: {}, editor: true },
      { name: 'withdraw', field: 'auditState', states: [0, 5, 10, 15], from: [5], body: {}, editor: true },
      { name: 'terminate', field: 'contractState', states: [0, 10, 20, 25, 30], from: [0, 10], body: { terminateReason: '双方协商' }, editor: false },
      { name: 'archive', field: 'contractState', states: [0, 10, 20, 25, 30], from: [20, 25], body: {}, editor: true },
    ];
    for (const c of cases) {
      it(`${c.name}: only from ${c.field} ∈ {${c.from.join(',')}}, only with 合同:收入合同:${c.editor ? '编辑' : '审核'}`, async () => {
        // A user holding the list and :编辑 but not :审核 (and the reverse) shows the permission is the transition's own.
        // (holding 合同:收入合同 itself would grant both: a held name covers its children)
        const editorOnly = await userWith(h, ['合同:收入合同:编辑']);
        const auditorOnly = await userWith(h, ['合同:收入合同:审核']);
        const allowed = c.editor ? editorOnly.token : auditorOnly.token;
        const refused = c.editor ? auditorOnly.token : editorOnly.token;
        for (const state of c.states) {
          const k = await create(t.bizmgr!, incomeContract({ attachments: [{ name: '扫描件.pdf', url: '/api/v1/file-base/file/1' }] }));
          await force(h, 'contract', 'contractId', k.contractId, { [c.field]: state, ...(c.field === 'contractState' ? { auditState: 15 } : {}) });
          const denied = await h.call('POST', `${C}/${c.name}`, { token: refused, data: { contractId: k.contractId, ...c.body } });
          expect(denied.status, `${c.name} from ${state} without the permission`).toBe(403);
          const r = await h.call('POST', `${C}/${c.name}`, { token: allowed, data: { contractId: k.contractId, ...c.body } });
          if (c.from.includes(state)) expect(r.status, `${c.name} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
          else {
            expect(r.status, `${c.name} from ${state}`).toBe(409);
            expect(r.body.msg).toBe('当前状态不允许该操作');
          }
        }
      });
    }
    it('activate and expire are the system\'s own: no caller may perform them', async () => {
      const k = await create(t.bizmgr!, incomeContract());
      for (const name of ['activate', 'expire']) {
        expect((await h.call('POST', `${C}/${name}`, { token: t.admin, data: { contractId: k.contractId } })).status).toBe(404);
      }
    });
  });

  describe('projects', () => {
    it('takes the customer and amount from an approved income contract, which lists the project', async () => {
      const contract = await approvedIncomeContract();
      const p = ok(await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract) }));
      expect(p.projectNo).toMatch(/^XM\d{10}$/);
      expect(p.contractAmount).toBe('1200000.00');
      expect(p).toMatchObject({ auditState: 0, runState: 0 });
      expect(ok(await h.call('GET', `${C}/${contract.contractId}`, { token: t.bizmgr })).projectIds).toEqual([p.projectId]);
    });

    it('refuses an unapproved contract and a customer other than the contract\'s', async () => {
      const draft = await create(t.bizmgr!, incomeContract());
      const r1 = await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(draft) });
      expect(r1.body.msg).toBe('收入合同尚未审核通过或已终止、到期，不能创建项目');
      const contract = await approvedIncomeContract();
      const r2 = await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract, { customerId: otherCustomerId }) });
      expect(r2.body.msg).toBe('项目客户与收入合同的客户不一致');
    });

    it('an income contract gets one project, also when ten people click 创建项目 at once; a terminated one frees it', async () => {
      const contract = await approvedIncomeContract();
      const tries = await Promise.all(Array.from({ length: 10 }, () => h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract) })));
      const made = tries.filter((r) => r.status === 200);
      expect(made).toHaveLength(1);
      const projectNo = made[0]!.body.data.projectNo;
      for (const r of tries.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.msg).toBe(`该收入合同已创建项目${projectNo}，不能重复创建`);
      }
      expect(ok(await h.call('GET', `${C}/${contract.contractId}`, { token: t.bizmgr })).projectIds).toEqual([made[0]!.body.data.projectId]);
      // saving the one project again is not a second project
      const id = made[0]!.body.data.projectId;
      const again = await h.call('PUT', `${P}/${id}`, { token: t.pm, data: projectBody(contract, { name: '改名后的项目', version: made[0]!.body.data.version }) });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ projectId: id, name: '改名后的项目' });
      await force(h, 'project', 'projectId', id, { runState: 15 });
      ok(await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract) }));
    });

    it('is approved by someone other than the applicant, then started', async () => {
      const contract = await approvedIncomeContract();
      const p = ok(await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract) }));
      const early = await h.call('POST', `${P}/run-state/start`, { token: t.pm, data: { projectId: p.projectId } });
      expect(early.body.msg).toBe('项目立项审核通过后才能开始');
      ok(await h.call('POST', `${P}/submit`, { token: t.pm, data: { projectId: p.projectId } }));
      expect((await h.call('POST', `${P}/audit`, { token: t.pm, data: { projectId: p.projectId, pass: true } })).status).toBe(403);
      ok(await h.call('POST', `${P}/audit`, { token: t.gm, data: { projectId: p.projectId, pass: true } }));
      const started = ok(await h.call('POST', `${P}/run-state/start`, { token: t.pm, data: { projectId: p.projectId } }));
      expect(started.list[0]).toMatchObject({ auditState: 15, runState: 10 });
      // 全流程: the contract's and the project's steps in order
      // the approval node is named by the demo's process template (总经理)
      const steps = ok(await h.call('GET', `${P}/${p.projectId}/whole-process`, { token: t.pm })) as any[];
      const seen = steps.map((s) => `${s.stage}:${s.title}`);
      expect(seen.filter((s) => !s.includes('同意'))).toEqual(['合同:新建', '合同:提交审核', '合同:审核通过（总经理）', '合同:生效', '项目:新建', '项目:提交审核', '项目:审核通过（总经理）', '项目:开始']);
      expect(steps.find((s) => s.title === '开始')).toMatchObject({ document: `${p.projectNo} ${p.name}`, fromLabel: '未开始', toLabel: '已开始', operatorName: '沈国良' });
      expect((await h.call('GET', `${P}/${p.projectId}/whole-process`, { token: t.dispatch })).status).toBe(403);
    });
  });

  describe('project state machine, table-driven', () => {
    const RUN = [0, 5, 10, 15, 20, 25, 30];
    const cases = [
      { name: 'submit', path: 'submit', field: 'auditState', states: [0, 5, 10, 15], from: [0, 10], permission: '项目管理:项目:编辑' },
      { name: 'withdraw', path: 'withdraw', field: 'auditState', states: [0, 5, 10, 15], from: [5], permission: '项目管理:项目:编辑' },
      { name: 'start', path: 'run-state/start', field: 'runState', states: RUN, from: [0], permission: '项目管理:项目:编辑' },
      { name: 'pause', path: 'run-state/pause', field: 'runState', states: RUN, from: [10], permission: '项目管理:项目:编辑' },
      { name: 'resume', path: 'run-state/resume', field: 'runState', states: RUN, from: [5], permission: '项目管理:项目:编辑' },
      { name: 'terminate', path: 'run-state/terminate', field: 'runState', states: RUN, from: [0, 5, 10], permission: '项目管理:项目:审核', body: { terminateReason: '客户取消' } },
      { name: 'workDone', path: 'run-state/work-done', field: 'runState', states: RUN, from: [10], permission: '项目管理:项目:编辑' },
      { name: 'complete', path: 'run-state/complete', field: 'runState', states: RUN, from: [20], permission: '项目管理:项目:编辑' },
      { name: 'close', path: 'close', field: 'runState', states: RUN, from: [25], permission: '项目管理:项目:关账' },
    ];
    for (const c of cases) {
      it(`${c.name}: only from ${c.field} ∈ {${c.from.join(',')}}, only with ${c.permission}`, async () => {
        const holder = await userWith(h, [c.permission]);
        // Every other action on projects, but not this one (项目管理:项目 itself would cover them all).
        const others = ['项目管理:项目:编辑', '项目管理:项目:审核', '项目管理:项目:关账'].filter((x) => x !== c.permission);
        const lacking = await userWith(h, others);
        const contract = await approvedIncomeContract();
        for (const state of c.states) {
          const p = ok(await h.call('POST', `${P}/save`, { token: t.pm, data: projectBody(contract, { incomeContractId: null, customerId }) }));
          await force(h, 'project', 'projectId', p.projectId, c.field === 'runState' ? { auditState: 15, runState: state } : { auditState: state });
          const data = { projectId: p.projectId, ...(c.body ?? {}) };
          expect((await h.call('POST', `${P}/${c.path}`, { token: lacking.token, data })).status, `${c.name} from ${state} without ${c.permission}`).toBe(403);
          const r = await h.call('POST', `${P}/${c.path}`, { token: holder.token, data });
          if (c.from.includes(state)) expect(r.status, `${c.name} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
          else expect([r.status, r.body.msg], `${c.name} from ${state}`).toEqual([409, '当前状态不允许该操作']);
        }
      });
    }

    it('completes only when every valid ledger row is reconciled, and closing stamps the time', async () => {
      const p = await runningProject();
      ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '吊车租赁', amount: '30000.00', taxRate: 13, occurredDate: today(), payeeKind: 1, supplierId } }));
      await force(h, 'project', 'projectId', p.projectId, { runState: 20 });
      const r = await h.call('POST', `${P}/run-state/complete`, { token: t.pm, data: { projectId: p.projectId } });
      expect([r.status, r.body.msg]).toEqual([409, '项目还有1条收入或成本明细未对账，不能完成']);
      await h.database.db.updateTable('costItem').set({ itemSettleStatus: 15 }).where('projectId', '=', p.projectId).execute();
      ok(await h.call('POST', `${P}/run-state/complete`, { token: t.pm, data: { projectId: p.projectId } }));
      const closed = ok(await h.call('POST', `${P}/close`, { token: t.gm, data: { projectId: p.projectId } })).list[0];
      expect(closed.runState).toBe(30);
      expect(ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm })).closedAt).toBeTruthy();
    });
  });

  describe('contract print', () => {
    it('describes the A4 document: parties by type, amount in words, price lines', async () => {
      const c = await approvedIncomeContract();
      const doc = ok(await h.call('GET', `/api/v1/project-base/print/1/${c.contractId}`, { token: t.pm }));
      expect(doc).toMatchObject({ type: 1, docNo: c.contractNo, title: '运输服务合同（收入）' });
      expect(doc.parties.map((p: any) => p.role)).toEqual(['甲方（委托方）', '乙方（承运方）']);
      expect(doc.parties[1].name).toBe('华运物流(上海)有限公司');
      expect(doc.fields).toContainEqual({ label: '金额大写', value: '壹佰贰拾万元整' });
      expect(doc.tables[0].rows[0]).toEqual(['1', '临港—长兴', '液压轴线车', '车', '400,000.00', '9%', '']);
      const cost = await create(t.pm!, costContract());
      expect(ok(await h.call('GET', `/api/v1/project-base/print/2/${cost.contractId}`, { token: t.dispatch })).parties[0].role).toBe('甲方（委托方）');
      // the type in the address must be the contract's; readers of the other type only
      expect((await h.call('GET', `/api/v1/project-base/print/2/${c.contractId}`, { token: t.pm })).status).toBe(404);
      expect((await h.call('GET', `/api/v1/project-base/print/1/${c.contractId}`, { token: t.dispatch })).status).toBe(403);
      expect((await h.call('GET', `/api/v1/project-base/print/1/${c.contractId}`, { token: t.suzhou })).status).toBe(404);
    });
    it('writes amounts in Chinese capitals', () => {
      expect(rmbUppercase('1005.50')).toBe('壹仟零伍元伍角整');
      expect(rmbUppercase(10005)).toBe('壹万零伍元整');
      expect(rmbUppercase('100000005.07')).toBe('壹亿零伍元零柒分');
      expect(rmbUppercase('2800000')).toBe('贰佰捌拾万元整');
      expect(rmbUppercase('0.35')).toBe('零元叁角伍分');
    });
  });

  describe('project report (§7 R1 over the ledger)', () => {
    it('its margin is the SQL sum of valid rows; void and cancelled rows never count', async () => {
      const p = await runningProject();
      let seed = 7;
      const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
      const months = ['2026-01-15', '2026-02-10', '2026-03-05', '2026-04-20'];
      const created: { kind: 'income' | 'cost'; id: number; version: number }[] = [];
      for (let i = 0; i < 36; i++) {
        const kind = rand() < 0.4 ? 'income' : 'cost';
        const amount = (Math.round(rand() * 5_000_000) / 100 + 1).toFixed(2);
        const taxRate = [13, 9, 6, 3, 0][Math.floor(rand() * 5)];
        const base = { projectId: p.projectId, summary: `生成明细${i}`, amount, taxRate, occurredDate: months[i % months.length] };
        const data = kind === 'income' ? base : { ...base, costType: rand() < 0.5 ? 6 : 7, invoiceType: [1, 2, 3, 4][Math.floor(rand() * 4)] };
        const row = ok(await h.call('POST', `${kind === 'income' ? INCOME : COST}/save`, { token: t.pm, data }));
        created.push({ kind, id: kind === 'income' ? row.incomeItemId : row.costItemId, version: row.version });
      }
      // some voided by hand, some cancelled by their source (the system's transition)
      for (const [i, c] of created.entries()) {
        if (i % 7 === 3) ok(await h.call('POST', `${c.kind === 'income' ? INCOME : COST}/void`, { token: t.pm, data: { [c.kind === 'income' ? 'incomeItemId' : 'costItemId']: c.id, voidReason: '测试作废' } }));
        if (i % 7 === 5) await force(h, c.kind === 'income' ? 'incomeItem' : 'costItem', c.kind === 'income' ? 'incomeItemId' : 'costItemId', c.id, { itemStatus: 15 });
      }
      const sum = async (table: string, where: string) => Number(((await h.database.db.selectFrom(table).select((eb: any) => eb.fn.coalesce(eb.fn.sum('amountExclTax'), eb.lit(0)).as('s')).where('projectId', '=', p.projectId).where(eb => eb.and(where === 'valid' ? [eb('itemStatus', '=', 10)] : [])).executeTakeFirstOrThrow()) as { s: string }).s);
      const income = await sum('incomeItem', 'valid');
      const cost = await sum('costItem', 'valid');
      const everything = (await sum('incomeItem', 'all')) - (await sum('costItem', 'all'));
      const r = ok(await h.call('GET', `/api/v1/finance-base/finance-report/project?projectId=${p.projectId}&dims=month`, { token: t.pm }));
      expect(r.summary.income).toBeCloseTo(income, 2);
      expect(r.summary.cost).toBeCloseTo(cost, 2);
      expect(r.summary.margin).toBeCloseTo(income - cost, 2);
      expect(Math.abs(everything - (income - cost))).toBeGreaterThan(0.01);
      expect(r.rows.map((x: any) => x.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
      const byMonth = (await sql<{ m: string; s: string }>`select to_char(occurred_date, 'YYYY-MM') as m, sum(amount_excl_tax) as s from cost_item
        where project_id = ${p.projectId} and item_status = 10 group by 1 order by 1`.execute(h.database.db)).rows;
      for (const m of byMonth) expect(r.rows.find((x: any) => x.month === m.m).cost).toBeCloseTo(Number(m.s), 2);
      // the project's own figures come from the same rows (refreshed by the last change through the API)
      ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '刷新', amount: '0.01', taxRate: 0, occurredDate: '2026-04-30' } }));
      const project = ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm }));
      expect(Number(project.grossProfit)).toBeCloseTo(income - cost - 0.01, 2);
      expect((await h.call('GET', `/api/v1/finance-base/finance-report/project?projectId=${p.projectId}`, { token: t.dispatch })).status).toBe(403);
      // 财务明细汇总报表 (R3) reads the same rows: by 来源 its totals are the project report's,
      // and an accountant holding 财务:报表 alone reads it and the items behind it
      const accountant = (await userWith(h, ['财务:报表'])).token;
      const sumReport = ok(await h.call('GET', `/api/v1/finance-base/finance-report/detail-sum?projectId=${p.projectId}&dims=source`, { token: accountant }));
      expect(sumReport.summary.income).toBeCloseTo(income, 2);
      const costNow = cost + 0.01; // with the 刷新 line above
      expect(sumReport.summary.cost).toBeCloseTo(costNow, 2);
      expect(sumReport.summary.margin).toBeCloseTo(income - costNow, 2);
      const items = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${p.projectId}&itemStatus=10&pageSize=100`, { token: accountant }));
      expect(items.list.reduce((s: number, x: any) => s + Number(x.amountExclTax), 0)).toBeCloseTo(costNow, 2);
      expect((await h.call('POST', `${COST}/save`, { token: accountant, data: { projectId: p.projectId, costType: 6, summary: '越权', amount: '1.00', taxRate: 0, occurredDate: '2026-04-30' } })).status).toBe(403);
      expect((await h.call('GET', `/api/v1/finance-base/finance-report/detail-sum?projectId=${p.projectId}`, { token: t.dispatch })).status).toBe(403);
    });
  });

  describe('the ledger', () => {
    it('derives tax and the net amount: income always nets its VAT, a cost only on a 专票', async () => {
      const p = await runningProject();
      const income = ok(await h.call('POST', `${INCOME}/save`, { token: t.pm, data: { projectId: p.projectId, summary: '运费', amount: '109000.00', taxRate: 9, occurredDate: today() } }));
      expect(income).toMatchObject({ taxAmount: '9000.00', amountExclTax: '100000.00', customerId: p.customerId, source: 4, itemStatus: 10 });
      const special = ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '护送', amount: '10600.00', taxRate: 6, invoiceType: 1, occurredDate: today() } }));
      expect(special).toMatchObject({ taxAmount: '600.00', amountExclTax: '10000.00' });
      const plain = ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '路障拆除', amount: '10600.00', taxRate: 6, invoiceType: 2, occurredDate: today() } }));
      expect(plain).toMatchObject({ taxAmount: '600.00', amountExclTax: '10600.00' });
      const project = ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm }));
      expect(project).toMatchObject({ confirmedIncome: '100000.00', confirmedCost: '20600.00', grossProfit: '79400.00', grossMargin: '79.40', receivableBalance: '109000.00', payableBalance: '21200.00' });
    });

    it('void rows leave the project figures; rows from documents or reconciled ones are not edited by hand', async () => {
      const p = await runningProject();
      const item = ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '装卸费', amount: '5000.00', taxRate: 6, occurredDate: today() } }));
      expect(ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm })).confirmedCost).toBe('5000.00');
      expect((await h.call('POST', `${COST}/void`, { token: t.pm, data: { costItemId: item.costItemId } })).body.msg).toBe('缺少必填字段：作废原因');
      ok(await h.call('POST', `${COST}/void`, { token: t.pm, data: { costItemId: item.costItemId, voidReason: '重复录入' } }));
      expect(ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm })).confirmedCost).toBe('0.00');
      const other = ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '杂费', amount: '100.00', taxRate: 0, occurredDate: today() } }));
      await force(h, 'costItem', 'costItemId', other.costItemId, { itemSettleStatus: 5 });
      const edit = await h.call('PUT', `${COST}/${other.costItemId}`, { token: t.pm, data: { version: other.version, amount: '200.00' } });
      expect([edit.status, edit.body.msg]).toEqual([409, '该明细已进入对账，不能修改或删除']);
      await force(h, 'costItem', 'costItemId', other.costItemId, { itemSettleStatus: 0, source: 1 });
      expect((await h.call('DELETE', `${COST}/${other.costItemId}`, { token: t.pm })).body.msg).toBe('该明细来自业务单据，不能手工修改或删除');
    });

    it('a cost is booked on a project, or on a clue for the clue cost types', async () => {
      const r = await h.call('POST', `${COST}/save`, { token: t.pm, data: { costType: 6, summary: '无项目', amount: '1.00', occurredDate: today() } });
      expect(r.body.msg).toBe('项目、调度类成本请选择项目');
      const clue = await h.call('POST', `${COST}/save`, { token: t.pm, data: { costType: 2, summary: '招待', amount: '800.00', occurredDate: today() } });
      expect(clue.body.msg).toBe('线索、踏勘方案类成本请关联线索');
    });

    it('a closed project refuses new cost and income items and changes to its rows (409 项目已关账)', async () => {
      const p = await runningProject();
      const item = ok(await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '吊装', amount: '8000.00', occurredDate: today() } }));
      await force(h, 'project', 'projectId', p.projectId, { runState: 30 });
      const attempts = [
        await h.call('POST', `${COST}/save`, { token: t.pm, data: { projectId: p.projectId, costType: 6, summary: '补录', amount: '1.00', occurredDate: today() } }),
        await h.call('POST', `${INCOME}/save`, { token: t.pm, data: { projectId: p.projectId, summary: '补录', amount: '1.00', occurredDate: today() } }),
        await h.call('PUT', `${COST}/${item.costItemId}`, { token: t.pm, data: { version: item.version, amount: '9000.00' } }),
        await h.call('POST', `${COST}/void`, { token: t.pm, data: { costItemId: item.costItemId, voidReason: '关账后' } }),
        await h.call('DELETE', `${COST}/${item.costItemId}`, { token: t.pm }),
      ];
      for (const r of attempts) expect([r.status, r.body.msg]).toEqual([409, '项目已关账']);
      const project = ok(await h.call('GET', `${P}/${p.projectId}`, { token: t.pm }));
      expect((await h.call('PUT', `${P}/${p.projectId}`, { token: t.pm, data: { version: project.version, remark: '关账后修改' } })).body.msg).toBe('项目已关账');
    });
  });
});
