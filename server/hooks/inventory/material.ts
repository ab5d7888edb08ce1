/**
 * 物料入库 and 物料领用 (DOMAIN §3.5, §4.4): materials keep their figure in the same stock ledger
 * as parts (itemKind 2). An 物料入库单 is booked when it is saved (10 已入库): each line goes in at
 * its own price; its 作废 reverses the lines while the stock is still there (409
 * `库存不足，无法作废`). A 领用 takes stock out under the item lock (400 `库存不足：…`), valued at
 * the moving weighted average; its 作废 puts it back. Lines are not edited after booking.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { DOC, postIn, postOut, reverse } from '../../inventory/ledger';

type Row = Record<string, any>;

const lines = (v: unknown) => (Array.isArray(v) ? v : []) as Row[];
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

async function activeWarehouse(ctx: HookContext, id: unknown) {
  const warehouse = id ? await ctx.q.get('warehouse', Number(id)) : undefined;
  if (warehouse?.disabled) throw badRequest('该仓库已停用，请选择其他仓库', { field: 'warehouseId' });
}

async function activeMaterials(ctx: HookContext, ids: number[], field: (i: number) => string) {
  const valid = ids.filter((n) => Number.isSafeInteger(n) && n > 0);
  if (!valid.length) return;
  const rows = (await ctx.q.select('materialItem').selectAll().where('material_item.materialId', 'in', [...new Set(valid)]).execute()) as Row[];
  const byId = new Map(rows.map((r) => [Number(r.materialId), r]));
  ids.forEach((id, i) => {
    const m = byId.get(id);
    if (m?.disabled) throw badRequest(`物料 ${m.materialNo} ${m.name} 已停用`, { field: field(i) });
  });
}

export const materialInHooks = defineHooks('materialIn', {
  async validate(ctx, record, prev) {
    if (prev) {
      if (Number(prev.status) !== 10) throw conflict('已作废的物料入库单不能修改');
      for (const f of ['warehouseId', 'materialSupplierId', 'inDate'] as const) {
        if (String(record[f] ?? '') !== String(prev[f] ?? '')) throw conflict('已入库的仓库、供应商和日期不能修改，如需调整请作废后重新入库');
      }
      if ('items' in record) throw conflict('已入库的明细不能修改，如需调整请作废后重新入库');
      return;
    }
    await activeWarehouse(ctx, record.warehouseId);
    const items = lines(record.items);
    if (!items.length) throw badRequest('请添加入库明细（可扫码录入）', { field: 'items' });
    await activeMaterials(ctx, items.map((l) => Number(l.materialId)), (i) => `items.${i}.materialId`);
  },
  beforeSave(_ctx, values, prev) {
    if (!prev) {
      const items = lines(values.items);
      values.status = 10;
      values.totalQty = items.reduce((s, l) => s + Number(l.qty ?? 0), 0);
      // the lines' 金额 formula runs after this hook: the total is the same qty × 单价 in cents
      values.totalAmount = (items.reduce((s, l) => s + (l.amount !== undefined && l.amount !== null && l.amount !== '' ? cents(l.amount) : Math.round(Number(l.qty ?? 0) * cents(l.unitPrice))), 0) / 100).toFixed(2);
    }
  },
  async afterSave(ctx, row, prev) {
    if (prev) return;
    const items = (await ctx.q.select('materialInItem').selectAll().where('material_in_item.materialInId', '=', Number(row.materialInId)).orderBy('material_in_item.materialInItemId').execute()) as Row[];
    await postIn(ctx, { docType: DOC.materialIn, docId: Number(row.materialInId), docNo: row.materialInNo, occurredAt: `${String(row.inDate).slice(0, 10)}T08:00:00+08:00` },
      items.map((l) => ({ warehouseId: Number(row.warehouseId), itemKind: 2 as const, itemId: Number(l.materialId), qty: Number(l.qty), amount: l.amount ?? '0.00' })));
    // a line whose 单价 came from the material's 参考单价 is priced only now: the total follows the lines
    const total = (items.reduce((s, l) => s + cents(l.amount), 0) / 100).toFixed(2);
    if (total !== Number(row.totalAmount ?? 0).toFixed(2)) {
      await ctx.q.update('materialIn').set({ totalAmount: total }).where('material_in.materialInId', '=', Number(row.materialInId)).execute();
      row.totalAmount = total;
    }
    ctx.say(`已入库 ${row.totalQty} 件物料，金额 ${row.totalAmount} 元`);
  },
  async beforeRemove() {
    throw conflict('物料入库单不能删除，请作废');
  },
  beforeTransition: {
    void(_ctx, _row, input) {
      if (!String(input.values.voidReason ?? '').trim()) throw badRequest('请填写作废原因', { field: 'voidReason' });
    },
  },
  afterTransition: {
    async void(ctx, row) {
      await reverse(ctx, { docType: DOC.materialIn, docId: Number(row.materialInId), docNo: row.materialInNo }, { shortMessage: '库存不足，无法作废' });
    },
  },
});

export const materialUseHooks = defineHooks('materialUse', {
  async validate(ctx, record, prev) {
    if (prev) {
      if (!ctx.system) throw conflict('领用记录不能修改，如需调整请作废后重新领用');
      return;
    }
    await activeWarehouse(ctx, record.warehouseId);
    await activeMaterials(ctx, [Number(record.materialId)], () => 'materialId');
  },
  beforeSave(_ctx, values, prev) {
    if (!prev) values.status = 10;
  },
  async afterSave(ctx, row, prev) {
    if (prev) return;
    await postOut(ctx, { docType: DOC.materialUse, docId: Number(row.materialUseId), occurredAt: `${String(row.useDate).slice(0, 10)}T12:00:00+08:00` },
      [{ warehouseId: Number(row.warehouseId), itemKind: 2, itemId: Number(row.materialId), qty: Number(row.qty) }]);
    const e = ctx.q.entity('stockLedger');
    const posted = (await ctx.q.select('stockLedger').select([`${e.table}.amount`] as any)
      .where(`${e.table}.docType`, '=', DOC.materialUse).where(`${e.table}.docId`, '=', Number(row.materialUseId)).executeTakeFirst()) as Row | undefined;
    await ctx.q.update('materialUse').set({ amount: posted?.amount ?? null }).where('material_use.materialUseId', '=', Number(row.materialUseId)).execute();
    const m = await ctx.q.get('materialItem', Number(row.materialId));
    if (m && m.safetyStock !== null && m.safetyStock !== undefined && Number(m.stockQty) < Number(m.safetyStock)) {
      const text = `${m.materialNo} ${m.name} 库存 ${Number(m.stockQty)}${m.unit}，低于安全库存 ${Number(m.safetyStock)}${m.unit}`;
      ctx.say(`已领用；${text}`);
      // the warehouse manager hears it once, when this 领用 takes the material below its safety stock
      if (Number(m.stockQty) + Number(row.qty) >= Number(m.safetyStock)) {
        const warehouse = await ctx.q.get('warehouse', Number(row.warehouseId));
        const manager = Number(warehouse?.managerStaffId);
        if (Number.isSafeInteger(manager) && manager > 0) await ctx.notify({ recipients: [manager], message: `物料低于安全库存：${text}，请及时采购入库` });
      }
    } else ctx.say('已领用');
  },
  async beforeRemove() {
    throw conflict('领用记录不能删除，请作废');
  },
  beforeTransition: {
    void(_ctx, _row, input) {
      if (!String(input.values.voidReason ?? '').trim()) throw badRequest('请填写作废原因', { field: 'voidReason' });
    },
  },
  afterTransition: {
    async void(ctx, row) {
      await reverse(ctx, { docType: DOC.materialUse, docId: Number(row.materialUseId) });
    },
  },
});
