/**
 * 零件, 工单 and 入库单 (DOMAIN §3.5, §4.4): parts carry a barcode (their 零件号 unless another is
 * given) and stock figures derived from the ledger; a work order's lines are parts of its
 * customer; an in-storage's acceptance (验收入库) posts its lines to the stock ledger and moves
 * the work order's progress, and its 作废 reverses them while the stock is still there.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { DOC, postIn, reverse } from '../../inventory/ledger';
import { IN_STORAGE, WORK_ORDER, syncWorkOrder } from '../../inventory/work-order-progress';
import { WORK_DOC, inStorageWorkers, syncWorkRecords } from '../../inventory/work-record';

type Row = Record<string, any>;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const lines = (v: unknown) => (Array.isArray(v) ? v : []) as Row[];

/** Each line's part exists in this organisation and belongs to the document's customer; no part twice. */
async function checkParts(ctx: HookContext, items: Row[], customerId: unknown, label: string, field: string, unique: boolean): Promise<Map<number, Row>> {
  const ids = [...new Set(items.map((l) => Number(l.partItemId)).filter((n) => Number.isSafeInteger(n) && n > 0))];
  const parts = new Map<number, Row>();
  if (ids.length) {
    for (const p of (await ctx.q.select('partItem').selectAll().where('partItem.partItemId', 'in', ids).execute()) as Row[]) parts.set(Number(p.partItemId), p);
  }
  const seen = new Set<number>();
  for (const [i, l] of items.entries()) {
    const part = parts.get(Number(l.partItemId));
    if (!part) continue; // the pipeline names a missing reference itself
    if (!blank(customerId) && Number(part.customerId) !== Number(customerId)) {
      throw badRequest(`${label}第${i + 1}行：零件 ${part.partNo} 不属于所选客户`, { field: `${field}.${i}.partItemId` });
    }
    if (unique && seen.has(Number(l.partItemId))) throw badRequest(`${label}第${i + 1}行：零件 ${part.partNo} 重复`, { field: `${field}.${i}.partItemId` });
    seen.add(Number(l.partItemId));
  }
  return parts;
}

export const partItemHooks = defineHooks('partItem', {
  beforeSave(_ctx, values, prev) {
    // The label prints the 零件号 unless the customer's own barcode is given.
    const partNo = values.partNo ?? prev?.partNo;
    if ('barcode' in values || !prev) {
      if (blank(values.barcode)) values.barcode = partNo;
    } else if (prev && 'partNo' in values && prev.barcode === prev.partNo) {
      values.barcode = partNo;
    }
    if (typeof values.barcode === 'string') values.barcode = values.barcode.trim();
  },
  async beforeRemove(ctx, row) {
    const used = await ctx.q.select('stockLedger').select('stockLedger.ledgerId').where('stockLedger.partItemId', '=', Number(row.partItemId)).limit(1).executeTakeFirst();
    if (used) throw conflict('该零件已有库存流水，不能删除');
    const inOrder = await ctx.q.select('workOrderItem').select('workOrderItem.workOrderItemId').where('workOrderItem.partItemId', '=', Number(row.partItemId)).limit(1).executeTakeFirst();
    if (inOrder) throw conflict('该零件已在工单中使用，不能删除');
  },
});

export const workOrderHooks = defineHooks('workOrder', {
  async validate(ctx, record, prev) {
    if (prev && !ctx.system && ![WORK_ORDER.draft, WORK_ORDER.released].includes(Number(prev.status) as 0 | 5)) throw conflict('只有草稿、已下达的工单可以修改');
    if ('items' in record || !prev) {
      const items = lines(record.items);
      if (!prev && !items.length) throw badRequest('请添加零件明细', { field: 'items' });
      await checkParts(ctx, items, record.customerId, '零件明细', 'items', true);
    }
    if (prev && Number(prev.customerId) !== Number(record.customerId) && !('items' in record)) {
      const n = await ctx.q.select('workOrderItem').select('workOrderItem.workOrderItemId').where('workOrderItem.workOrderId', '=', Number(prev.workOrderId)).limit(1).executeTakeFirst();
      if (n) throw badRequest('工单已有零件明细，不能更换客户', { field: 'customerId' });
    }
  },
  beforeSave(_ctx, values, prev) {
    if ('items' in values || !prev) values.totalPlanQty = lines(values.items).reduce((s, l) => s + Number(l.planQty ?? 0), 0);
  },
  async afterSave(ctx, row, prev) {
    // planned pieces changed: progress and 已齐套 follow
    if (prev && Number(row.status) !== WORK_ORDER.draft) await syncWorkOrder(ctx, row.workOrderId);
  },
  async beforeRemove(ctx, row) {
    if (Number(row.status) !== WORK_ORDER.draft) throw conflict('只有草稿工单可以删除，已下达的请关闭');
    const used = await ctx.q.select('inStorage').select('inStorage.inStorageId').where('inStorage.workOrderId', '=', Number(row.workOrderId)).limit(1).executeTakeFirst();
    if (used) throw conflict('该工单已有入库单，不能删除');
  },
  beforeTransition: {
    async release(ctx, row) {
      const n = await ctx.q.select('workOrderItem').select('workOrderItem.workOrderItemId').where('workOrderItem.workOrderId', '=', Number(row.workOrderId)).limit(1).executeTakeFirst();
      if (!n) throw conflict('工单没有零件明细，不能下达');
    },
  },
});

export const inStorageHooks = defineHooks('inStorage', {
  async validate(ctx, record, prev) {
    if (prev && !ctx.system && ![IN_STORAGE.draft, IN_STORAGE.submitted].includes(Number(prev.status) as 0 | 5)) throw conflict('只有草稿、待验收的入库单可以修改');
    if (!prev || Number(prev.warehouseId) !== Number(record.warehouseId)) {
      const warehouse = record.warehouseId ? await ctx.q.get('warehouse', Number(record.warehouseId)) : undefined;
      if (warehouse?.disabled) throw badRequest('该仓库已停用，请选择其他仓库', { field: 'warehouseId' });
    }
    if (!blank(record.workOrderId)) {
      const order = await ctx.q.get('workOrder', Number(record.workOrderId));
      if (order && Number(order.customerId) !== Number(record.customerId)) throw badRequest('工单不属于所选客户', { field: 'workOrderId' });
      if (order && (!prev || Number(prev.workOrderId) !== Number(record.workOrderId)) && ![5, 10, 15].includes(Number(order.status))) {
        throw badRequest('只能按已下达、收货中或已齐套的工单收货', { field: 'workOrderId' });
      }
    } else if (Number(record.inType ?? 1) === 1) {
      throw badRequest('工单入库请选择工单', { field: 'workOrderId' });
    }
    if ('items' in record || !prev) {
      const items = lines(record.items);
      if (!items.length) throw badRequest('请添加入库明细（可扫码录入）', { field: 'items' });
      const parts = await checkParts(ctx, items, record.customerId, '入库明细', 'items', false);
      for (const l of items) {
        // A blank weight is the part's 单重 × 件数 (kg).
        const part = parts.get(Number(l.partItemId));
        if (blank(l.weight) && part && !blank(part.unitWeight) && Number.isFinite(Number(l.qty))) l.weight = (Number(part.unitWeight) * Number(l.qty)).toFixed(3);
        if (typeof l.locationCode === 'string') l.locationCode = l.locationCode.trim().toUpperCase();
      }
    }
  },
  beforeSave(_ctx, values, prev) {
    if ('items' in values || !prev) {
      const items = lines(values.items);
      values.totalPieces = items.reduce((s, l) => s + Number(l.qty ?? 0), 0);
      values.totalWeight = (items.reduce((s, l) => s + Math.round(Number(l.weight ?? 0) * 1000), 0) / 1000).toFixed(3);
      values.damagedPieces = items.filter((l) => Number(l.condition) === 3).reduce((s, l) => s + Number(l.qty ?? 0), 0);
    }
  },
  async beforeRemove(_ctx, row) {
    if (Number(row.status) !== IN_STORAGE.draft) throw conflict('只有草稿入库单可以删除，已验收的请作废');
  },
  beforeTransition: {
    accept(ctx, _row, input) {
      // the demo seeder books past acceptances; a person accepts now
      if (!ctx.system || !input.values.acceptedAt) input.values.acceptedAt = new Date().toISOString();
    },
  },
  afterTransition: {
    async accept(ctx, row) {
      const items = (await ctx.q.select('inStorageItem').selectAll().where('inStorageItem.inStorageId', '=', Number(row.inStorageId)).orderBy('inStorageItem.inStorageItemId').execute()) as Row[];
      if (!items.length) throw conflict('入库单没有明细，不能验收');
      await postIn(ctx, { docType: DOC.inStorage, docId: Number(row.inStorageId), docNo: row.inStorageNo, customerId: row.customerId, occurredAt: row.acceptedAt ?? new Date() },
        items.map((l) => ({ warehouseId: Number(row.warehouseId), itemId: Number(l.partItemId), qty: Number(l.qty), weight: l.weight, locationCode: l.locationCode })));
      if (row.workOrderId) await syncWorkOrder(ctx, row.workOrderId);
      await syncWorkRecords(ctx, { docType: WORK_DOC.inStorage, docId: Number(row.inStorageId), docNo: row.inStorageNo, at: row.acceptedAt ?? row.arrivalAt, totalWeightKg: row.totalWeight, pieces: row.totalPieces }, inStorageWorkers(row.workers));
      const damaged = Number(row.damagedPieces ?? 0);
      ctx.say(damaged > 0 ? `已验收入库 ${row.totalPieces} 件，其中货损 ${damaged} 件` : `已验收入库 ${row.totalPieces} 件`);
    },
    async void(ctx, row) {
      await reverse(ctx, { docType: DOC.inStorage, docId: Number(row.inStorageId), docNo: row.inStorageNo, customerId: row.customerId }, { shortMessage: '库存不足，无法作废' });
      if (row.workOrderId) await syncWorkOrder(ctx, row.workOrderId);
      await syncWorkRecords(ctx, { docType: WORK_DOC.inStorage, docId: Number(row.inStorageId), at: null, totalWeightKg: 0, pieces: 0 }, []);
    },
  },
});
