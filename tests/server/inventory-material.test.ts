/**
 * 物料入库 and 领用 (issue 18, DOMAIN §3.5 materialIn/materialUse, §4.4): an 物料入库单 books its
 * lines into the stock ledger as materials (itemKind 2) at their prices; 领用 takes stock out at
 * the moving weighted average and is refused (400 库存不足, nothing written) beyond what is there;
 * 作废 of an 入库单 whose material was used up is refused (409 库存不足，无法作废); 20 parallel 领用 of
 * the last units let exactly those that fit pass; 验收入库 and 出库 write the crew's 工时记录.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

const B = '/api/v1/inventory-base';

describe.each(await backends())('物料入库 and 领用 on %s', (backend) => {
  let h: Harness;
  let token: string;
  let warehouseId: number;
  let supplierId: number;
  let serial = 0;
  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const newMaterial = async (safetyStock: string | null = null) => {
    serial += 1;
    return ok(await h.call('POST', `${B}/material-item/save`, { token, data: { materialNo: `T-${serial}-${Date.now() % 100000}`, name: `测试物料${serial}`, unit: '个', category: 1, safetyStock, refPrice: '10.00' } }));
  };
  const materialIn = async (lines: [number, number, string][]) => ok(await h.call('POST', `${B}/material-in/save`, { token, data: {
    warehouseId, materialSupplierId: supplierId, inDate: '2026-11-20', items: lines.map(([materialId, qty, unitPrice]) => ({ materialId, qty, unitPrice })) } }));
  const use = (materialId: number, qty: number) => h.call('POST', `${B}/material-use/save`, { token, data: { warehouseId, materialId, qty, useDate: '2026-11-21' } });
  const stockQty = async (id: number) => Number(ok(await h.call('GET', `${B}/material-item/${id}`, { token })).stockQty);

  beforeAll(async () => {
    h = await startHarness(backend);
    token = await h.login('wh', 'Wh@123');
    const db = h.database.db;
    const sz = (await db.selectFrom('organization').select(['orgId']).where('name', '=', '华运仓储(苏州)有限公司').executeTakeFirstOrThrow()) as any;
    warehouseId = ((await db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sz.orgId).where('code', '=', 'SZ-WL01').executeTakeFirstOrThrow()) as any).warehouseId;
    supplierId = ((await db.selectFrom('materialSupplier').select('materialSupplierId').where('orgId', '=', sz.orgId).orderBy('materialSupplierId').executeTakeFirstOrThrow()) as any).materialSupplierId;
  }, 120_000);
  afterAll(async () => h?.close());

  it('demo data: 25 物料入库单 (one 作废), 60 领用, two materials below their safety stock', async () => {
    const ins = ok(await h.call('GET', `${B}/material-in/page?pageSize=100`, { token }));
    expect(ins.total).toBe(25);
    expect(ins.list.filter((r: any) => r.status === 15)).toHaveLength(1);
    expect(ok(await h.call('GET', `${B}/material-use/page?pageSize=1`, { token })).total).toBe(60);
    const all = ok(await h.call('GET', `${B}/material-item/page?pageSize=100`, { token })).list as any[];
    const below = all.filter((m) => m.safetyStock !== null && Number(m.stockQty) > 0 && Number(m.stockQty) < Number(m.safetyStock)).map((m) => m.materialNo).sort();
    expect(below).toEqual(['WL-JG-003', 'WL-LB-002']);
  });

  it('物料库存 (stock/materials): on-hand beside 安全库存, those below it first; belowSafety=true lists only them, of this organisation', async () => {
    const m = await newMaterial('5');
    await materialIn([[m.materialId, 3, '2.00']]);
    const page = ok(await h.call('GET', `${B}/stock/materials?pageSize=500`, { token }));
    const row = page.list.find((r: any) => r.materialId === m.materialId);
    expect(row).toMatchObject({ below: true });
    expect(Number(row.stockQty)).toBe(3);
    const firstAbove = page.list.findIndex((r: any) => !r.below);
    expect(page.list.slice(firstAbove === -1 ? page.list.length : firstAbove).every((r: any) => !r.below)).toBe(true);
    const only = ok(await h.call('GET', `${B}/stock/materials?belowSafety=true&pageSize=500`, { token }));
    expect(only.list.length).toBe(page.list.filter((r: any) => r.below).length);
    expect(only.list.every((r: any) => Number(r.stockQty) < Number(r.safetyStock))).toBe(true);
    expect(only.list.map((r: any) => r.materialNo)).toEqual(expect.arrayContaining(['WL-JG-003', 'WL-LB-002', m.materialNo]));
    // the other organisation's materials never appear
    const admin = await h.login('admin', 'Admin@123');
    const theirs = ok(await h.call('GET', `${B}/stock/materials?pageSize=500`, { token: admin })).list.map((r: any) => r.materialId);
    expect(theirs).not.toContain(m.materialId);
  });

  it('入库 books the lines at their prices; 领用 takes the moving weighted average; beyond stock is 400 with nothing written', async () => {
    const m = await newMaterial('5.000');
    const a = await materialIn([[m.materialId, 10, '10.00']]);
    expect(a).toMatchObject({ status: 10, totalQty: 10, totalAmount: '100.00' });
    expect(a.materialInNo).toMatch(/^WL\d{10}$/);
    await materialIn([[m.materialId, 10, '13.00']]);
    expect(await stockQty(m.materialId)).toBe(20);
    // average (100 + 130) / 20 = 11.50
    const u = ok(await use(m.materialId, 4));
    expect(u.amount ?? ok(await h.call('GET', `${B}/material-use/${u.materialUseId}`, { token })).amount).toBe('46.00');
    const refused = await use(m.materialId, 17);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^库存不足：T-\d+-\d+ 库存16个，需17个$/);
    expect(await stockQty(m.materialId)).toBe(16);
    expect(ok(await h.call('GET', `${B}/material-use/page?materialId=${m.materialId}`, { token })).total).toBe(1);
  });

  it('作废 of an 入库单 reverses it; once its material is used up the 作废 is refused with 409 库存不足，无法作废', async () => {
    const m = await newMaterial();
    const a = await materialIn([[m.materialId, 6, '5.00']]);
    const b = await materialIn([[m.materialId, 3, '5.00']]);
    ok(await use(m.materialId, 7));
    const refused = await h.call('POST', `${B}/material-in/${a.materialInId}/void`, { token, data: { voidReason: '录错' } });
    expect([refused.status, refused.body.msg]).toEqual([409, '库存不足，无法作废']);
    // 9 in, 7 used: the 3 of b are still there, so b may be voided (2 left → 作废 b needs 3: refused too)
    const refusedB = await h.call('POST', `${B}/material-in/${b.materialInId}/void`, { token, data: { voidReason: '录错' } });
    expect(refusedB.status).toBe(409);
    expect(await stockQty(m.materialId)).toBe(2);
  });

  it('作废 of a 领用 puts the material back; a voided 入库单 cannot be voided again', async () => {
    const m = await newMaterial();
    const a = await materialIn([[m.materialId, 5, '2.00']]);
    const u = ok(await use(m.materialId, 5));
    expect(await stockQty(m.materialId)).toBe(0);
    ok(await h.call('POST', `${B}/material-use/${u.materialUseId}/void`, { token, data: { voidReason: '领错' } }));
    expect(await stockQty(m.materialId)).toBe(5);
    ok(await h.call('POST', `${B}/material-in/${a.materialInId}/void`, { token, data: { voidReason: '退货' } }));
    expect(await stockQty(m.materialId)).toBe(0);
    const again = await h.call('POST', `${B}/material-in/${a.materialInId}/void`, { token, data: { voidReason: '退货' } });
    expect(again.status).toBe(409);
  });

  it('20 parallel 领用 of the last 6 units: exactly 6 pass, 14 get 库存不足, stock ends at 0', async () => {
    const m = await newMaterial();
    await materialIn([[m.materialId, 6, '1.00']]);
    const results = await Promise.all(Array.from({ length: 20 }, () => use(m.materialId, 1)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 400 && String(r.body.msg).startsWith('库存不足：'))).toHaveLength(14);
    expect(await stockQty(m.materialId)).toBe(0);
    const ledger = ok(await h.call('GET', `${B}/stock-ledger/page?itemKind=2&materialId=${m.materialId}&pageSize=100`, { token }));
    expect(ledger.list.reduce((s: number, r: any) => s + r.qtyChange, 0)).toBe(0);
  }, 60_000);

  it('验收入库 writes a 工时记录 per worker with the document tonnage × the post ratio', async () => {
    const db = h.database.db;
    const rows = (await db.selectFrom('workRecord').selectAll().where('docType', '=', 1).execute()) as any[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows.slice(0, 20)) {
      const doc = (await db.selectFrom('inStorage').select(['totalWeight', 'totalPieces', 'status']).where('inStorageId', '=', r.docId).executeTakeFirstOrThrow()) as any;
      expect(doc.status).toBe(10);
      expect(Number(r.tonnage)).toBeCloseTo(Number(doc.totalWeight) / 1000, 3);
      expect(Number(r.weightedLoad)).toBeCloseTo(Number(r.tonnage) * Number(r.ratio), 2);
    }
    // a voided in-storage keeps no work records, nor does a cancelled delivery
    const voided = (await db.selectFrom('inStorage').select('inStorageId').where('status', '=', 15).execute()) as any[];
    for (const v of voided) expect((await db.selectFrom('workRecord').select('workRecordId').where('docType', '=', 1).where('docId', '=', v.inStorageId).execute()).length).toBe(0);
    const cancelled = (await db.selectFrom('delivery').select('deliveryId').where('status', '=', 5).execute()) as any[];
    for (const c of cancelled) expect((await db.selectFrom('workRecord').select('workRecordId').where('docType', '=', 2).where('docId', '=', c.deliveryId).execute()).length).toBe(0);
    expect((await db.selectFrom('workRecord').select('workRecordId').where('docType', '=', 2).execute()).length).toBeGreaterThan(0);
  });

  it('仓储合同 of a work order prints as template 7 with its parts and the storage terms of 系统配置', async () => {
    const wo = (await h.database.db.selectFrom('workOrder').select(['workOrderId', 'workOrderNo']).where('status', '=', 20).executeTakeFirstOrThrow()) as any;
    const doc = ok(await h.call('GET', `/api/v1/project-base/print/7/${wo.workOrderId}`, { token }));
    expect(doc).toMatchObject({ type: 7, title: '仓储保管合同', docNo: wo.workOrderNo });
    expect(doc.tables[0].rows.length).toBeGreaterThan(0);
    expect(doc.clauses.join('')).toMatch(/免费保管 7 天，超期部分按 3 元\/吨·天/);
    const admin = await h.login('finance', 'Finance@123');
    expect((await h.call('GET', `/api/v1/project-base/print/7/${wo.workOrderId}`, { token: admin })).status).toBe(403);
  });
});
