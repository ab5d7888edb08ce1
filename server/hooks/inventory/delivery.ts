/**
 * 出库单 (DOMAIN §3.5 delivery, §4.4): saving a new delivery takes its lines out of stock through
 * the ledger (400 `库存不足…` and nothing written when a line does not fit), moves the work order's
 * 已发件数 and state, and — when our truck is needed — raises a submitted transport demand (source 2
 * 仓库) for the dispatch flow. A 补发 (type 2) sends what a partly signed delivery is short. 作废
 * reverses the ledger rows and revokes a demand nobody has dispatched yet. Once out, the lines and
 * the warehouse stay as they are (the ledger is never edited): a wrong delivery is 作废 and redone.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { DOC, lockStockItems, postOut, reverse } from '../../inventory/ledger';
import { DELIVERY, DELIVERY_TYPE, syncWorkOrderDelivery } from '../../inventory/delivery-progress';
import { WORK_DOC, deliveryWorkers, syncWorkRecords } from '../../inventory/work-record';

type Row = Record<string, any>;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const lines = (v: unknown) => (Array.isArray(v) ? v : []) as Row[];
const loc = (v: unknown) => (blank(v) ? '' : String(v).trim().toUpperCase());

async function linesOf(ctx: HookContext, deliveryId: number): Promise<Row[]> {
  return (await ctx.q.select('deliveryItem').selectAll().where('deliveryItem.deliveryId', '=', deliveryId).orderBy('deliveryItem.deliveryItemId').execute()) as Row[];
}

/** What a partly signed delivery is still short: its pieces − received − what live 补发 already sent. */
export async function shortOf(ctx: HookContext, origin: Row): Promise<number> {
  const sent = (await ctx.q.select('delivery').select(['totalPieces'])
    .where('delivery.originDeliveryId', '=', Number(origin.deliveryId)).where('delivery.status', '<>', DELIVERY.cancelled).execute()) as Row[];
  return Number(origin.totalPieces ?? 0) - Number(origin.receivedPieces ?? 0) - sent.reduce((s, r) => s + Number(r.totalPieces ?? 0), 0);
}

async function checkAdditional(ctx: HookContext, record: Row, items: Row[]) {
  if (blank(record.originDeliveryId)) throw badRequest('补发出库请选择原出库单', { field: 'originDeliveryId' });
  const origin = await ctx.q.get('delivery', Number(record.originDeliveryId));
  if (!origin) return; // the pipeline names a missing reference itself
  if (Number(origin.status) !== DELIVERY.partial) throw conflict('只有部分签收的出库单可以补发');
  if (Number(origin.deliveryType) === DELIVERY_TYPE.additional) throw badRequest('请按最初的出库单补发', { field: 'originDeliveryId' });
  if (Number(origin.customerId) !== Number(record.customerId)) throw badRequest('补发的客户须与原出库单一致', { field: 'customerId' });
  const originQty = new Map<number, number>();
  for (const l of await linesOf(ctx, Number(origin.deliveryId))) originQty.set(Number(l.partItemId), (originQty.get(Number(l.partItemId)) ?? 0) + Number(l.qty));
  const want = new Map<number, number>();
  for (const [i, l] of items.entries()) {
    const part = Number(l.partItemId);
    if (!originQty.has(part)) throw badRequest(`补发明细第${i + 1}行：零件不在原出库单中`, { field: `items.${i}.partItemId` });
    want.set(part, (want.get(part) ?? 0) + Number(l.qty ?? 0));
    if (want.get(part)! > originQty.get(part)!) throw badRequest(`补发明细第${i + 1}行：补发件数超过原出库件数`, { field: `items.${i}.qty` });
  }
  const short = await shortOf(ctx, origin);
  const total = items.reduce((s, l) => s + Number(l.qty ?? 0), 0);
  if (total > short) throw badRequest(`补发件数不能超过原出库单短少的 ${Math.max(0, short)} 件`, { field: 'items' });
  record.workOrderId = origin.workOrderId;
}

/** needTransport: a submitted transport demand (source 2 仓库) of the work order's project. */
async function raiseDemand(ctx: HookContext, row: Row) {
  const order = row.workOrderId ? await ctx.q.get('workOrder', Number(row.workOrderId)) : undefined;
  if (!order?.projectId) throw badRequest('需要派车的出库单须选择已关联项目的工单', { field: 'needTransport' });
  if (!row.deliveryAddressId) throw badRequest('需要派车请选择收货地址', { field: 'deliveryAddressId' });
  const [warehouse, address] = [await ctx.q.get('warehouse', Number(row.warehouseId)), await ctx.q.get('deliveryAddress', Number(row.deliveryAddressId))];
  if (!warehouse?.regionCode || blank(warehouse.address)) throw badRequest('仓库未填写地区和地址，不能发起派车', { field: 'warehouseId' });
  const demand = await ctx.create('transportDemand', {
    source: 2, deliveryId: Number(row.deliveryId), projectId: Number(order.projectId),
    cargoName: String(order.productName || `出库单${row.deliveryNo}`).slice(0, 100),
    pieces: Number(row.totalPieces), weight: Math.max(0.001, Number(row.totalWeight ?? 0) / 1000).toFixed(3),
    loadRegionCode: warehouse.regionCode, loadAddress: String(warehouse.address).slice(0, 200),
    unloadRegionCode: address!.regionCode, unloadAddress: String(address!.address).slice(0, 200),
    unloadContact: address!.contactName ?? null, unloadPhone: address!.contactPhone ?? null,
    planLoadTime: row.outAt, truckCount: 1, remark: `仓库出库单 ${row.deliveryNo}`,
  });
  await ctx.transition('transportDemand', Number(demand.demandId), 'submit');
  await ctx.q.update('delivery').set({ demandId: Number(demand.demandId) }).where('delivery.deliveryId', '=', Number(row.deliveryId)).execute();
  ctx.say('已生成运输需求，等待调度派车');
}

/**
 * A scanned line names the part but not its 库位: the keeper takes it from where it lies. A line
 * without a 库位 is given the position of the warehouse that holds enough of the part (the fullest
 * one); when the stock is spread so that no single 库位 holds the line, the refusal names where
 * the pieces are, so the keeper splits the line. A part with no stock at all is left to the
 * ledger's 库存不足. Positions are read from stock_balance (the ledger's sums, migration 018).
 */
async function fillLocations(ctx: HookContext, record: Row, items: Row[], parts: Map<number, Row>) {
  const open = items.filter((l) => blank(l.locationCode) && parts.has(Number(l.partItemId)));
  if (!open.length || blank(record.warehouseId) || !ctx.session) return;
  const rows = (await ctx.db.selectFrom('stockBalance').select(['itemId', 'locationCode', 'qty'])
    .where('orgId', '=', ctx.session.orgId).where('warehouseId', '=', Number(record.warehouseId)).where('itemKind', '=', 1)
    .where('itemId', 'in', [...new Set(open.map((l) => Number(l.partItemId)))]).where('qty', '>', 0 as any)
    .execute()) as Row[];
  const left = new Map<string, number>();
  for (const r of rows) left.set(`${r.itemId}:${r.locationCode}`, Number(r.qty));
  // what the lines with a 库位 already take comes first
  for (const l of items) {
    if (blank(l.locationCode)) continue;
    const k = `${Number(l.partItemId)}:${loc(l.locationCode)}`;
    if (left.has(k)) left.set(k, left.get(k)! - Number(l.qty ?? 0));
  }
  for (const [i, l] of items.entries()) {
    if (!open.includes(l)) continue;
    const id = Number(l.partItemId);
    const here = [...left].filter(([k]) => k.startsWith(`${id}:`)).map(([k, n]) => ({ code: k.slice(String(id).length + 1), n })).filter((p) => p.n > 0 && p.code !== '');
    if (!here.length) continue;
    here.sort((a, b) => b.n - a.n || a.code.localeCompare(b.code));
    const need = Number(l.qty ?? 0);
    const fit = here.find((p) => p.n >= need);
    if (!fit) {
      const part = parts.get(id)!;
      throw badRequest(`出库明细第${i + 1}行：零件 ${part.partNo} 没有单个库位存够 ${need} 件（${here.map((p) => `${p.code} ${p.n}件`).join('，')}），请按库位拆分明细`, { field: `items.${i}.locationCode` });
    }
    l.locationCode = fit.code;
    left.set(`${id}:${fit.code}`, fit.n - need);
  }
}

export const deliveryHooks = defineHooks('delivery', {
  async validate(ctx, record, prev) {
    if (prev) {
      if (Number(prev.status) === DELIVERY.cancelled) throw conflict('已作废的出库单不能修改');
      if (ctx.system) return;
      for (const f of ['warehouseId', 'customerId', 'workOrderId', 'deliveryType', 'originDeliveryId'] as const) {
        if (String(record[f] ?? '') !== String(prev[f] ?? '')) throw conflict('已出库的仓库、客户、工单和类型不能修改，如需调整请作废后重新出库');
      }
      for (const f of ['receivedPieces', 'receivedBy'] as const) {
        if (String(record[f] ?? '') !== String(prev[f] ?? '')) throw conflict('签收信息请通过签收登记填写');
      }
      if ('items' in record) {
        const key = (ls: Row[]) => ls.map((l) => `${Number(l.partItemId)}:${Number(l.qty)}:${loc(l.locationCode)}`).sort().join(',');
        if (key(lines(record.items)) !== key(await linesOf(ctx, Number(prev.deliveryId)))) throw conflict('已出库的明细不能修改，如需调整请作废后重新出库');
        delete record.items; // unchanged: keep the rows the ledger refers to
      }
      if (record.needTransport && !prev.needTransport) throw conflict('出库后不能再改为需要派车，请在运输需求中发起');
      return;
    }
    const warehouse = record.warehouseId ? await ctx.q.get('warehouse', Number(record.warehouseId)) : undefined;
    if (warehouse?.disabled) throw badRequest('该仓库已停用，请选择其他仓库', { field: 'warehouseId' });
    const items = lines(record.items);
    if (!items.length) throw badRequest('请添加出库明细（可扫码录入）', { field: 'items' });
    // additional-delivery-out is the generic create: its path makes it a 补发, and so does an origin
    const viaAdditional = String(ctx.request?.routeOptions?.url ?? '').endsWith('/additional-delivery-out');
    if (viaAdditional || !blank(record.originDeliveryId)) record.deliveryType = DELIVERY_TYPE.additional;
    if (Number(record.deliveryType ?? 1) === DELIVERY_TYPE.additional) await checkAdditional(ctx, record, items);
    if (!blank(record.workOrderId)) {
      const order = await ctx.q.get('workOrder', Number(record.workOrderId));
      if (order && Number(order.customerId) !== Number(record.customerId)) throw badRequest('工单不属于所选客户', { field: 'workOrderId' });
      if (order && [0, 5, 30].includes(Number(order.status))) throw badRequest('该工单尚未收货或已关闭，不能出库', { field: 'workOrderId' });
    } else if (Number(record.deliveryType ?? 1) === DELIVERY_TYPE.workOrder) {
      throw badRequest('工单出库请选择工单', { field: 'workOrderId' });
    }
    const ids = [...new Set(items.map((l) => Number(l.partItemId)).filter((n) => Number.isSafeInteger(n) && n > 0))];
    // read under the lock the ledger's postOut takes anyway (it then reads them no more)
    const parts = await lockStockItems(ctx, 1, ids);
    for (const [i, l] of items.entries()) {
      const part = parts.get(Number(l.partItemId));
      if (!part) continue;
      if (!blank(record.customerId) && Number(part.customerId) !== Number(record.customerId)) throw badRequest(`出库明细第${i + 1}行：零件 ${part.partNo} 不属于所选客户`, { field: `items.${i}.partItemId` });
      if (blank(l.weight) && !blank(part.unitWeight) && Number.isFinite(Number(l.qty))) l.weight = (Number(part.unitWeight) * Number(l.qty)).toFixed(3);
      if (typeof l.locationCode === 'string') l.locationCode = l.locationCode.trim().toUpperCase();
    }
    await fillLocations(ctx, record, items, parts);
  },
  beforeSave(_ctx, values, prev) {
    if (!prev) {
      const items = lines(values.items);
      values.status = DELIVERY.out;
      values.totalPieces = items.reduce((s, l) => s + Number(l.qty ?? 0), 0);
      values.totalWeight = (items.reduce((s, l) => s + Math.round(Number(l.weight ?? 0) * 1000), 0) / 1000).toFixed(3);
    }
  },
  async afterSave(ctx, row, prev) {
    // the crew's work records follow every change of the delivery (修改, 岗位系数)
    await syncWorkRecords(ctx, { docType: WORK_DOC.delivery, docId: Number(row.deliveryId), docNo: row.deliveryNo, at: row.outAt, totalWeightKg: row.totalWeight, pieces: row.totalPieces },
      Number(row.status) === DELIVERY.cancelled ? [] : deliveryWorkers(row.workPostRatio), { fresh: !prev });
    if (prev) return;
    const items = ctx.savedLines?.items ?? await linesOf(ctx, Number(row.deliveryId));
    await postOut(ctx, { docType: DOC.delivery, docId: Number(row.deliveryId), docNo: row.deliveryNo, customerId: row.customerId, occurredAt: row.outAt },
      items.map((l) => ({ warehouseId: Number(row.warehouseId), itemId: Number(l.partItemId), qty: Number(l.qty), weight: l.weight, locationCode: l.locationCode })));
    if (row.workOrderId) await syncWorkOrderDelivery(ctx, row.workOrderId);
    if (row.needTransport) await raiseDemand(ctx, row);
    ctx.say(`已出库 ${row.totalPieces} 件`);
  },
  async beforeRemove() {
    throw conflict('出库单不能删除，请作废');
  },
  beforeTransition: {
    cancel(_ctx, _row, input) {
      if (blank(input.values.cancelReason)) throw badRequest('请填写作废原因', { field: 'cancelReason' });
    },
  },
  afterTransition: {
    async cancel(ctx, row) {
      await reverse(ctx, { docType: DOC.delivery, docId: Number(row.deliveryId), docNo: row.deliveryNo, customerId: row.customerId });
      await syncWorkRecords(ctx, { docType: WORK_DOC.delivery, docId: Number(row.deliveryId), at: null, totalWeightKg: 0, pieces: 0 }, []);
      if (row.workOrderId) await syncWorkOrderDelivery(ctx, row.workOrderId);
      if (row.demandId) await ctx.transition('transportDemand', Number(row.demandId), 'revoke', { ifAllowed: true, values: { terminateReason: `出库单 ${row.deliveryNo} 已作废` } });
      // the origin a 补发 was short for may be complete again without it
      if (row.originDeliveryId) await settleOrigin(ctx, Number(row.originDeliveryId));
    },
  },
});

/** 15 → 20 once a delivery's own plus its live 补发 deliveries' received pieces reach its pieces. */
export async function settleOrigin(ctx: HookContext, deliveryId: number): Promise<void> {
  const origin = await ctx.q.get('delivery', deliveryId);
  if (!origin || Number(origin.status) !== DELIVERY.partial) return;
  const extra = (await ctx.q.select('delivery').select(['receivedPieces'])
    .where('delivery.originDeliveryId', '=', deliveryId).where('delivery.status', '<>', DELIVERY.cancelled).execute()) as Row[];
  const got = Number(origin.receivedPieces ?? 0) + extra.reduce((s, r) => s + Number(r.receivedPieces ?? 0), 0);
  if (got >= Number(origin.totalPieces)) await ctx.transition('delivery', deliveryId, 'receiveAll');
}
