/**
 * Named handlers of dispatch (DOMAIN §4.2 transportSchedule): 派车确认, which first asks for the
 * 调度审批 (process bizType 17) when the freight is above the guide price's tolerance, and 改派,
 * which cancels a truck and drafts its replacement on the same demand in one transaction.
 */
import { MSG, conflict, notFound } from '../http/errors';
import { requireEntity, requireSession, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { scoped, scopedQueries } from '../crud/scope';
import { present } from '../crud/values';
import { createRecord, runTransition, type WriteContext } from '../crud/write';
import type { Db } from '../db/connect';
import { freightAboveTolerance } from './common';
import { estimateGuidePrice } from './guide-price';

type Row = Record<string, any>;

const writeContext = (ctx: HandlerContext, db: Db): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request });

/** 派车确认: dispatched at once, or (freight above tolerance, not yet approved) submitted to 调度审批. */
const dispatch: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const session = requireSession(ctx);
  const id = Number(ctx.params[entity.idField]);
  const body = (ctx.body ?? {}) as { comment?: string; version?: number };
  const done = await inTransaction(ctx.db, async (trx) => {
    const row = Number.isSafeInteger(id)
      ? ((await scoped(trx.selectFrom(entity.table), entity, session).selectAll().where(entity.idField, '=', id).executeTakeFirst()) as Row | undefined)
      : undefined;
    if (!row) throw notFound(MSG.notFound);
    if (Number(row.auditState) === 5) throw conflict('运费超出指导价，调度审批中，请等待审批结果');
    const needsApproval = Number(row.scheduleStatus) === 0 && Number(row.auditState) !== 15 && (await freightAboveTolerance(trx, session.orgId, row)).above;
    const name = needsApproval ? 'priceApproval' : 'dispatch';
    const updated = await runTransition(writeContext(ctx, trx), entity, id, name, { values: {}, comment: body.comment ?? null }, { version: body.version });
    return { updated, needsApproval };
  });
  return {
    count: 1, list: [present(entity, done.updated)],
    ...(done.needsApproval ? { message: '应付运费超出指导价容差，已提交调度审批，审批通过后自动派车' } : {}),
  };
};

/** What the replacement plans as the cancelled schedule did, unless the body says otherwise. */
const KEPT = [
  'demandId', 'escortStaffIds', 'quoteMode', 'unitPrice', 'freight', 'taxRate', 'invoiceType', 'distanceKm',
  'prepayAmount', 'oilCardAmount', 'arrivalPayAmount', 'receiptPayAmount', 'customerFreight', 'planLoadTime', 'remark',
];
/**
 * Who drives and carries, given afresh: the old truck's values are not kept. Nor is its 指导价,
 * which the new carrier's contract or quote may set differently (worked out again on save).
 */
const TRUCK = [
  'carrierType', 'supplierId', 'companyTruckId', 'platformTruckId', 'driverId', 'truckLicensePlate', 'trailerPlate', 'plateColor', 'vehicleKind',
  'driverStaffId', 'driverName', 'driverPhone', 'driverIdCard', 'costContractId', 'platformWaybillNo', 'billPlatformId', 'guidePrice',
];
const PAY = ['prepayAmount', 'oilCardAmount', 'arrivalPayAmount', 'receiptPayAmount'];

/**
 * 改派: the schedule is cancelled (as 取消: unpaid nodes deleted, paid ones clawed back, own truck
 * released) and a draft on the same demand takes its place with the new truck, carrier and
 * driver, linked by reassignedFromId. Cancelling first keeps the demand's 需车数 intact.
 */
const reassign: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const session = requireSession(ctx);
  const id = Number(ctx.params[entity.idField]);
  const body = (ctx.body ?? {}) as Row;
  const { cancelReason, version, ...given } = body;
  const done = await inTransaction(ctx.db, async (trx) => {
    const w = writeContext(ctx, trx);
    const old = await runTransition(w, entity, id, 'reassign', { values: { cancelReason }, comment: null }, { version });
    const src = present(entity, old) as Row;
    const values: Row = {};
    for (const f of KEPT) values[f] = src[f];
    for (const f of TRUCK) values[f] = null;
    // A new freight without its split is paid as the new freight says (the split is redone on save).
    if ('freight' in given && PAY.every((f) => !(f in given))) for (const f of PAY) values[f] = null;
    Object.assign(values, given);
    // An own truck carries no freight (its cost is settled as 大件成本): the carrier's freight is not kept.
    if (Number(values.carrierType) === 1 && !('freight' in given)) {
      values.freight = '0.00';
      for (const f of PAY) values[f] = null;
    }
    for (const [k, v] of Object.entries(values)) if (v === undefined) delete values[k];
    const created = await createRecord(w, entity, values);
    const newId = Number(created[entity.idField]);
    const linked = (await scoped(trx.updateTable(entity.table), entity, session).set({ reassignedFromId: id }).where(entity.idField, '=', newId)
      .returningAll().executeTakeFirstOrThrow()) as Row;
    return { old, created: linked };
  });
  return { cancelled: present(entity, done.old), schedule: present(entity, done.created) };
};

/** 指导价 of one truck on a demand, with how it was worked out (the 派车 form, before saving). */
const guidePrice: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const id = Number(ctx.query.demandId);
  const demand = Number.isSafeInteger(id) && id > 0 ? await q.get('transportDemand', id) : undefined;
  if (!demand) throw notFound('运输需求不存在');
  let { supplierId, costContractId, vehicleKind } = ctx.query as Row;
  if (ctx.query.platformTruckId) {
    const truck = await q.get('platformTruck', Number(ctx.query.platformTruckId));
    if (truck) { vehicleKind = vehicleKind ?? truck.vehicleKind; supplierId = supplierId ?? truck.supplierId; }
  }
  return estimateGuidePrice(q, demand, { supplierId, costContractId, vehicleKind });
};

export const dispatchHandlers: Record<string, Handler> = {
  'dispatch.guidePrice': guidePrice,
  'dispatch.dispatch': dispatch,
  'dispatch.reassign': reassign,
};
