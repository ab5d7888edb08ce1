/**
 * 出库 calls of seed 002 §7.7 that are more than the generic pipeline: 出库 (never a 补发, which
 * is the generic create of additional-delivery-out), 修改 with the id in the body, 签收登记 (10 → 15 / 20, and the 补发's origin
 * 15 → 20), 岗位系数 on any delivery not 作废, and the lookup by 出库单号 for the scanner. Stock,
 * work-order and demand effects live in the delivery hooks (server/hooks/inventory/delivery.ts).
 */
import { badRequest, conflict, notFound, MSG } from '../http/errors';
import { requireEntity, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { createRecord, hookContext, loadChildren, updateRecord, type WriteContext } from '../crud/write';
import { titlesFor } from '../crud/refs';
import { present } from '../crud/values';
import { scoped } from '../crud/scope';
import { lockParent } from '../crud/quantity';
import { settleOrigin } from '../hooks/inventory/delivery';
import { DELIVERY, DELIVERY_TYPE, syncWorkOrderDelivery } from './delivery-progress';

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

/** POST update-receive: `{deliveryId, receivedPieces*, receivedAt, receivedBy, receivePhotos}`. */
const receive: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const data = body(ctx);
  const id = idOf(data);
  const pieces = Number(data.receivedPieces);
  if (data.receivedPieces === undefined || data.receivedPieces === null || data.receivedPieces === '' || !Number.isSafeInteger(pieces) || pieces < 0) {
    throw badRequest('请填写签收件数', { field: 'receivedPieces' });
  }
  const row = await inTransaction(ctx.db, async (trx) => {
    const w = wctx(ctx, trx);
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
    return (await scoped(trx.selectFrom(entity.table), entity, ctx.session).selectAll().where(entity.idField, '=', id).executeTakeFirstOrThrow()) as Row;
  });
  return present(entity, row);
};

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
