/**
 * 出库 calls of seed 002 §7.7 that are more than the generic pipeline: 出库 (never a 补发, which
 * is the generic create of additional-delivery-out), 修改 with the id in the body, 签收登记 (10 → 15 / 20, and the 补发's origin
 * 15 → 20), 岗位系数 on any delivery not 作废, and the lookup by 出库单号 for the scanner. Stock,
 * work-order and demand effects live in the delivery hooks (server/hooks/inventory/delivery.ts).
 */
import { badRequest, conflict, notFound, MSG } from '../http/errors';
import ExcelJS from 'exceljs';
import { REPLIED, requireEntity, type Handler, type HandlerContext } from '../crud/context';
import { exportFileName, sendXlsx } from '../crud/excel';
import type { ResolvedEntity } from '../schema/types';
import { inTransaction } from '../crud/handlers';
import { createRecord, hookContext, loadChildren, updateRecord, type WriteContext } from '../crud/write';
import { titlesFor } from '../crud/refs';
import { present } from '../crud/values';
import { scoped } from '../crud/scope';
import { lockParent } from '../crud/quantity';
import { settleOrigin } from '../hooks/inventory/delivery';
import { DELIVERY, DELIVERY_TYPE, syncWorkOrderDelivery } from './delivery-progress';
import { ajvErrorField, createAjv, formatAjvError } from '../../schemas/src/ajv';
import { fieldSchema } from '../../schemas/src/entity-schema';

type Row = Record<string, any>;

const body = (ctx: HandlerContext) => (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Row;
const wctx = (ctx: HandlerContext, db: WriteContext['db'], said?: string[]): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request, said });
const blankish = (v: unknown) => v === null || v === undefined || v === '';
const withMessage = (row: Row, said: string[]) => (said.length ? { ...row, message: said.join('；') } : row);

function idOf(data: Row): number {
  const id = Number(data.deliveryId);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('缺少必填字段：出库单编号', { field: 'deliveryId' });
  return id;
}

async function create(ctx: HandlerContext, data: Row) {
  const entity = requireEntity(ctx);
  const said: string[] = [];
  const row = await inTransaction(ctx.db, (trx) => createRecord(wctx(ctx, trx, said), entity, data));
  return withMessage(present(entity, row), said);
}

/** POST delivery-out: 工单/转运/其他出库 (补发 has its own call). */
const out: Handler = async (ctx) => {
  const data = { ...body(ctx) };
  if (Number(data.deliveryType) === DELIVERY_TYPE.additional) throw badRequest('补发请使用补发出库', { field: 'deliveryType' });
  delete data.originDeliveryId;
  return create(ctx, data);
};


/** POST update-delivery-out: `{deliveryId, version, …}`. */
const update: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const { deliveryId: _id, version, ...data } = body(ctx);
  const id = idOf(body(ctx));
  return present(entity, await inTransaction(ctx.db, (trx) => updateRecord(wctx(ctx, trx), entity, id, data, { version: version as number | undefined })));
};

/**
 * 签收登记 inside the caller's transaction (the call below, and the demo seeder): the pieces, then
 * 10 → 15 (fewer than sent) or → 20, and a partly signed origin → 20 once it and its 补发 are complete.
 */
export async function registerReceipt(w: WriteContext, entity: ResolvedEntity, id: number, data: Row): Promise<Row> {
  const pieces = Number(data.receivedPieces);
  if (data.receivedPieces === undefined || data.receivedPieces === null || data.receivedPieces === '' || !Number.isSafeInteger(pieces) || pieces < 0) {
    throw badRequest('请填写签收件数', { field: 'receivedPieces' });
  }
  const h = hookContext(w, entity, true);
  const prev = await lockParent(h, 'delivery', id);
  if (!prev) throw notFound(MSG.notFound);
  if (![DELIVERY.out, DELIVERY.partial].includes(Number(prev.status) as 10 | 15)) throw conflict('只有已出库、部分签收的出库单可以签收登记');
  if (pieces > Number(prev.totalPieces)) throw badRequest(`签收件数不能超过出库件数 ${prev.totalPieces} 件`, { field: 'receivedPieces' });
  const receivedBy = typeof data.receivedBy === 'string' ? data.receivedBy.trim().slice(0, 30) : null;
  await updateRecord(w, entity, id, {
    receivedPieces: pieces, receivedAt: data.receivedAt || new Date().toISOString(), receivedBy: receivedBy || null,
    ...(Array.isArray(data.receivePhotos) ? { receivePhotos: data.receivePhotos } : {}),
  }, { system: true });
  if (pieces >= Number(prev.totalPieces)) await h.transition('delivery', id, 'receiveAll', { ifAllowed: true });
  else if (Number(prev.status) === DELIVERY.out) await h.transition('delivery', id, 'receivePartial');
  // a partly signed delivery is complete with what its 补发 brought, and the 补发's origin too
  await settleOrigin(h, id);
  if (prev.originDeliveryId) await settleOrigin(h, Number(prev.originDeliveryId));
  if (prev.workOrderId) await syncWorkOrderDelivery(h, prev.workOrderId);
  return (await scoped(w.db.selectFrom(entity.table), entity, w.session).selectAll().where(entity.idField, '=', id).executeTakeFirstOrThrow()) as Row;
}

/** POST update-receive: `{deliveryId, receivedPieces*, receivedAt, receivedBy, receivePhotos}`. */
const receive: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const data = body(ctx);
  const id = idOf(data);
  return present(entity, await inTransaction(ctx.db, (trx) => registerReceipt(wctx(ctx, trx), entity, id, data)));
};

const fieldAjv = createAjv();
const crewCheck = new WeakMap<ResolvedEntity, { root: object; validate: ReturnType<typeof fieldAjv.compile> }>();

/** The crew's lines against the field's own JSON Schema (the browser's check too): times, 结束时间须晚于开始时间. */
function checkCrew(entity: ResolvedEntity, lines: Row[]) {
  let c = crewCheck.get(entity);
  if (!c) {
    const root = { type: 'object', properties: { workPostRatio: fieldSchema(entity.fields.workPostRatio!) } };
    crewCheck.set(entity, (c = { root, validate: fieldAjv.compile(root) }));
  }
  const value = lines.map((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null && v !== undefined && v !== '')));
  if (!c.validate({ workPostRatio: value })) {
    const err = c.validate.errors![0]!;
    throw badRequest(formatAjvError(err, c.root), { field: ajvErrorField(err) ?? 'workPostRatio' });
  }
}

/** PUT {deliveryId}/work-post-ratio: the crew's `[{post, ratio, staffIds, startAt, endAt}]` (array or `{workPostRatio}`). */
const workPostRatio: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = Number(ctx.params.deliveryId);
  const raw = Array.isArray(ctx.body) ? ctx.body : body(ctx).workPostRatio;
  if (!Array.isArray(raw) || raw.length > 50) throw badRequest('请填写岗位系数', { field: 'workPostRatio' });
  // the system write below skips the request's field checks, so the lines are checked here
  for (const [i, l] of (raw as Row[]).entries()) {
    const at = `岗位系数第${i + 1}行：`;
    if (!l || typeof l !== 'object' || !Number.isSafeInteger(Number(l.post)) || blankish(l.post)) throw badRequest(`${at}请选择岗位`, { field: `workPostRatio.${i}.post` });
    const ratio = Number(l.ratio);
    if (blankish(l.ratio) || !Number.isFinite(ratio) || ratio < 0 || ratio > 10) throw badRequest(`${at}系数须在0到10之间`, { field: `workPostRatio.${i}.ratio` });
    if (l.staffIds !== undefined && l.staffIds !== null && (!Array.isArray(l.staffIds) || l.staffIds.some((x: unknown) => !Number.isSafeInteger(Number(x))))) throw badRequest(`${at}员工不正确`, { field: `workPostRatio.${i}.staffIds` });
  }
  const lines = (raw as Row[]).map((l) => ({ post: Number(l.post), ratio: Number(l.ratio), staffIds: Array.isArray(l.staffIds) ? l.staffIds.map(Number) : [], startAt: l.startAt ?? null, endAt: l.endAt ?? null }));
  checkCrew(entity, lines);
  const row = await inTransaction(ctx.db, async (trx) => {
    const w = wctx(ctx, trx);
    const prev = await lockParent(hookContext(w, entity, true), 'delivery', id);
    if (!prev) throw notFound(MSG.notFound);
    if (Number(prev.status) === DELIVERY.cancelled) throw conflict('已作废的出库单不能修改岗位系数');
    return updateRecord(w, entity, id, { workPostRatio: lines }, { system: true });
  });
  return present(entity, row);
};

/** GET delivery-no/{deliveryNo}: the delivery a scanned 出库单号 names. */
const byNo: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const no = String(ctx.params.deliveryNo ?? '').trim();
  const row = no ? ((await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).selectAll().where('deliveryNo', '=', no).executeTakeFirst()) as Row | undefined) : undefined;
  if (!row) throw notFound('出库单不存在');
  await loadChildren(ctx.db, ctx.session, ctx.entities, entity, row);
  const refs = await titlesFor(ctx.db, ctx.session, ctx.entities, entity, [row]);
  return { ...present(entity, row), refs };
};

export const deliveryHandlers: Record<string, Handler> = {
  'delivery.out': out,
  'delivery.update': update,
  'delivery.receive': receive,
  'delivery.workPostRatio': workPostRatio,
  'delivery.byNo': byNo,
};

/** A delivery with what a paper or a workbook names: its lines' parts, warehouse, customer, work order, address. */
async function document(ctx: HandlerContext): Promise<{ d: Row; lines: Row[]; names: Record<string, string> }> {
  const entity = requireEntity(ctx);
  const id = Number(ctx.params.deliveryId);
  const q = hookContext(wctx(ctx, ctx.db), entity, true).q;
  const d = Number.isSafeInteger(id) ? await q.get('delivery', id) : undefined;
  if (!d) throw notFound(MSG.notFound);
  const items = (await q.select('deliveryItem').selectAll().where('deliveryItem.deliveryId', '=', id).orderBy('deliveryItem.deliveryItemId').execute()) as Row[];
  const ids = [...new Set(items.map((l) => Number(l.partItemId)))];
  const parts = new Map<number, Row>();
  if (ids.length) for (const p of (await q.select('partItem').selectAll().where('partItem.partItemId', 'in', ids).execute()) as Row[]) parts.set(Number(p.partItemId), p);
  const lines = items.map((l) => ({ ...l, part: parts.get(Number(l.partItemId)) ?? {} }));
  const title = async (e: string, v: unknown, f: string) => (v ? String((await q.get(e, Number(v)))?.[f] ?? '') : '');
  const address = d.deliveryAddressId ? await q.get('deliveryAddress', Number(d.deliveryAddressId)) : undefined;
  const names = {
    warehouse: await title('warehouse', d.warehouseId, 'name'), customer: await title('customer', d.customerId, 'name'),
    workOrder: await title('workOrder', d.workOrderId, 'workOrderNo'), workshop: await title('workshop', d.workshopId, 'name'),
    address: address ? `${address.name ?? ''} ${address.address ?? ''}`.trim() : '',
    type: ['', '工单出库', '补发出库', '转运出库', '其他出库'][Number(d.deliveryType)] ?? '',
    status: ({ 5: '已作废', 10: '已出库', 15: '部分签收', 20: '已签收' } as Record<number, string>)[Number(d.status)] ?? '',
  };
  return { d, lines, names };
}

const china = (v: unknown) => (v ? new Date(new Date(String(v)).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '');

/** GET {deliveryId}/export-excel: the delivery as a workbook, `出库单<号>_yyyy-MM-dd HH.xlsx`. */
const exportExcel: Handler = async (ctx) => {
  const { d, lines, names } = await document(ctx);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('出库单');
  sheet.columns = [{ width: 6 }, { width: 24 }, { width: 22 }, { width: 18 }, { width: 10 }, { width: 12 }, { width: 14 }];
  sheet.mergeCells('A1:G1');
  sheet.getCell('A1').value = `出库单 ${d.deliveryNo}`;
  sheet.getCell('A1').font = { bold: true, size: 16 };
  const head: [string, unknown][] = [
    ['仓库', names.warehouse], ['客户', names.customer], ['工单', names.workOrder], ['出库类型', names.type], ['出库时间', china(d.outAt)], ['状态', names.status],
    ['收货车间', names.workshop], ['收货地址', names.address], ['收货人', [d.receiverName, d.receiverPhone].filter(Boolean).join(' ')],
    ['车牌号', d.truckLicensePlate ?? ''], ['司机', [d.driverName, d.driverPhone].filter(Boolean).join(' ')], ['签收件数', d.receivedPieces ?? ''],
  ];
  for (let i = 0; i < head.length; i += 2) sheet.addRow([head[i]![0], head[i]![1], '', head[i + 1]?.[0] ?? '', head[i + 1]?.[1] ?? '']);
  sheet.addRow([]);
  const header = sheet.addRow(['序号', '零件号', '名称', '规格', '件数', '重量(kg)', '库位']);
  header.font = { bold: true };
  lines.forEach((l, i) => sheet.addRow([i + 1, l.part.partNo ?? '', l.part.name ?? '', l.part.spec ?? '', Number(l.qty), Number(l.weight ?? 0), l.locationCode ?? '']));
  sheet.addRow(['合计', '', '', '', Number(d.totalPieces), Number(d.totalWeight ?? 0), '']).font = { bold: true };
  return sendXlsx(ctx.reply, exportFileName(`出库单${d.deliveryNo}`), Buffer.from(await wb.xlsx.writeBuffer()));
};

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** GET {deliveryId}/print-html: an A4 出库单 for the browser's print (and the print count + 1). */
const printHtml: Handler = async (ctx) => {
  const { d, lines, names } = await document(ctx);
  await inTransaction(ctx.db, async (trx) => {
    const e = requireEntity(ctx);
    await scoped(trx.updateTable(e.table), e, ctx.session).set({ printCount: Number(d.printCount ?? 0) + 1 } as any).where(e.idField, '=', Number(d.deliveryId)).execute();
  });
  const cell = (k: string, v: unknown) => `<th>${esc(k)}</th><td>${esc(v)}</td>`;
  const rows = lines.map((l, i) => `<tr><td>${i + 1}</td><td>${esc(l.part.partNo)}</td><td>${esc(l.part.name)}</td><td>${esc(l.part.spec)}</td><td class="n">${esc(l.qty)}</td><td class="n">${esc(Number(l.weight ?? 0).toFixed(3))}</td><td>${esc(l.locationCode)}</td></tr>`).join('');
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>出库单 ${esc(d.deliveryNo)}</title><style>
@page{size:A4;margin:12mm}body{font:12px/1.5 "Microsoft YaHei","PingFang SC",sans-serif;color:#000}h1{text-align:center;font-size:20px;margin:0 0 4px}
.no{text-align:center;font-family:monospace;font-size:14px;letter-spacing:2px;margin-bottom:8px}table{width:100%;border-collapse:collapse;margin-bottom:10px}
th,td{border:1px solid #333;padding:4px 6px;text-align:left}th{background:#f2f2f2;white-space:nowrap}.n{text-align:right}.sign td{height:48px}
${Number(d.status) === DELIVERY.cancelled ? '.void{color:#c00;font-size:28px;text-align:center;border:3px solid #c00;margin:6px auto;width:160px}' : ''}
</style></head><body><h1>出库单</h1><div class="no" data-barcode="${esc(d.deliveryNo)}">${esc(d.deliveryNo)}</div>${Number(d.status) === DELIVERY.cancelled ? '<div class="void">已作废</div>' : ''}
<table><tr>${cell('仓库', names.warehouse)}${cell('客户', names.customer)}</tr><tr>${cell('工单', names.workOrder)}${cell('出库类型', names.type)}</tr>
<tr>${cell('出库时间', china(d.outAt))}${cell('收货车间', names.workshop)}</tr><tr>${cell('收货地址', names.address)}${cell('收货人', [d.receiverName, d.receiverPhone].filter(Boolean).join(' '))}</tr>
<tr>${cell('车牌号', d.truckLicensePlate)}${cell('司机', [d.driverName, d.driverPhone].filter(Boolean).join(' '))}</tr></table>
<table><thead><tr><th>序号</th><th>零件号</th><th>名称</th><th>规格</th><th>件数</th><th>重量(kg)</th><th>库位</th></tr></thead><tbody>${rows}
<tr><th colspan="4">合计</th><th class="n">${esc(d.totalPieces)}</th><th class="n">${esc(Number(d.totalWeight ?? 0).toFixed(3))}</th><th></th></tr></tbody></table>
<table class="sign"><tr><th>仓管员</th><td></td><th>司机</th><td></td><th>收货人签收</th><td></td></tr></table></body></html>`;
  ctx.reply.header('content-type', 'text/html; charset=utf-8');
  ctx.reply.header('cache-control', 'no-store');
  ctx.reply.send(html);
  return REPLIED;
};

/**
 * GET {deliveryId}/print-lines: `{list: [{deliveryItemId, partItemId, partNo, name, spec}]}`, what
 * the print page's 零件 column shows (a reference's title is only the 零件号).
 */
const printLines: Handler = async (ctx) => {
  const { lines } = await document(ctx);
  return { list: lines.map((l) => ({ deliveryItemId: l.deliveryItemId, partItemId: l.partItemId, partNo: l.part.partNo ?? null, name: l.part.name ?? null, spec: l.part.spec ?? null })) };
};

deliveryHandlers['delivery.exportExcel'] = exportExcel;
deliveryHandlers['delivery.printLines'] = printLines;
deliveryHandlers['delivery.printHtml'] = printHtml;
