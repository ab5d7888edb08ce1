/**
 * 零件, 工单, 入库 and the stock ledger (issue 18, DOMAIN §3.5, §4.4): transitions only from their
 * states and with their permission; 验收入库 puts stock on its 库位 and moves the work order's
 * progress (5 → 10 → 15); 作废 reverses it only while the stock is there; on-hand is always the
 * sum of the ledger and never negative, also when 20 outs of the last pieces run at once; a
 * keeper of 华运苏州 sees nothing of another organisation's stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, userWith } from './project-helpers';
import { inTransaction } from '../../server/db/connect';
import { scopedQueries } from '../../server/crud/scope';
import { DOC, onHand, onHandOf, postIn, postOut, reverse } from '../../server/inventory/ledger';
import type { Session } from '../../server/auth/session-types';
import { loadEntities } from '../../server/schema/load';

const entities = loadEntities();

const B = '/api/v1/inventory-base';
const REFUSED = '当前状态不允许该操作';

describe.each(await backends())('零件、工单、入库与库存流水 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let sz: { orgId: number; corpId: number };
  let sh: { orgId: number; corpId: number };
  let whStaffId: number;
  let warehouseId: number;
  let customerId: number;
  let serial = 0;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const session = (org: { orgId: number; corpId: number }, staffId: number): Session => ({ sessionId: 0, accountId: 0, staffId, orgId: org.orgId, corpId: org.corpId, depId: null, permissions: [] });
  /** a ledger context in its own transaction, as a hook has it */
  const inTx = <T>(fn: (ctx: { db: any; q: any }) => Promise<T>) =>
    inTransaction(h.database.db, (trx) => fn({ db: trx, q: scopedQueries(trx, entities, session(sz, whStaffId)) }));

  const newPart = async (extra: Record<string, unknown> = {}) => {
    serial += 1;
    return ok(await h.call('POST', `${B}/part-item/save`, { token: t.wh, data: { partNo: `T-${serial}-${Date.now() % 100000}`, name: `测试零件${serial}`, customerId, unitWeight: '12.500', ...extra } }));
  };
  const newOrder = async (lines: [number, number][], release = true) => {
    serial += 1;
    const o = ok(await h.call('POST', `${B}/work-order/save`, { token: t.wh, data: {
      workOrderNo: `GD-T-${serial}-${Date.now() % 100000}`, customerId, productName: '测试机组', items: lines.map(([partItemId, planQty]) => ({ partItemId, planQty })) } }));
    if (release) ok(await h.call('POST', `${B}/work-order/${o.workOrderId}/release`, { token: t.wh, data: {} }));
    return o.workOrderId as number;
  };
  const newInStorage = async (workOrderId: number, lines: { partItemId: number; qty: number; locationCode?: string; condition?: number }[]) =>
    ok(await h.call('POST', `${B}/in-storage/save`, { token: t.wh, data: {
      warehouseId, customerId, workOrderId, inType: 1, arrivalAt: new Date().toISOString(), truckLicensePlate: '苏E·K8861', items: lines } }));
  const accepted = async (workOrderId: number, lines: { partItemId: number; qty: number; locationCode?: string; condition?: number }[]) => {
    const d = await newInStorage(workOrderId, lines);
    ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/submit`, { token: t.wh, data: {} }));
    ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/accept`, { token: t.wh, data: {} }));
    return d.inStorageId as number;
  };
  const order = async (id: number) => ok(await h.call('GET', `${B}/work-order/${id}`, { token: t.wh }));
  const stockOf = async (partItemId: number) => ok(await h.call('GET', `${B}/stock/page?partItemId=${partItemId}&pageSize=100`, { token: t.wh }));
  const partRow = async (id: number) => ok(await h.call('GET', `${B}/part-item/${id}`, { token: t.wh }));

  beforeAll(async () => {
    h = await startHarness(backend);
    t.wh = await h.login('wh', 'Wh@123');
    t.admin = await login(h, 'admin');
    const db = h.database.db;
    sz = (await db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运仓储(苏州)有限公司').executeTakeFirstOrThrow()) as any;
    sh = (await db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as any;
    whStaffId = ((await db.selectFrom('staff').select('staffId').where('orgId', '=', sz.orgId).where('name', '=', '顾卫东').executeTakeFirstOrThrow()) as any).staffId;
    warehouseId = ((await db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sz.orgId).where('code', '=', 'SZ-LJ01').executeTakeFirstOrThrow()) as any).warehouseId;
    customerId = ((await db.selectFrom('customer').select('customerId').where('orgId', '=', sz.orgId).where('name', 'like', '%振华重工%').executeTakeFirstOrThrow()) as any).customerId;
  }, 120_000);
  afterAll(async () => h?.close());

  it('demo data: 振华重工 parts of QC-2309, work orders at several states, stock on several 库位 of 苏州零件库 from real ledger rows', async () => {
    const parts = ok(await h.call('GET', `${B}/part-item/page?pageSize=100&customerId=${customerId}`, { token: t.wh }));
    expect(parts.total).toBeGreaterThanOrEqual(60);
    const orders = ok(await h.call('GET', `${B}/work-order/page?pageSize=100`, { token: t.wh })).list as any[];
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set([0, 5, 10, 20, 30])); // the 已齐套 order ships (inventory-delivery)
    const stock = ok(await h.call('GET', `${B}/stock/page?pageSize=500&warehouseId=${warehouseId}`, { token: t.wh }));
    expect(new Set(stock.list.map((r: any) => r.locationCode)).size).toBeGreaterThanOrEqual(5);
    expect(stock.list.every((r: any) => r.qty > 0)).toBe(true);
    const docs = ok(await h.call('GET', `${B}/in-storage/page?pageSize=100`, { token: t.wh })).list as any[];
    expect(new Set(docs.map((d) => d.status))).toEqual(new Set([0, 5, 10, 15]));
    expect(docs.some((d) => d.damagedPieces > 0)).toBe(true);
    // every part's counter equals its ledger
    for (const p of parts.list.slice(0, 20)) {
      const sum = (stock.list as any[]).filter((r) => r.partItemId === p.partItemId).reduce((s, r) => s + r.qty, 0);
      expect(p.stockQty).toBe(sum);
    }
  });

  it('a blank barcode is the 零件号; a 零件号 is unique per customer', async () => {
    const p = await newPart({ partNo: 'ZPMC-T-BC1' });
    expect(p.barcode).toBe('ZPMC-T-BC1');
    const q = await newPart({ partNo: 'ZPMC-T-BC2', barcode: '6901234567892' });
    expect(q.barcode).toBe('6901234567892');
    const dup = await h.call('POST', `${B}/part-item/save`, { token: t.wh, data: { partNo: 'ZPMC-T-BC1', name: '重复', customerId } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该客户已有此零件号');
  });

  it('验收入库 posts the lines to their 库位, raises 已到件数 and moves the work order 已下达 → 收货中 → 已齐套; 作废 reverses it', async () => {
    const a = await newPart();
    const b = await newPart();
    const wo = await newOrder([[a.partItemId, 3], [b.partItemId, 2]]);
    expect((await order(wo)).status).toBe(5);
    const first = await accepted(wo, [{ partItemId: a.partItemId, qty: 2, locationCode: 'a-03-02' }, { partItemId: b.partItemId, qty: 2, locationCode: 'B-01-01', condition: 3 }]);
    let o = await order(wo);
    expect(o.status).toBe(10);
    expect(o.items.map((i: any) => i.receivedQty)).toEqual([2, 2]);
    expect(o.progress).toBe('80.00');
    const s = await stockOf(a.partItemId);
    expect(s.list).toEqual([expect.objectContaining({ warehouseId, partItemId: a.partItemId, locationCode: 'A-03-02', qty: 2, weight: '25.000' })]);
    expect((await partRow(a.partItemId)).stockQty).toBe(2);
    const doc = ok(await h.call('GET', `${B}/in-storage/${first}`, { token: t.wh }));
    expect({ totalPieces: doc.totalPieces, damagedPieces: doc.damagedPieces, status: doc.status }).toEqual({ totalPieces: 4, damagedPieces: 2, status: 10 });
    const second = await accepted(wo, [{ partItemId: a.partItemId, qty: 1, locationCode: 'A-03-03' }]);
    o = await order(wo);
    expect(o.status).toBe(15);
    expect(o.progress).toBe('100.00');
    // the ledger behind the figure
    const ledger = ok(await h.call('GET', `${B}/stock-ledger/page?warehouseId=${warehouseId}&partItemId=${a.partItemId}`, { token: t.wh }));
    expect(ledger.list.map((r: any) => [r.docType, r.direction, r.qty, r.locationCode]).sort()).toEqual([[1, 1, 1, 'A-03-03'], [1, 1, 2, 'A-03-02']]);
    // 作废 of the second: stock back out, the order 收货中 again
    ok(await h.call('POST', `${B}/in-storage/${second}/void`, { token: t.wh, data: { voidReason: '送错批次' } }));
    o = await order(wo);
    expect(o.status).toBe(10);
    expect((await partRow(a.partItemId)).stockQty).toBe(2);
    const after = ok(await h.call('GET', `${B}/stock-ledger/page?partItemId=${a.partItemId}&locationCode=A-03-03`, { token: t.wh }));
    expect(after.list.map((r: any) => [r.docType, r.direction, r.qtyChange]).sort()).toEqual([[1, 1, 1], [5, 2, -1]]);
  });

  it('作废 is refused while the stock of a line has left (409 库存不足，无法作废), and nothing changes', async () => {
    const a = await newPart();
    const wo = await newOrder([[a.partItemId, 5]]);
    const doc = await accepted(wo, [{ partItemId: a.partItemId, qty: 5, locationCode: 'C-01-01' }]);
    await inTx((ctx) => postOut(ctx, { docType: DOC.delivery, docId: 900001, docNo: 'CK-TEST' }, [{ warehouseId, itemId: a.partItemId, qty: 2, locationCode: 'C-01-01' }]));
    const r = await h.call('POST', `${B}/in-storage/${doc}/void`, { token: t.wh, data: { voidReason: '测试' } });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('库存不足，无法作废');
    expect(ok(await h.call('GET', `${B}/in-storage/${doc}`, { token: t.wh })).status).toBe(10);
    expect((await partRow(a.partItemId)).stockQty).toBe(3);
  });

  it('an out beyond the position refuses with the part and both figures (400), and writes nothing', async () => {
    const a = await newPart();
    const wo = await newOrder([[a.partItemId, 4]]);
    await accepted(wo, [{ partItemId: a.partItemId, qty: 4, locationCode: 'A-01-01' }]);
    await expect(inTx((ctx) => postOut(ctx, { docType: DOC.delivery, docId: 900002 }, [{ warehouseId, itemId: a.partItemId, qty: 5, locationCode: 'A-01-01' }])))
      .rejects.toMatchObject({ status: 400, message: `库存不足：${a.partNo} 库存4件，需5件` });
    // the pieces are on A-01-01, not elsewhere
    await expect(inTx((ctx) => postOut(ctx, { docType: DOC.delivery, docId: 900002 }, [{ warehouseId, itemId: a.partItemId, qty: 1, locationCode: 'A-09-09' }])))
      .rejects.toMatchObject({ status: 400, message: `库存不足：${a.partNo} 库存0件，需1件` });
    expect((await partRow(a.partItemId)).stockQty).toBe(4);
  });

  describe('transitions: only from their states, only with their permission', () => {
    const cases: { entity: 'inStorage' | 'workOrder'; name: string; path: string; from: number[]; all: number[]; body?: Record<string, unknown>; permission: string }[] = [
      { entity: 'workOrder', name: 'release', path: 'release', from: [0], all: [0, 5, 10, 15, 20, 25, 30], permission: '仓库:工单' },
      { entity: 'workOrder', name: 'close', path: 'close', from: [0, 5, 10, 15, 20, 25], all: [0, 5, 10, 15, 20, 25, 30], body: { closeReason: '客户取消' }, permission: '仓库:工单' },
      { entity: 'inStorage', name: 'submit', path: 'submit', from: [0], all: [0, 5, 10, 15], permission: '仓库:入库' },
      { entity: 'inStorage', name: 'accept', path: 'accept', from: [5], all: [0, 5, 10, 15], permission: '仓库:入库' },
      { entity: 'inStorage', name: 'void', path: 'void', from: [10], all: [0, 5, 10, 15], body: { voidReason: '测试作废' }, permission: '仓库:入库' },
    ];
    const make = async (entity: 'inStorage' | 'workOrder', state: number) => {
      const a = await newPart();
      const wo = await newOrder([[a.partItemId, 3]], entity === 'inStorage');
      if (entity === 'workOrder') {
        await force(h, 'workOrder', 'workOrderId', wo, { status: state });
        return { id: wo, base: 'work-order' };
      }
      const d = await newInStorage(wo, [{ partItemId: a.partItemId, qty: 1, locationCode: 'D-01-01' }]);
      if (state >= 5) ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/submit`, { token: t.wh, data: {} }));
      if (state >= 10) ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/accept`, { token: t.wh, data: {} }));
      if (state >= 15) ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/void`, { token: t.wh, data: { voidReason: '准备' } }));
      return { id: d.inStorageId as number, base: 'in-storage' };
    };
    for (const c of cases) {
      for (const state of c.all) {
        const allowed = c.from.includes(state);
        it(`${c.entity}.${c.name} from ${state}: ${allowed ? 'allowed' : '409'}`, async () => {
          const { id, base } = await make(c.entity, state);
          const r = await h.call('POST', `${B}/${base}/${id}/${c.path}`, { token: t.wh, data: c.body ?? {} });
          if (allowed) expect(r.status, JSON.stringify(r.body)).toBe(200);
          else {
            expect(r.status).toBe(409);
            expect(r.body.msg).toBe(REFUSED);
          }
        });
      }
      it(`${c.entity}.${c.name} needs ${c.permission} (403 without it)`, async () => {
        const other = c.permission === '仓库:工单' ? '仓库:入库' : '仓库:工单';
        const stranger = (await userWith(h, [other])).token;
        // the stranger works in 华运上海: a record of their own organisation in the right state
        const a = ok(await h.call('POST', `${B}/part-item/save`, { token: t.admin, data: { partNo: `SH-${c.name}-${Date.now() % 100000}`, name: '上海零件', customerId: await shCustomer() } }));
        const wo = ok(await h.call('POST', `${B}/work-order/save`, { token: t.admin, data: { workOrderNo: `SH-${c.name}-${Date.now() % 100000}`, customerId: a.customerId, items: [{ partItemId: a.partItemId, planQty: 1 }] } }));
        let id = wo.workOrderId as number;
        let base = 'work-order';
        if (c.entity === 'inStorage') {
          ok(await h.call('POST', `${B}/work-order/${id}/release`, { token: t.admin, data: {} }));
          const d = ok(await h.call('POST', `${B}/in-storage/save`, { token: t.admin, data: { warehouseId: await shWarehouse(), customerId: a.customerId, workOrderId: id, arrivalAt: new Date().toISOString(), items: [{ partItemId: a.partItemId, qty: 1 }] } }));
          id = d.inStorageId;
          base = 'in-storage';
          await force(h, 'inStorage', 'inStorageId', id, { status: c.from[0] });
        } else await force(h, 'workOrder', 'workOrderId', id, { status: c.from[0] });
        const r = await h.call('POST', `${B}/${base}/${id}/${c.path}`, { token: stranger, data: c.body ?? {} });
        expect(r.status).toBe(403);
      });
    }
    it('the automatic steps of a work order are the system\'s: no call performs them', async () => {
      const wo = await newOrder([[(await newPart()).partItemId, 1]]);
      for (const path of ['start-receiving', 'complete', 'startReceiving']) expect((await h.call('POST', `${B}/work-order/${wo}/${path}`, { token: t.wh, data: {} })).status).toBe(404);
    });
  });

  let shCustomerId: number | undefined;
  let shWarehouseId: number | undefined;
  async function shCustomer() {
    shCustomerId ??= ((await h.database.db.selectFrom('customer').select('customerId').where('orgId', '=', sh.orgId).where('verifyStatus', '=', 15).orderBy('customerId').executeTakeFirstOrThrow()) as any).customerId;
    return shCustomerId!;
  }
  async function shWarehouse() {
    shWarehouseId ??= ((await h.database.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sh.orgId).orderBy('warehouseId').executeTakeFirstOrThrow()) as any).warehouseId;
    return shWarehouseId!;
  }

  it('tenant isolation: 华运苏州\'s keeper sees nothing of 华运上海\'s parts, documents, stock or ledger', async () => {
    const a = ok(await h.call('POST', `${B}/part-item/save`, { token: t.admin, data: { partNo: 'SH-ISO-1', name: '上海零件', customerId: await shCustomer() } }));
    const wo = ok(await h.call('POST', `${B}/work-order/save`, { token: t.admin, data: { workOrderNo: 'SH-ISO-WO', customerId: a.customerId, items: [{ partItemId: a.partItemId, planQty: 2 }] } }));
    ok(await h.call('POST', `${B}/work-order/${wo.workOrderId}/release`, { token: t.admin, data: {} }));
    const d = ok(await h.call('POST', `${B}/in-storage/save`, { token: t.admin, data: { warehouseId: await shWarehouse(), customerId: a.customerId, workOrderId: wo.workOrderId, arrivalAt: new Date().toISOString(), items: [{ partItemId: a.partItemId, qty: 2, locationCode: 'SH-01' }] } }));
    ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/submit`, { token: t.admin, data: {} }));
    ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/accept`, { token: t.admin, data: {} }));
    expect(ok(await h.call('GET', `${B}/stock/page?partItemId=${a.partItemId}`, { token: t.admin })).total).toBe(1);

    expect(ok(await h.call('GET', `${B}/stock/page?partItemId=${a.partItemId}`, { token: t.wh })).total).toBe(0);
    expect(ok(await h.call('GET', `${B}/stock/page?pageSize=500`, { token: t.wh })).list.some((r: any) => r.partItemId === a.partItemId)).toBe(false);
    expect(ok(await h.call('GET', `${B}/stock-ledger/page?partItemId=${a.partItemId}`, { token: t.wh })).total).toBe(0);
    expect(ok(await h.call('GET', `${B}/part-item/page?keyword=SH-ISO-1`, { token: t.wh })).total).toBe(0);
    expect((await h.call('GET', `${B}/part-item/${a.partItemId}`, { token: t.wh })).status).toBe(404);
    expect((await h.call('GET', `${B}/in-storage/${d.inStorageId}`, { token: t.wh })).status).toBe(404);
    expect((await h.call('POST', `${B}/in-storage/${d.inStorageId}/void`, { token: t.wh, data: { voidReason: 'x' } })).status).toBe(404);
    // nor can a 苏州 document name a 上海 part
    const wo2 = await newOrder([[(await newPart()).partItemId, 1]]);
    const r = await h.call('POST', `${B}/in-storage/save`, { token: t.wh, data: { warehouseId, customerId, workOrderId: wo2, arrivalAt: new Date().toISOString(), items: [{ partItemId: a.partItemId, qty: 1 }] } });
    expect(r.status).toBe(400);
  });

  it('property: over random sequences of in, out and 作废, on-hand = Σ movements ≥ 0 per position, and the part\'s counter follows', async () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const parts = [await newPart(), await newPart()];
    const locs = ['P-01', 'P-02', null];
    const model = new Map<string, number>();
    const key = (p: number, l: string | null) => `${p}:${l ?? ''}`;
    const docs: { id: number; type: 1 | 4; lines: { p: number; l: string | null; qty: number }[]; reversed: boolean }[] = [];
    let docId = 800000 + (backend === 'postgres' ? 50000 : 0);
    const steps = backend === 'postgres' ? 60 : 120;
    for (let i = 0; i < steps; i++) {
      const r = rand();
      const line = () => ({ p: Number(parts[Math.floor(rand() * 2)]!.partItemId), l: locs[Math.floor(rand() * 3)]!, qty: 1 + Math.floor(rand() * 4) });
      if (r < 0.45) {
        const lines = [line(), line()];
        const id = ++docId;
        await inTx((ctx) => postIn(ctx, { docType: DOC.inStorage, docId: id }, lines.map((x) => ({ warehouseId, itemId: x.p, qty: x.qty, locationCode: x.l }))));
        for (const x of lines) model.set(key(x.p, x.l), (model.get(key(x.p, x.l)) ?? 0) + x.qty);
        docs.push({ id, type: 1, lines, reversed: false });
      } else if (r < 0.85) {
        const x = line();
        const id = ++docId;
        const fits = (model.get(key(x.p, x.l)) ?? 0) >= x.qty;
        const res = await inTx((ctx) => postOut(ctx, { docType: DOC.delivery, docId: id }, [{ warehouseId, itemId: x.p, qty: x.qty, locationCode: x.l }])).then(() => true, (e) => {
          expect(e.status).toBe(400);
          return false;
        });
        expect(res).toBe(fits);
        if (res) {
          model.set(key(x.p, x.l), model.get(key(x.p, x.l))! - x.qty);
          docs.push({ id, type: 4, lines: [x], reversed: false });
        }
      } else if (docs.length) {
        const d = docs[Math.floor(rand() * docs.length)]!;
        const fits = d.type === 4 || d.reversed || d.lines.every((x) => (model.get(key(x.p, x.l)) ?? 0) >= d.lines.filter((y) => key(y.p, y.l) === key(x.p, x.l)).reduce((s, y) => s + y.qty, 0));
        const res = await inTx((ctx) => reverse(ctx, { docType: d.type, docId: d.id })).then((done) => done, (e) => {
          expect(e.status).toBe(409);
          return 'refused' as const;
        });
        if (d.reversed) expect(res).toBe(false);
        else if (!fits) expect(res).toBe('refused');
        else {
          expect(res).toBe(true);
          d.reversed = true;
          for (const x of d.lines) model.set(key(x.p, x.l), (model.get(key(x.p, x.l)) ?? 0) + (d.type === 1 ? -x.qty : x.qty));
        }
      }
      // invariant after every step
      const figures = await inTx((ctx) => onHand(ctx, { warehouseId, includeZero: true }));
      for (const p of parts) {
        for (const l of locs) {
          const f = figures.find((x) => x.itemId === Number(p.partItemId) && x.locationCode === l)?.qty ?? 0;
          expect(f).toBe(model.get(key(Number(p.partItemId), l)) ?? 0);
          expect(f).toBeGreaterThanOrEqual(0);
        }
      }
    }
    for (const p of parts) {
      const total = await inTx((ctx) => onHandOf(ctx, { itemId: Number(p.partItemId) }));
      expect((await partRow(p.partItemId)).stockQty).toBe(total.qty);
      expect(total.qty).toBe(locs.reduce((s, l) => s + (model.get(key(Number(p.partItemId), l)) ?? 0), 0));
      // the stock screen reads the balance the database keeps from the ledger (migration 018): same figures
      const screen = ok(await h.call('GET', `${B}/stock/page?partItemId=${p.partItemId}&warehouseId=${warehouseId}&includeZero=true&pageSize=50`, { token: t.wh })).list as { locationCode: string | null; qty: number }[];
      for (const l of locs) expect(screen.find((x) => x.locationCode === l)?.qty ?? 0).toBe(model.get(key(Number(p.partItemId), l)) ?? 0);
    }
  }, 120_000);

  it('20 parallel outs of the last 7 pieces: exactly 7 pass, 13 are refused, stock ends at 0 (never negative)', async () => {
    const a = await newPart();
    const wo = await newOrder([[a.partItemId, 7]]);
    await accepted(wo, [{ partItemId: a.partItemId, qty: 7, locationCode: 'A-03-02' }]);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) =>
      inTx((ctx) => postOut(ctx, { docType: DOC.delivery, docId: 700000 + i }, [{ warehouseId, itemId: a.partItemId, qty: 1, locationCode: 'A-03-02' }]))));
    const passed = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(passed).toBe(7);
    expect(refused.map((r) => r.reason.message)).toEqual(Array(13).fill(`库存不足：${a.partNo} 库存0件，需1件`));
    const figure = await inTx((ctx) => onHandOf(ctx, { warehouseId, itemId: Number(a.partItemId), locationCode: 'A-03-02' }));
    expect(figure.qty).toBe(0);
    expect((await partRow(a.partItemId)).stockQty).toBe(0);
  }, 60_000);
});
