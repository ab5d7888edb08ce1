/**
 * The driver's page (`/driver/{token}`, public): the calls a driver's phone makes through the
 * link of one schedule, and the dispatcher's view of that link (docs/decisions.md "The driver's
 * page"). Each driver call resolves the token to its schedule and acts as the schedule's
 * organisation with only 调度:编辑 — through the very transitions and hooks the dispatcher's
 * row actions use — naming the driver (「司机 张三」) in the nodes, the timeline and the log.
 *
 * What a driver reads is built here field by field from the 托运单's facts (addresses and
 * contacts, cargo, pieces, weight, dimensions, the dispatcher's phone): never a price, a freight,
 * the customer, or another schedule. tests/server/driver-link.test.ts checks every reply's keys.
 */
import { sql } from 'kysely';
import type { Session } from '../auth/session-types';
import { requireSession, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { scopedQueries, type ScopedQueries } from '../crud/scope';
import { runTransition, type WriteContext } from '../crud/write';
import type { Db } from '../db/connect';
import { HttpError, MSG, badRequest, conflict, notFound } from '../http/errors';
import { enumLabel, loadEnums } from '../schema/load';
import { regionLabel } from '../reference/regions';
import { storeUpload } from '../files/files';
import { ingestPositions } from '../tracking/ingest';
import { wgs84ToGcj02 } from '../../schemas/src/geo/gcj02';
import { DRIVER_LINK_LIVE, ENDED, TOKEN_PATTERN, currentLink, hashOf, linkUrl, type LinkRow } from './driver-token';
import { LIMITS, TOO_MANY, hit, over } from './driver-rate';

type Row = Record<string, any>;

/** The steps a driver may take, from which schedule states (the dispatcher's transitions of the same names). */
const STEPS: Record<string, { title: string; from: number[] }> = {
  load: { title: '装车', from: [10] },
  depart: { title: '发车', from: [15] },
  arrive: { title: '到达', from: [20] },
  reportException: { title: '上报异常', from: [20] },
  sign: { title: '签收', from: [30] },
};

const INVALID = '链接无效，请核对短信中的链接或联系调度员';
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(Number(v)));
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

interface Opened {
  link: LinkRow;
  schedule: Row;
  session: Session;
  q: ScopedQueries;
}

/**
 * The link a request names, checked: rate limits first (per address for unknown tokens, per
 * link), then the link is working and its schedule still in 已派车 … 回单已返 with the same truck.
 */
// What openLink itself and the position call read of the schedule: a phone posts a point a
// minute, and parsing the schedule's whole row was a measurable share of that call.
const CHECK_COLUMNS = ['s.scheduleId', 's.scheduleStatus', 's.truckLicensePlate', 's.dispatcherStaffId', 's.driverName'] as const;

async function openLink(ctx: HandlerContext, db: Db = ctx.db, whole = true): Promise<Opened> {
  const ip = ctx.request.ip;
  if (over(`miss:${ip}`, LIMITS.missPerAddress)) throw new HttpError(429, TOO_MANY);
  // The link and its schedule in one read (a phone posts a point a minute: the read is the call's cost).
  const token = String(ctx.params.token ?? '');
  const found = TOKEN_PATTERN.test(token)
    ? (await db.selectFrom('driverLink as l')
      .leftJoin('transportSchedule as s', (j) => j.onRef('s.scheduleId', '=', 'l.scheduleId').onRef('s.orgId', '=', 'l.orgId'))
      .$if(whole, (qb) => qb.selectAll('s'))
      .$if(!whole, (qb) => qb.select([...CHECK_COLUMNS]))
      .select(['l.linkId', 'l.orgId as lOrgId', 'l.corpId as lCorpId', 'l.scheduleId as lScheduleId', 'l.nonce', 'l.truckLicensePlate as lPlate',
        'l.endedAt', 'l.endReason', 'l.createdBy as lCreatedBy', 'l.openCount', 'l.firstOpenedAt', 'l.lastOpenedAt'])
      .where('l.tokenHash', '=', hashOf(token)).executeTakeFirst()) as Row | undefined
    : undefined;
  const link: LinkRow | undefined = found && {
    linkId: found.linkId, orgId: found.lOrgId, corpId: found.lCorpId, scheduleId: found.lScheduleId, nonce: found.nonce, truckLicensePlate: found.lPlate,
    endedAt: found.endedAt, endReason: found.endReason, createdBy: found.lCreatedBy, openCount: found.openCount, firstOpenedAt: found.firstOpenedAt, lastOpenedAt: found.lastOpenedAt,
  };
  if (!link) {
    hit(`miss:${ip}`, LIMITS.missPerAddress);
    throw new HttpError(404, INVALID);
  }
  hit(`link:${link.linkId}`, LIMITS.perLink);
  if (link.endedAt) throw new HttpError(410, ENDED[link.endReason ?? ''] ?? '该链接已失效');
  const probe: Session = { sessionId: 0, accountId: 0, staffId: 0, orgId: link.orgId, corpId: link.corpId, depId: null, permissions: [] };
  const schedule = found!.scheduleId ? found : undefined;
  if (!schedule || !DRIVER_LINK_LIVE.includes(Number(schedule.scheduleStatus))) throw new HttpError(410, '该调度单已结束，链接已失效');
  if (link.truckLicensePlate && schedule.truckLicensePlate !== link.truckLicensePlate) throw new HttpError(410, ENDED.reassign!);
  const session: Session = {
    ...probe,
    // The link acts for the dispatcher who sent the truck, with the one permission its steps need.
    staffId: Number(schedule.dispatcherStaffId ?? link.createdBy ?? 0),
    permissions: ['调度:编辑'],
    actorName: `司机 ${text(schedule.driverName)}`.trim().slice(0, 30),
  };
  return { link, schedule, session, q: scopedQueries(db, ctx.entities, session) };
}

const writeContext = (ctx: HandlerContext, db: Db, session: Session): WriteContext => ({ db, session, entities: ctx.entities, request: ctx.request });

/** China time to the minute. */
const time = (v: unknown) => (v ? new Date(new Date(String(v)).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : null);

function place(region: unknown, address: unknown): string {
  const parts = (region ? regionLabel(String(region)) ?? '' : '').split('/').filter((p) => p && p !== '市辖区' && p !== '县');
  const addr = text(address);
  return `${parts.filter((p) => !addr.includes(p)).join('')}${addr}`;
}

/** What the next step is from a state (the driver's buttons), or what the driver waits for. */
export function nextSteps(status: number, receiptStatus: number | null): { steps: { step: string; title: string }[]; waiting: string | null } {
  const steps = Object.entries(STEPS).filter(([, s]) => s.from.includes(status)).map(([step, s]) => ({ step, title: s.title }));
  if (status === 25) return { steps, waiting: '运输异常已上报，等待调度员处理' };
  if (status === 35 && (receiptStatus === 0 || receiptStatus === 10 || receiptStatus === null)) return { steps: [{ step: 'receipt', title: '上传回单' }], waiting: null };
  if (status === 35 && receiptStatus === 5) return { steps, waiting: '回单已上传，等待审核' };
  if (status >= 40) return { steps, waiting: '回单已确认，本次运输完成' };
  return { steps, waiting: null };
}

/** The driver's page: this schedule's 托运单 and state, nothing else. */
async function driverView(o: Opened): Promise<Row> {
  const s = o.schedule;
  const d = (await o.q.get('transportDemand', Number(s.demandId))) ?? {};
  const dispatcher = s.dispatcherStaffId ? await o.q.get('staff', Number(s.dispatcherStaffId)) : undefined;
  const receipt = (await o.q.select('receipt').select(['receiptStatus', 'rejectReason']).where('scheduleId', '=', Number(s.scheduleId)).executeTakeFirst()) as Row | undefined;
  const nodes = (await o.q.select('scheduleNode').select(['node', 'occurredAt', 'byDriver']).where('scheduleId', '=', Number(s.scheduleId))
    .orderBy('occurredAt').orderBy('nodeId').execute()) as Row[];
  const status = Number(s.scheduleStatus);
  const receiptStatus = receipt ? Number(receipt.receiptStatus) : null;
  const next = nextSteps(status, receiptStatus);
  const size = [d.maxLength, d.maxWidth, d.maxHeight].every((x) => !blank(x)) ? `${num(d.maxLength)}×${num(d.maxWidth)}×${num(d.maxHeight)} 米` : null;
  return {
    scheduleNo: text(s.scheduleNo),
    status,
    statusLabel: enumLabel('scheduleStatus', status) ?? '',
    truckLicensePlate: text(s.truckLicensePlate),
    trailerPlate: s.trailerPlate ?? null,
    driverName: text(s.driverName),
    next: next.steps,
    waiting: next.waiting,
    cargo: {
      name: text(d.cargoName), pieces: d.pieces ?? null, weight: num(d.weight), volume: num(d.volume), size,
      oversize: Boolean(d.isOversize), vehicleRequirement: d.vehicleRequirement ?? null,
    },
    load: { address: place(d.loadRegionCode, d.loadAddress), contact: d.loadContact ?? null, phone: d.loadPhone ?? null, planTime: time(s.planLoadTime ?? d.planLoadTime) },
    unload: { address: place(d.unloadRegionCode, d.unloadAddress), contact: d.unloadContact ?? null, phone: d.unloadPhone ?? null, requiredTime: time(d.requiredArriveTime) },
    dispatcher: { name: dispatcher?.name ?? null, phone: dispatcher?.mobile ?? null },
    loaded: { pieces: s.loadedPieces ?? null, weight: num(s.loadedWeight) },
    needsPermit: Boolean(d.isOversize) && blank(s.permitNo),
    history: nodes.map((n) => ({ title: enumLabel('scheduleNode', n.node) ?? '', at: time(n.occurredAt), byDriver: Boolean(n.byDriver) })),
    receipt: receipt ? { status: receiptStatus, statusLabel: enumLabel('receiptStatus', receiptStatus) ?? '', rejectReason: receipt.rejectReason ?? null } : null,
    exceptionTypes: (loadEnums().exceptionType?.values ?? []).map((v) => ({ value: Number(v.value), label: v.label })),
  };
}

/** Photos a driver names must be files uploaded through this very link. */
async function ownPhotos(db: Db, link: LinkRow, photos: unknown): Promise<Row[]> {
  const list = (Array.isArray(photos) ? photos : []) as Row[];
  const out: Row[] = [];
  for (const p of list) {
    const fileName = String(p.url ?? '').replace('/api/v1/file-base/file/', '');
    const file = fileName.startsWith(`dl${link.linkId}_`)
      ? await db.selectFrom('fileObject').select(['fileName', 'originalName', 'size']).where('orgId', '=', link.orgId).where('fileName', '=', fileName).executeTakeFirst() as Row | undefined
      : undefined;
    if (!file) throw badRequest('照片未上传成功，请重新拍照上传', { field: 'photos' });
    out.push({ name: String(p.name || file.originalName), url: `/api/v1/file-base/file/${file.fileName}`, fileName: file.fileName, size: Number(file.size) });
  }
  return out;
}

const view: Handler = async (ctx) => {
  const o = await openLink(ctx);
  // Opened: the dispatcher sees when (first and last). Not a change of the schedule: no version, no log.
  await ctx.db.updateTable('driverLink').set({ firstOpenedAt: sql`coalesce(first_opened_at, now())`, lastOpenedAt: sql`now()`, openCount: sql`open_count + 1` })
    .where('linkId', '=', o.link.linkId).execute();
  await ctx.db.updateTable('transportSchedule').set({ driverOpenedAt: sql`coalesce(driver_opened_at, now())`, driverLastOpenedAt: sql`now()` })
    .where('orgId', '=', o.link.orgId).where('scheduleId', '=', o.link.scheduleId).execute();
  return driverView(o);
};

const step: Handler = async (ctx) => {
  const body = (ctx.body ?? {}) as Row;
  const name = String(body.step);
  const def = STEPS[name];
  if (!def) throw badRequest('未知的操作', { field: 'step' });
  return inTransaction(ctx.db, async (trx) => {
    const o = await openLink(ctx, trx);
    const status = Number(o.schedule.scheduleStatus);
    if (!def.from.includes(status)) {
      const label = enumLabel('scheduleStatus', status) ?? '';
      const next = nextSteps(status, null);
      const hint = next.steps.length ? `，请先${next.steps.map((x) => x.title).join('或')}` : next.waiting ? `，${next.waiting}` : '';
      throw conflict(`当前状态为「${label}」，不能${def.title}${hint}`);
    }
    const values: Row = { nodeAddress: body.address ?? null, nodeRemark: body.remark ?? null };
    if (name === 'load') Object.assign(values, { loadedPieces: body.loadedPieces, loadedWeight: body.loadedWeight, permitNo: body.permitNo ?? undefined });
    if (name === 'sign') Object.assign(values, { signedPieces: body.signedPieces ?? undefined, signedWeight: body.signedWeight ?? undefined });
    if (name === 'reportException') {
      if (blank(body.exceptionDesc)) throw badRequest('请填写异常说明', { field: 'exceptionDesc' });
      Object.assign(values, { exceptionType: body.exceptionType, exceptionDesc: body.exceptionDesc });
      delete values.nodeRemark;
    }
    for (const [k, v] of Object.entries(values)) if (v === undefined || v === null) delete values[k];
    const photos = body.photos?.length ? await ownPhotos(trx, o.link, body.photos) : [];
    const entity = ctx.entities.transportSchedule!;
    const updated = await runTransition(writeContext(ctx, trx, o.session), entity, o.link.scheduleId, name, { values, comment: null });
    if (photos.length) {
      // The photos belong to the node this step wrote (the latest of its kind).
      const node = { load: 15, depart: 20, arrive: 30, reportException: 25, sign: 35 }[name as 'load'];
      await trx.updateTable('scheduleNode').set({ photos: JSON.stringify(photos) }).where('nodeId', '=', sql<number>`(
        select max(node_id) from schedule_node where org_id = ${o.link.orgId} and schedule_id = ${o.link.scheduleId} and node = ${node})`).execute();
    }
    return driverView({ ...o, schedule: updated });
  });
};

const upload: Handler = async (ctx) => {
  const o = await openLink(ctx);
  return storeUpload(ctx, o.session, ['jpg', 'jpeg', 'png'], `dl${o.link.linkId}`);
};

const receipt: Handler = async (ctx) => {
  const body = (ctx.body ?? {}) as Row;
  return inTransaction(ctx.db, async (trx) => {
    const o = await openLink(ctx, trx);
    const r = (await o.q.select('receipt').selectAll().where('scheduleId', '=', o.link.scheduleId).executeTakeFirst()) as Row | undefined;
    if (Number(o.schedule.scheduleStatus) < 35 || !r) throw conflict('签收后才能上传回单');
    const rs = Number(r.receiptStatus);
    if (rs === 5) throw conflict('回单已上传，正在等待审核');
    if (rs === 15) throw conflict('回单已确认，无需再上传');
    const photos = await ownPhotos(trx, o.link, body.photos);
    if (!photos.length) throw badRequest('请拍摄回单照片', { field: 'photos' });
    await runTransition(writeContext(ctx, trx, o.session), ctx.entities.receipt!, Number(r.receiptId), 'upload', {
      values: { photos, signedBy: String(body.signedBy ?? '').trim(), ...(blank(body.diffDesc) ? {} : { diffDesc: body.diffDesc }) }, comment: null,
    });
    return driverView(o);
  });
};

const positions: Handler = async (ctx) => {
  const body = (ctx.body ?? {}) as { points?: Row[] };
  const token = String(ctx.params.token ?? '');
  // A bad token or a flood of misses takes the checked path (its own messages and limits).
  if (!TOKEN_PATTERN.test(token) || over(`miss:${ctx.request.ip}`, LIMITS.missPerAddress)) await openLink(ctx);
  // In the phone's order of time; one id once even within a batch.
  const seen = new Set<string>();
  const points = [...(body.points ?? [])].sort((a, b) => Number(a.time) - Number(b.time)).filter((p) => !seen.has(String(p.id)) && seen.add(String(p.id)));
  return inTransaction(ctx.db, async (trx) => {
    // A phone posts a point a minute: the link, its schedule's state and the batch's ids taken for
    // it are one statement, and the ids are taken only while the link works. Anything else (an
    // ended link, a finished schedule, another truck) goes through openLink for its message, and
    // the transaction gives the ids back.
    const row = (await sql<Row>`
      with l as (
        select l.link_id, l.truck_license_plate as link_plate, l.ended_at, s.schedule_status, s.truck_license_plate
        from driver_link l left join transport_schedule s on s.schedule_id = l.schedule_id and s.org_id = l.org_id
        where l.token_hash = ${hashOf(token)}),
      taken as (
        insert into driver_link_point (link_id, client_id)
        select l.link_id, x.id from l, unnest(${points.map((p) => String(p.id))}::varchar[]) as x(id)
        where l.ended_at is null and l.schedule_status = any(${DRIVER_LINK_LIVE}::int[])
          and (l.link_plate is null or l.link_plate = l.truck_license_plate)
        on conflict do nothing returning client_id)
      select l.link_id, l.ended_at, l.schedule_status, l.link_plate, l.truck_license_plate, array(select client_id from taken) as fresh from l`.execute(trx)).rows[0];
    const working = row && !row.endedAt && DRIVER_LINK_LIVE.includes(Number(row.scheduleStatus)) && (!row.linkPlate || row.linkPlate === row.truckLicensePlate);
    if (!working) {
      await openLink(ctx, trx, false);
      throw new HttpError(410, '该链接已失效');
    }
    hit(`link:${row.linkId}`, LIMITS.perLink);
    const plate = text(row.truckLicensePlate);
    const ids = new Set((row.fresh as string[]).map(String));
    const raw = points.filter((p) => ids.has(String(p.id))).map((p) => {
      const [lng, lat] = wgs84ToGcj02(Number(p.lng), Number(p.lat));
      return { plate, time: Number(p.time), lng, lat, speed: Math.min(220, Math.max(0, Number(p.speed ?? 0))), direction: Math.round(Number(p.direction ?? 0)) % 360 };
    });
    const result = raw.length ? await ingestPositions(trx, raw, { source: 2, plates: ctx.db }) : { accepted: 0, duplicates: 0, rejected: [] };
    // A refused point (outside China, a wrong clock) is not sent again: its id is spent, and the phone is told why.
    return { accepted: result.accepted, duplicates: result.duplicates + (body.points?.length ?? 0) - raw.length, rejected: result.rejected.length, reasons: [...new Set(result.rejected.map((r) => r.reason))] };
  });
};

/** The dispatcher's view of a schedule's link: its address (for the QR code), state, opens and the driver's steps. */
const status: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const s = await q.get('transportSchedule', Number(ctx.params.scheduleId));
  if (!s) throw notFound(MSG.notFound);
  const link = Number(s.driverLinkState) === 1 ? await currentLink(ctx.db, session.orgId, Number(s.scheduleId)) : undefined;
  const last = link ? undefined : (await ctx.db.selectFrom('driverLink').select(['endReason', 'endedAt']).where('orgId', '=', session.orgId)
    .where('scheduleId', '=', Number(s.scheduleId)).orderBy('linkId', 'desc').executeTakeFirst()) as Row | undefined;
  const steps = (await q.select('scheduleNode').select(['node', 'occurredAt', 'operatorName']).where('scheduleId', '=', Number(s.scheduleId))
    .where('byDriver', '=', true).orderBy('occurredAt').orderBy('nodeId').execute()) as Row[];
  return {
    state: Number(s.driverLinkState ?? 0),
    stateLabel: enumLabel('driverLinkState', s.driverLinkState ?? 0) ?? '',
    url: link ? linkUrl(ctx.request, link.token) : null,
    endedReason: last?.endReason ? ENDED[last.endReason] ?? null : null,
    firstOpenedAt: s.driverOpenedAt ?? null,
    lastOpenedAt: s.driverLastOpenedAt ?? null,
    openCount: link?.openCount ?? 0,
    driverSteps: steps.map((n) => ({ node: Number(n.node), title: enumLabel('scheduleNode', n.node) ?? '', occurredAt: n.occurredAt, operatorName: n.operatorName })),
  };
};

export const driverLinkHandlers: Record<string, Handler> = {
  'driverLink.view': view,
  'driverLink.step': step,
  'driverLink.upload': upload,
  'driverLink.receipt': receipt,
  'driverLink.positions': positions,
  'driverLink.status': status,
};
