/**
 * DOMAIN §4.2 dispatch rules (issue 16): a schedule's 成本合同 is an approved one of its carrier
 * in force; a project's work is done by itself when its last demand finishes; a clue's 大件 flag
 * reaches its demands and the 托运单; a schedule needing no approval says so under 调度审批.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { approvedProject, force, login, shanghaiDemo, today, type ShanghaiDemo } from './project-helpers';
import { enumLabel, loadEntities } from '../../server/schema/load';

const D = '/api/v1/project-base/transport-demand';
const S = '/api/v1/project-base/transport-schedule';
const RC = '/api/v1/project-base/receipt';
const PR = '/api/v1/project-base/project';

describe.each(await backends())('调度领域规则 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let demo: ShanghaiDemo;
  let projectId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const get = async (path: string) => ok(await h.call('GET', path, { token: t.admin }));
  const demandBody = (pid: number, extra: Record<string, unknown> = {}) => ({
    projectId: pid, cargoName: '500kV电抗器', pieces: 2, weight: '120.000', truckCount: 1, loadRegionCode: '310115', loadAddress: '上海临港重装备产业区江山路2800号',
    unloadRegionCode: '330522', unloadAddress: '湖州长兴500kV变电站', planLoadTime: `${today(1)}T20:00:00+08:00`, distanceKm: 186, ...extra,
  });
  const newDemand = async (pid = projectId, extra: Record<string, unknown> = {}) => {
    const d = ok(await h.call('POST', `${D}/save`, { token: t.pm, data: demandBody(pid, extra) }));
    ok(await h.call('POST', `${D}/submit`, { token: t.pm, data: { demandId: d.demandId } }));
    return d.demandId as number;
  };
  const carrierBody = (demandId: number, extra: Record<string, unknown> = {}) => ({
    demandId, carrierType: 2, supplierId: demo.carrierId, platformTruckId: demo.platformTruckId, driverName: '王师傅', driverPhone: '13812345678', freight: '9000.00', ...extra,
  });

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'pm', 'dispatch']) t[u] = await login(h, u);
    demo = await shanghaiDemo(h);
    projectId = await approvedProject(h, t.pm, demo, '调度领域规则项目');
  }, 300_000);
  afterAll(async () => h?.close());

  describe('成本合同', () => {
    const contracts: Record<string, { contractId: number; contractNo: string }> = {};
    let otherSupplierId: number;

    beforeAll(async () => {
      const other = (await h.database.db.selectFrom('supplier').select('supplierId').where('orgId', '=', demo.orgId).where('supplierId', '<>', demo.carrierId)
        .orderBy('supplierId').executeTakeFirstOrThrow()) as { supplierId: number };
      otherSupplierId = other.supplierId;
      const make = async (key: string, state: Record<string, unknown>, supplierId = demo.carrierId) => {
        const c = ok(await h.call('POST', '/api/v1/project-base/contract/save', { token: t.admin, data: {
          name: `成本合同规则-${key}`, contractType: 2, supplierId, contractKind: 2, amount: '0.00', signDate: today(-60), startDate: today(-60), endDate: today(60),
          ownerStaffId: demo.pmStaffId, rates: [{ route: '临港—长兴', vehicleKind: null, unit: '车', unitPrice: key === 'good' ? 8800 : 1 }] } }));
        await force(h, 'contract', 'contractId', c.contractId, state);
        contracts[key] = { contractId: c.contractId, contractNo: c.contractNo };
      };
      await make('good', { auditState: 15, contractState: 10 });
      await make('expired', { auditState: 15, contractState: 20, endDate: today(-1) });
      await make('terminated', { auditState: 15, contractState: 25 });
      await make('unapproved', { auditState: 5, contractState: 0 });
      await make('otherCarrier', { auditState: 15, contractState: 10 }, otherSupplierId);
    });

    it('the picker offers only approved cost contracts of the schedule’s carrier in force', async () => {
      const filterBy = loadEntities().transportSchedule!.fields.costContractId!.filterBy!;
      const filters = Object.entries(filterBy).map(([k, v]) => `filter=${encodeURIComponent(`${k}:${v === '{supplierId}' ? demo.carrierId : v}`)}`).join('&');
      const offered = ok(await h.call('GET', `/api/v1/meta/options/contract?${filters}&keyword=${encodeURIComponent('成本合同规则')}`, { token: t.dispatch })) as { value: number }[];
      expect(offered.map((o) => o.value)).toEqual([contracts.good!.contractId]);
    });

    it('a save naming an expired, terminated, unapproved or other carrier’s contract is refused on the field; the one in force prices the guide', async () => {
      const demandId = await newDemand();
      for (const [key, msg] of [['expired', '未生效或已到期、终止'], ['terminated', '未生效或已到期、终止'], ['unapproved', '未审核通过'], ['otherCarrier', '不是该承运商的合同']] as const) {
        const r = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { costContractId: contracts[key]!.contractId }) });
        expect(r.status, key).toBe(400);
        expect(r.body.msg, key).toContain(msg);
        expect(r.body.msg, key).toContain(contracts[key]!.contractNo);
        expect(JSON.stringify(r.body), key).toContain('costContractId');
        // nor does it price the guide price
        const g = ok(await h.call('GET', `${S}/guide-price?demandId=${demandId}&supplierId=${demo.carrierId}&costContractId=${contracts[key]!.contractId}`, { token: t.dispatch }));
        expect(g.basis, key).not.toContain(contracts[key]!.contractNo);
      }
      const s = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { costContractId: contracts.good!.contractId }) }));
      expect(s).toMatchObject({ costContractId: contracts.good!.contractId, guidePrice: '8800.00' });
      // the contract expires while the draft waits: the next edit is refused too
      await force(h, 'contract', 'contractId', contracts.good!.contractId, { contractState: 20 });
      const edit = await h.call('PUT', `${S}/${s.scheduleId}`, { token: t.dispatch, data: { ...carrierBody(demandId, { costContractId: contracts.good!.contractId }), version: s.version } });
      expect(edit.status).toBe(400);
      expect(edit.body.msg).toContain('未生效或已到期、终止');
      await force(h, 'contract', 'contractId', contracts.good!.contractId, { contractState: 10 });
    });
  });

  describe('待请车派车 reminders', () => {
    it('are handled once their demand leaves 已提交 (terminated, dispatched); a demand still waiting keeps its reminder', async () => {
      const terminated = await newDemand();
      const dispatched = await newDemand();
      const waiting = await newDemand();
      const pending = async (demandId: number) => ((await h.database.db.selectFrom('message').select(['handled', 'staffId'])
        .where('eventType', '=', 8).where('eventSubjectId', '=', demandId).execute()) as { handled: boolean; staffId: number }[]);
      for (const id of [terminated, dispatched, waiting]) {
        const rows = await pending(id);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => !r.handled)).toBe(true);
      }
      ok(await h.call('POST', `${D}/${terminated}/terminate`, { token: t.dispatch, data: { terminateReason: '货物未备齐' } }));
      const s = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(dispatched, { guidePrice: '9000.00' }) }));
      ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      expect((await get(`${D}/${dispatched}`)).status).toBe(15);
      expect((await pending(terminated)).every((r) => r.handled)).toBe(true);
      expect((await pending(dispatched)).every((r) => r.handled)).toBe(true);
      expect((await pending(waiting)).every((r) => !r.handled)).toBe(true);
      // The dispatcher's 提醒 tab no longer lists them.
      const remind = ok(await h.call('GET', '/api/v1/message-base/message/list?type=2&handled=false&pageSize=200', { token: t.dispatch }));
      const subjects = remind.list.filter((m: any) => m.eventType === 8).map((m: any) => m.eventSubjectId);
      expect(subjects).toContain(waiting);
      expect(subjects).not.toContain(terminated);
      expect(subjects).not.toContain(dispatched);
    });
  });

  describe('作业完成', () => {
    it('a running project moves to 作业完成 by itself when its last demand is finished (revoked, terminated, receipts back)', async () => {
      const pid = await approvedProject(h, t.pm, demo, '作业完成自动项目');
      const revoked = await newDemand(pid);
      const terminated = await newDemand(pid);
      const delivered = await newDemand(pid);
      const run = async () => (await get(`${PR}/${pid}`)).runState;
      expect(await run()).toBe(10);
      ok(await h.call('POST', `${D}/${revoked}/revoke`, { token: t.pm, data: { terminateReason: '客户取消' } }));
      ok(await h.call('POST', `${D}/${terminated}/terminate`, { token: t.dispatch, data: { terminateReason: '货物未备齐' } }));
      expect(await run()).toBe(10);

      const s = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(delivered, { guidePrice: '9000.00' }) }));
      ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      ok(await h.call('POST', `${S}/${s.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 2, loadedWeight: '120.000' } }));
      for (const step of ['depart', 'arrive', 'sign']) ok(await h.call('POST', `${S}/${s.scheduleId}/${step}`, { token: t.dispatch, data: {} }));
      expect(await run()).toBe(10);
      const receipt = (await get(`${RC}/page?scheduleId=${s.scheduleId}`)).list[0];
      ok(await h.call('POST', `${RC}/${receipt.receiptId}/upload`, { token: t.dispatch, data: { photos: [{ name: '回单.jpg', url: '/api/v1/file-base/file/receipt.jpg' }], signedBy: '李工' } }));
      ok(await h.call('POST', `${RC}/audit-pass`, { token: t.dispatch, data: { ids: [receipt.receiptId] } }));
      expect((await get(`${D}/${delivered}`)).status).toBe(35);
      expect(await run()).toBe(20);
      const notices = (await h.database.db.selectFrom('notice').select('message').where('eventType', '=', 6).where('eventSubjectId', '=', pid).execute()) as { message: string }[];
      expect(notices.some((n) => n.message.includes('作业已完成'))).toBe(true);
      const log = await h.database.db.selectFrom('transitionLog').select('transition').where('entity', '=', 'project').where('subjectId', '=', pid).where('transition', '=', 'workDone').execute();
      expect(log).toHaveLength(1);
      // the next shipment is not shut out: submitting it takes the work up again
      await newDemand(pid);
      expect(await run()).toBe(10);
    });

    it('a draft demand still open keeps the project running', async () => {
      const pid = await approvedProject(h, t.pm, demo, '作业未完成项目');
      const only = await newDemand(pid);
      ok(await h.call('POST', `${D}/save`, { token: t.pm, data: demandBody(pid) }));
      ok(await h.call('POST', `${D}/${only}/terminate`, { token: t.dispatch, data: { terminateReason: '货物未备齐' } }));
      expect((await get(`${PR}/${pid}`)).runState).toBe(10);
    });
  });

  describe('大件', () => {
    it('a project from an oversize clue’s contract is 大件, and so are its demands and their 托运单', async () => {
      const db = h.database.db;
      // set-up: an approved income contract of its own (an income contract takes one project)
      const [bizmgr, gm] = [await login(h, 'bizmgr'), await login(h, 'gm')];
      const customerId = ((await db.selectFrom('contract').select('customerId').where('orgId', '=', demo.orgId).where('contractType', '=', 1)
        .orderBy('contractId').executeTakeFirstOrThrow()) as { customerId: number }).customerId;
      const made = ok(await h.call('POST', '/api/v1/project-base/contract/save', { token: bizmgr, data: {
        name: '大件线索合同', contractType: 1, customerId, contractKind: 1, amount: '500000.00', taxRate: 9,
        signDate: today(), startDate: today(), endDate: '2099-12-31', ownerStaffId: demo.pmStaffId } }));
      ok(await h.call('POST', '/api/v1/project-base/contract/submit', { token: bizmgr, data: { contractId: made.contractId } }));
      ok(await h.call('POST', '/api/v1/project-base/contract/audit', { token: gm, data: { contractId: made.contractId, pass: true, comment: '同意' } }));
      const contract = { contractId: made.contractId as number, customerId };
      const quotation = (await db.selectFrom('quotation').select(['quotationId', 'clueId']).where('orgId', '=', demo.orgId).orderBy('quotationId').executeTakeFirstOrThrow()) as { quotationId: number; clueId: number };
      await force(h, 'clue', 'clueId', quotation.clueId, { isOversize: true });
      await force(h, 'contract', 'contractId', contract.contractId, { quotationId: quotation.quotationId });
      const p = ok(await h.call('POST', `${PR}/save`, { token: t.pm, data: {
        name: '大件线索项目', incomeContractId: contract.contractId, customerId: contract.customerId, businessTypeId: demo.businessTypeId, serviceCategory: 1,
        projectManagerStaffId: demo.pmStaffId, depId: demo.depId, startDate: today() } }));
      expect(p.isOversize).toBe(true);
      await force(h, 'project', 'projectId', p.projectId, { auditState: 15, runState: 0 });
      const demandId = await newDemand(p.projectId);
      expect((await get(`${D}/${demandId}`)).isOversize).toBe(true);
      const printed = ok(await h.call('GET', `/api/v1/project-base/print/6/${demandId}`, { token: t.dispatch }));
      expect(printed.fields.find((f: any) => f.label === '大件').value).toContain('是');
      // given, the flag is kept (editable: one light shipment of an oversize project)
      const light = await newDemand(p.projectId, { isOversize: false });
      expect((await get(`${D}/${light}`)).isOversize).toBe(false);
      // a demand of an ordinary project stays ordinary
      const plain = await newDemand();
      expect((await get(`${D}/${plain}`)).isOversize).toBe(false);
      expect(ok(await h.call('GET', `/api/v1/project-base/print/6/${plain}`, { token: t.dispatch })).fields.find((f: any) => f.label === '大件').value).toBe('否');
    });
  });

  it('调度审批 of a schedule dispatched within the guide price reads 无需审批, not 待提交', async () => {
    const demandId = await newDemand();
    const s = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { guidePrice: '9000.00' }) }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    const row = await get(`${S}/${s.scheduleId}`);
    const field = loadEntities().transportSchedule!.fields.auditState!;
    expect(field.title).toBe('调度审批');
    expect(enumLabel(field.enum!, row.auditState)).toBe('无需审批');
    expect(enumLabel(field.enum!, 5)).toBe('审批中');
  });
});
