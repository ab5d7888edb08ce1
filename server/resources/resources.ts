/** Named handlers of the transport-resource area (运力资源): the calls a generic handler can't be. */
import { sql } from 'kysely';
import type { Handler, HandlerContext } from '../crud/context';
import { requireSession } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { hookContext, runTransition, createRecord, updateRecord, STATE_REFUSED, type WriteContext } from '../crud/write';
import { diff, OP, titleOf, writeLog } from '../crud/oplog';
import { titlesFor } from '../crud/refs';
import { present, presentInList } from '../crud/values';
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, badRequest, conflict, notFound } from '../http/errors';
import type { Db } from '../db/connect';
import { loadEnums } from '../schema/load';
import { SMS_BIZ } from './sms';
import { evaluationCandidates } from './evaluation';
import { verifyMessage, verifySubject, type VerifyResult } from './verify';

const SUPPLIER_EDIT = '运力资源:供应商:编辑';

const writeContext = (ctx: HandlerContext, db: Db): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request });
const entity = (ctx: HandlerContext, name: string) => ctx.entities[name]!;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** Latest invitation SMS of a supplier, by its platform number (seed 002 §7.1). */
const inviteRegisterSmsStatus: Handler = async (ctx) => {
  const hctx = hookContext(writeContext(ctx, ctx.db), entity(ctx, 'supplier'));
  const platformSupplierId = Number(ctx.params.platformSupplierId);
  const supplier = await hctx.q.select('supplier').select(['supplierId', 'registerStatus']).where('platformSupplierId', '=', platformSupplierId).executeTakeFirst() as { supplierId: number; registerStatus: number } | undefined;
  if (!supplier) throw notFound('未找到该平台供应商');
  const sms = await hctx.q.select('smsRecord').selectAll().where('bizType', '=', SMS_BIZ.supplierInvite).where('bizId', '=', platformSupplierId)
    .orderBy('smsId', 'desc').limit(1).executeTakeFirst() as Record<string, any> | undefined;
  const label = (code: unknown) => loadEnums().smsStatus?.values.find((v) => v.value === code)?.label ?? '';
  return {
    platformSupplierId, supplierId: supplier.supplierId, registerStatus: supplier.registerStatus,
    smsId: sms?.smsId ?? null, mobile: sms?.mobile ?? null, status: sms?.status ?? null,
    statusName: sms ? label(sms.status) : '未发送', errorCode: sms?.errorCode ?? null, sentAt: iso(sms?.sentAt), createdAt: iso(sms?.createdAt),
  };
};

/**
 * 交接: the supplier goes to another active staff member of the organisation. Allowed to holders
 * of 运力资源:供应商:编辑 and to the supplier's current manager (leaver handover, /profile/handover).
 * The manager changes in any verify state (a pending or cancelled supplier still needs an owner).
 */
const handover: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const e = entity(ctx, 'supplier');
  const supplierId = Number(ctx.params.supplierId);
  const toStaffId = Number(ctx.params.managerStaffId);
  return inTransaction(ctx.db, async (trx) => {
    const w = writeContext(ctx, trx);
    const hctx = hookContext(w, e);
    const prev = await hctx.q.select('supplier').selectAll().where('supplierId', '=', supplierId).forUpdate().executeTakeFirst() as Record<string, any> | undefined;
    if (!prev) throw notFound(MSG.notFound);
    if (!hasPermission(s.permissions, SUPPLIER_EDIT) && prev.managerStaffId !== s.staffId) throw new HttpError(403, '只有供应商负责人或有编辑权限的人员可以交接');
    const to = await trx.selectFrom('staff').select(['staffId', 'name']).where('staffId', '=', toStaffId).where('orgId', '=', s.orgId)
      .where('resigned', 'is not', true).executeTakeFirst() as { staffId: number; name: string } | undefined;
    if (!to) throw badRequest('接收人不存在或不属于本单位', { field: 'managerStaffId' });
    if (prev.managerStaffId === toStaffId) throw conflict('接收人已是该供应商的负责人');
    const row = await hctx.q.update('supplier').set({ managerStaffId: toStaffId, updatedAt: sql`now()`, updatedBy: s.staffId, version: sql`version + 1` })
      .where('supplierId', '=', supplierId).returningAll().executeTakeFirstOrThrow() as Record<string, any>;
    await writeLog(trx, s, ctx.request.ip, { entity: e, operationType: OP.update, subjectId: supplierId, subjectName: titleOf(e, row), action: '交接', content: await diff(trx, s, ctx.entities, e, prev, row) });
    await hctx.notify({ recipients: [toStaffId], message: `供应商「${row.name}」已交接给您负责`, eventType: 2, eventSubjectId: supplierId, daily: true });
    return present(e, row);
  });
};

/**
 * Suppliers in use by the group's other organisations, not yet in this one (从平台添加). Seeing
 * the siblings' suppliers is seeing the group: 集团管理 only (docs/decisions.md, siblings).
 */
const listThirdPartySupplier: Handler = async (ctx) => {
  const s = requireSession(ctx);
  if (!hasPermission(s.permissions, '集团管理')) return { list: [], total: 0, pageNo: 1, pageSize: 20 };
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(ctx.query.pageSize) || 20));
  let q = ctx.db.selectFrom('supplier as x').innerJoin('organization as o', 'o.orgId', 'x.orgId')
    .where('x.corpId', '=', s.corpId).where('x.orgId', '!=', s.orgId).where('x.verifyStatus', '=', 15).where('x.status', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('supplier as mine').select('mine.supplierId')
      .where('mine.orgId', '=', s.orgId).where((m) => m.or([m('mine.name', '=', m.ref('x.name')), m.and([m('mine.creditCode', 'is not', null), m('mine.creditCode', '=', m.ref('x.creditCode'))])])))));
  if (ctx.query.keyword) q = q.where((eb) => eb.or([eb('x.name', 'ilike', `%${String(ctx.query.keyword)}%`), eb('x.shortName', 'ilike', `%${String(ctx.query.keyword)}%`)]));
  if (ctx.query.supplierType) q = q.where('x.supplierType', '=', Number(ctx.query.supplierType));
  const total = Number(((await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst()) as { n: number }).n);
  const list = await q.select(['x.supplierId', 'x.name', 'x.shortName', 'x.supplierType', 'x.creditCode', 'x.regionCode', 'x.rating', 'x.orgId', 'o.name as orgName'])
    .orderBy('x.name').limit(pageSize).offset((pageNo - 1) * pageSize).execute() as { orgId: number; orgName: string }[];
  // The list shows each supplier's organisation as a reference title (its orgId column).
  const refs = { organization: Object.fromEntries(list.map((r) => [String(r.orgId), r.orgName])) };
  return { list, total, pageNo, pageSize, refs };
};

/** Master data a supplier taken from a sister organisation brings along (not its states, owner, platform facts or files). */
const PLATFORM_COPY = ['name', 'shortName', 'supplierType', 'creditCode', 'idCardNo', 'legalPerson', 'contactName', 'contactPhone', 'regionCode', 'address',
  'transportLicenseNo', 'transportLicenseExpiry', 'taxpayerType', 'defaultTaxRate', 'invoiceTitle', 'taxNo', 'invoiceAddress', 'bankName', 'bankAccount',
  'serviceCategories', 'vehicleCount', 'billPlatformId', 'creditDays', 'remark'] as const;

/**
 * 从平台添加: a supplier in use in another organisation of the group becomes this organisation's
 * supplier — a draft with its master data, managed by the caller, that goes through this
 * organisation's own audit. Only 集团管理 sees the sister organisations' suppliers (as in
 * list-third-party-supplier); one this organisation already has (same name or credit code) is refused.
 */
const addFromPlatform: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const e = entity(ctx, 'supplier');
  const sourceId = Number((ctx.body as { supplierId?: number } | undefined)?.supplierId);
  if (!hasPermission(s.permissions, '集团管理')) throw notFound('未找到集团内其他单位的该供应商');
  return inTransaction(ctx.db, async (trx) => {
    const source = (await trx.selectFrom('supplier').selectAll().where('supplierId', '=', sourceId).where('corpId', '=', s.corpId)
      .where('orgId', '!=', s.orgId).executeTakeFirst()) as Record<string, any> | undefined;
    if (!source) throw notFound('未找到集团内其他单位的该供应商');
    if (source.verifyStatus !== 15 || source.status !== 1) throw conflict('该供应商在其所属单位未审核通过或已停用，不能添加');
    const w = writeContext(ctx, trx);
    const hctx = hookContext(w, e);
    const mine = await hctx.q.select('supplier').select(['supplierId', 'name'])
      .where((eb) => eb.or([eb('name', '=', source.name), ...(source.creditCode ? [eb('creditCode', '=', source.creditCode)] : [])])).executeTakeFirst() as { name: string } | undefined;
    if (mine) throw conflict(`本单位已有供应商「${mine.name}」，不能重复添加`);
    const values: Record<string, unknown> = { managerStaffId: s.staffId };
    for (const f of PLATFORM_COPY) values[f] = source[f] ?? null;
    const row = await createRecord(w, e, values);
    return { ...present(e, row), message: `已添加为本单位供应商「${String(row.name)}」，请核对资料后提交审核` };
  });
};

/** A supplier with the organisation it belongs to (and, after invite-register, its platform number). */
const supplierWithOrg: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const e = entity(ctx, 'supplier');
  const hctx = hookContext(writeContext(ctx, ctx.db), e);
  const row = await hctx.q.get('supplier', Number(ctx.params.supplierId));
  if (!row) throw notFound(MSG.notFound);
  const org = await ctx.db.selectFrom('organization').select(['orgId', 'name', 'shortName']).where('orgId', '=', s.orgId).executeTakeFirst();
  const refs = await titlesFor(ctx.db, s, ctx.entities, e, [row]);
  return { ...presentInList(e, row), organization: org, refs };
};

/** Staff related to a supplier: its manager, whoever created it, acted on it or evaluated it. */
const staffsRelated: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const hctx = hookContext(writeContext(ctx, ctx.db), entity(ctx, 'supplier'));
  const supplierId = Number(ctx.params.supplierId);
  const row = await hctx.q.get('supplier', supplierId);
  if (!row) throw notFound(MSG.notFound);
  const relations = new Map<number, Set<string>>();
  const add = (id: unknown, what: string) => {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0) return;
    relations.set(n, (relations.get(n) ?? new Set()).add(what));
  };
  add(row.managerStaffId, '负责人');
  add(row.createdBy, '创建人');
  const acted = await ctx.db.selectFrom('transitionLog').select(['operatorStaffId', 'title']).where('orgId', '=', s.orgId)
    .where('entity', '=', 'supplier').where('subjectId', '=', supplierId).execute() as { operatorStaffId: number; title: string }[];
  for (const a of acted) add(a.operatorStaffId, a.title.startsWith('审核') || a.title.startsWith('驳回') || a.title.startsWith('同意') ? '审核人' : '经办人');
  const evaluators = await hctx.q.select('supplierEvaluation').select('evaluatorStaffId').where('supplierId', '=', supplierId).execute() as { evaluatorStaffId: number }[];
  for (const ev of evaluators) add(ev.evaluatorStaffId, '评价人');
  if (!relations.size) return [];
  const staff = await ctx.db.selectFrom('staff as st').leftJoin('department as d', 'd.depId', 'st.depId')
    .select(['st.staffId', 'st.name', 'st.mobile', 'd.name as depName']).where('st.orgId', '=', s.orgId).where('st.staffId', 'in', [...relations.keys()])
    .orderBy('st.staffId').execute() as { staffId: number; name: string; mobile: string | null; depName: string | null }[];
  return staff.map((x) => ({ ...x, relations: [...relations.get(x.staffId)!] }));
};

const canEvaluateList: Handler = async (ctx) => {
  const hctx = hookContext(writeContext(ctx, ctx.db), entity(ctx, 'supplierEvaluation'));
  const n = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
  return evaluationCandidates(hctx, { supplierId: n(ctx.query.supplierId), enquiryId: n(ctx.query.enquiryId), scheduleId: n(ctx.query.scheduleId) });
};

/** `PUT company-truck/{truckId}/status`: the transition that leads from the current state to the one asked. */
const TRUCK_TRANSITION: Record<number, string[]> = { 1: ['recover', 'enable'], 3: ['repair'], 4: ['disable'], 5: ['scrap'] };
const truckStatus: Handler = async (ctx) => {
  const e = entity(ctx, 'companyTruck');
  const id = Number(ctx.params.truckId);
  const body = ctx.body as { status: number; comment?: string; version?: number };
  return inTransaction(ctx.db, async (trx) => {
    const w = writeContext(ctx, trx);
    const row = await hookContext(w, e).q.get('companyTruck', id);
    if (!row) throw notFound(MSG.notFound);
    const name = (TRUCK_TRANSITION[body.status] ?? []).find((n) => e.transitions.find((t) => t.name === n)?.from.some((f) => String(f) === String(row.status)));
    if (!name) throw conflict(STATE_REFUSED);
    return present(e, await runTransition(w, e, id, name, { values: {}, comment: body.comment ?? null }, { version: body.version }));
  });
};

function verifyHandler(kind: 'platformTruck' | 'driver'): Handler {
  return async (ctx) => {
    const e = entity(ctx, kind);
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const ids = Array.isArray(body.ids) ? body.ids.map(Number) : body[e.idField] !== undefined ? [Number(body[e.idField])] : [];
    if (!ids.length) throw badRequest(`缺少必填字段：${e.title}编号`, { field: e.idField });
    const results = await inTransaction(ctx.db, async (trx) => {
      const hctx = hookContext(writeContext(ctx, trx), e);
      const out: VerifyResult[] = [];
      for (const id of ids) {
        const row = await hctx.q.get(kind, id);
        if (!row) throw notFound(ids.length > 1 ? `编号 ${id}：${MSG.notFound}` : MSG.notFound);
        if (![1, 3].includes(Number(row.authState))) throw conflict(ids.length > 1 ? `编号 ${id}：已认证，无需核验` : '已认证，无需核验');
        out.push(await verifySubject(hctx, kind, id));
      }
      return out;
    });
    return { passed: results.filter((r) => r.passed).length, failed: results.filter((r) => !r.passed).length, results, message: verifyMessage(results) };
  };
}

/** `POST manual-review/audit`: pass (batch) or reject (reason required) pending reviews. */
const manualReviewAudit: Handler = async (ctx) => {
  const e = entity(ctx, 'manualReview');
  const body = ctx.body as { manualReviewId?: number; ids?: number[]; pass: boolean; rejectReason?: string; comment?: string };
  const ids = body.ids ?? (body.manualReviewId ? [body.manualReviewId] : []);
  if (!ids.length) throw badRequest('缺少必填字段：人工审核编号', { field: 'manualReviewId' });
  if (!body.pass && !body.rejectReason?.trim()) throw badRequest('驳回原因不能为空', { field: 'rejectReason' });
  await inTransaction(ctx.db, async (trx) => {
    for (const id of ids) {
      await runTransition(writeContext(ctx, trx), e, id, body.pass ? 'pass' : 'reject', { values: body.pass ? {} : { rejectReason: body.rejectReason }, comment: body.comment ?? null });
    }
  });
  return { count: ids.length };
};

/**
 * The organisation's one bulk config; unsaved defaults (configId null) until someone saves it.
 * The defaults carry version 1 so the form's first save (which always sends a version) creates it.
 */
export const BULK_DEFAULTS = {
  fuelPrice: '7.35', emptyFuelPer100: '32.0', loadedFuelPer100: '55.0',
  tollRates: [{ axles: 2, yuanPerKm: 0.6 }, { axles: 3, yuanPerKm: 1.2 }, { axles: 4, yuanPerKm: 1.6 }, { axles: 6, yuanPerKm: 2.0 }],
  truckOverrides: [],
};
async function bulkRow(ctx: HandlerContext, db: Db) {
  const q = hookContext(writeContext(ctx, db), entity(ctx, 'bulkConfig')).q;
  return await q.select('bulkConfig').selectAll().orderBy('configId', 'asc').limit(1).executeTakeFirst() as Record<string, any> | undefined;
}
const bulkConfigGet: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const row = await bulkRow(ctx, ctx.db);
  return row ?? { configId: null, corpId: s.corpId, orgId: s.orgId, version: 1, ...BULK_DEFAULTS };
};
const bulkConfigSave: Handler = async (ctx) => {
  const e = entity(ctx, 'bulkConfig');
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  return inTransaction(ctx.db, async (trx) => {
    // One row per organisation: the lock on the organisation serialises two first saves.
    await trx.selectFrom('organization').select('orgId').where('orgId', '=', ctx.session!.orgId).forUpdate().execute();
    const row = await bulkRow(ctx, trx);
    const w = writeContext(ctx, trx);
    if (!row) return present(e, await createRecord(w, e, data));
    return present(e, await updateRecord(w, e, Number(row.configId), data, { version: data.version as number | undefined }));
  });
};

export const resourceHandlers: Record<string, Handler> = {
  'resources.inviteRegisterSmsStatus': inviteRegisterSmsStatus,
  'resources.handover': handover,
  'resources.listThirdPartySupplier': listThirdPartySupplier,
  'resources.addFromPlatform': addFromPlatform,
  'resources.supplierWithOrg': supplierWithOrg,
  'resources.staffsRelated': staffsRelated,
  'resources.canEvaluateList': canEvaluateList,
  'resources.truckStatus': truckStatus,
  'resources.verifyPlatformTruck': verifyHandler('platformTruck'),
  'resources.verifyDriver': verifyHandler('driver'),
  'resources.manualReviewAudit': manualReviewAudit,
  'resources.bulkConfigGet': bulkConfigGet,
  'resources.bulkConfigSave': bulkConfigSave,
};
