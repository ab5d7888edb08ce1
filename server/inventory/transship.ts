/**
 * 转运财务 (DOMAIN §4.4 transshipIn, §5.2 flow 7, §6.4 transshipment-finance): what each
 * transshipment of a project earns and costs — 堆存费 = totalWeight × max(0, dwellDays − freeDays)
 * × the 吨·天 rate, and the 短驳 freight of its short-haul schedule — and booking them once into
 * the project's ledger (incomeItem source 5, costItem costType 6 source 5).
 */
import { sql } from 'kysely';
import { conflict, notFound, MSG } from '../http/errors';
import { requireEntity, requireSession, type Handler } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { scopedQueries, type ScopedQueries } from '../crud/scope';
import { hookContext, type WriteContext } from '../crud/write';
import { titlesFor } from '../crud/refs';
import { presentInList } from '../crud/values';
import { getSetting } from '../admin/settings';
import { assertProjectOpen, chinaToday } from '../project/common';
import type { Db } from '../db/connect';
import { TRANSSHIP, chinaDayOf, dwellDaysBetween, storageFee } from './dwell';

export { TRANSSHIP, dwellDaysBetween, storageFee };

type Row = Record<string, any>;

/** storageRateSource */
const RATE_FROM = { contract: 1, setting: 2 } as const;
/** 仓储服务 is a 现代服务 taxed at 6 % unless the contract's rate line says otherwise. */
const STORAGE_TAX_RATE = 6;
const SHORT_HAUL_TAX_RATE = 9;
/** the ledger's 来源 5 转运 and 成本类型 6 项目直接成本 */
const SOURCE_TRANSSHIP = 5;
const COST_TYPE_PROJECT = 6;
/** scheduleStatus 5 已取消: a cancelled schedule carried nothing. */
const SCHEDULE_CANCELLED = 5;

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number) => (c / 100).toFixed(2);

export interface StorageRate { rate: number; freeDays: number; taxRate: number; source: number }

/**
 * The project's 堆存 rate: the first 吨·天 line of its income contract's 运价明细 (its 免堆期, else
 * the organisation's), else the organisation's settings (系统配置 transshipStorageRate /
 * transshipFreeDays).
 */
export async function storageRateOf(db: Db, q: ScopedQueries, orgId: number, project: Row): Promise<StorageRate> {
  const defaultFree = Number(await getSetting(db, orgId, 'transshipFreeDays'));
  if (project.incomeContractId) {
    const contract = await q.get('contract', Number(project.incomeContractId));
    const lines = (Array.isArray(contract?.rates) ? contract!.rates : []) as Row[];
    const line = lines.find((l) => l.unit === '吨·天');
    if (line) {
      return {
        rate: Number(line.unitPrice ?? 0),
        freeDays: line.freeDays === null || line.freeDays === undefined ? defaultFree : Number(line.freeDays),
        taxRate: line.taxRate === null || line.taxRate === undefined ? STORAGE_TAX_RATE : Number(line.taxRate),
        source: RATE_FROM.contract,
      };
    }
  }
  return { rate: Number(await getSetting(db, orgId, 'transshipStorageRate')), freeDays: defaultFree, taxRate: STORAGE_TAX_RATE, source: RATE_FROM.setting };
}

/** Whether the schedule's own freight is already a valid cost of the project (booked with its receipt). */
async function scheduleFreightBooked(q: ScopedQueries, scheduleId: number): Promise<boolean> {
  const hit = await q.select('costItem').select('costItemId').where('scheduleId', '=', scheduleId)
    .where('itemStatus', '=', 10).where('source', '<>', SOURCE_TRANSSHIP).executeTakeFirst();
  return Boolean(hit);
}

interface FinanceLine {
  row: Row;
  dwellDays: number | null;
  storageFee: string | null;
  freight: string | null;
  /** the freight is to be booked here (not already by the dispatch ledger) */
  bookFreight: boolean;
  schedule?: Row;
  note: string;
}

/** One transshipment's figures: final once 转出, an estimate up to today while in the yard. */
async function financeLine(q: ScopedQueries, rate: StorageRate, row: Row, today: string): Promise<FinanceLine> {
  const status = Number(row.status);
  let dwellDays: number | null = null;
  let fee: string | null = null;
  const notes: string[] = [];
  if (status === TRANSSHIP.out && row.storedAt && row.outAt) {
    dwellDays = row.dwellDays === null || row.dwellDays === undefined ? dwellDaysBetween(row.storedAt, row.outAt) : Number(row.dwellDays);
  } else if (status === TRANSSHIP.stored && row.storedAt) {
    dwellDays = dwellDaysBetween(row.storedAt, `${today}T12:00:00+08:00`);
    notes.push('在库中，按今天估算');
  } else {
    notes.push('尚未入库，不计堆存');
  }
  if (dwellDays !== null) fee = storageFee(row.totalWeight, dwellDays, rate.freeDays, rate.rate);
  let freight: string | null = null;
  let bookFreight = false;
  let schedule: Row | undefined;
  if (row.scheduleId) {
    schedule = await q.get('transportSchedule', Number(row.scheduleId));
    if (schedule && Number(schedule.scheduleStatus) !== SCHEDULE_CANCELLED) {
      freight = yuan(cents(schedule.freight));
      if (cents(freight) <= 0) notes.push('短驳为自有车辆，成本走大件成本结算');
      else if (await scheduleFreightBooked(q, Number(row.scheduleId))) notes.push('短驳运费已随调度单回单入账');
      else bookFreight = true;
    } else {
      notes.push('短驳调度单已取消');
    }
  }
  return { row, dwellDays, storageFee: fee, freight, bookFreight, schedule, note: notes.join('；') };
}

async function projectOf(q: ScopedQueries, projectId: unknown): Promise<Row> {
  const id = Number(projectId);
  const project = Number.isSafeInteger(id) ? await q.get('project', id) : undefined;
  if (!project) throw notFound(MSG.notFound);
  return project;
}

/** GET project-base/transship-in/finance?projectId=: one row per transshipment of the project (void ones left out). */
const finance: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const entity = requireEntity(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const project = await projectOf(q, ctx.query.projectId);
  const rate = await storageRateOf(ctx.db, q, session.orgId, project);
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(ctx.query.pageSize) || 20));
  let base = q.select('transshipIn').where('projectId', '=', Number(project.projectId)).where('status', '<>', TRANSSHIP.void);
  if (ctx.query.status !== undefined && ctx.query.status !== '') base = base.where('status', '=', Number(ctx.query.status));
  const { n } = (await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  const rows = (await base.selectAll().orderBy('arrivalAt', 'desc').orderBy('transshipId', 'desc')
    .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Row[];
  const today = chinaToday();
  const list: Row[] = [];
  for (const r of rows) {
    if (r.financeAt) {
      list.push(presentInList(entity, r));
      continue;
    }
    const line = await financeLine(q, rate, r, today);
    list.push(presentInList(entity, {
      ...r, dwellDays: line.dwellDays, freeDays: rate.freeDays, storageRate: rate.rate.toFixed(2), rateSource: rate.source,
      storageFee: line.storageFee, shortHaulFreight: line.freight, financeNote: line.note || null,
    }));
  }
  const refs = await titlesFor(ctx.db, session, ctx.entities, entity, list);
  return { list, total: Number(n), pageNo, pageSize, ...(Object.keys(refs).length ? { refs } : {}) };
};

/**
 * POST project-base/transship-in/generate {projectId}: for every transshipment that has left the
 * yard (15) and was not generated yet, a 堆存费 income line and a 短驳 cost line (when there is
 * something to book), and the figures frozen on the transshipment. A second call finds nothing
 * to generate and says so (409); a closed project refuses (409 项目已关账).
 */
export async function generateTransshipFinance(w: WriteContext, projectId: unknown): Promise<GenerateResult> {
  const session = w.session!;
  const trx = w.db;
  const hctx = hookContext(w, w.entities.transshipIn!, true);
  const q = hctx.q;
  const project = await projectOf(q, projectId);
  // Locks the project row: two concurrent generates queue here, and the second finds nothing left.
  await q.select('project').select('projectId').where('projectId', '=', Number(project.projectId)).forUpdate().execute();
  await assertProjectOpen(q, project.projectId);
  const due = (await q.select('transshipIn').selectAll().where('projectId', '=', Number(project.projectId))
    .where('status', '=', TRANSSHIP.out).where('financeAt', 'is', null).orderBy('transshipId').forUpdate().execute()) as Row[];
  if (!due.length) throw conflict('没有需要生成的转运收入/成本：已转出的转运单都已生成过');
  const rate = await storageRateOf(trx, q, session.orgId, project);
  const today = chinaToday();
  let incomeItems = 0;
  let costItems = 0;
  let incomeCents = 0;
  let costCents = 0;
  for (const r of due) {
    const line = await financeLine(q, rate, r, today);
    const day = r.outAt ? chinaDayOf(r.outAt) : today;
    const notes: string[] = line.note ? [line.note] : [];
    let incomeItemId: number | null = null;
    let costItemId: number | null = null;
    if (line.storageFee && cents(line.storageFee) > 0) {
      const chargeable = Math.max(0, (line.dwellDays ?? 0) - rate.freeDays);
      const item = await hctx.create('incomeItem', {
        projectId: project.projectId, transshipId: r.transshipId, customerId: project.customerId ?? null,
        summary: `堆存费 ${r.transshipNo} ${Number(r.totalWeight)}吨×${chargeable}天`.slice(0, 100), amount: line.storageFee, taxRate: rate.taxRate,
        occurredDate: day, source: SOURCE_TRANSSHIP, sourceId: r.transshipId,
      });
      incomeItemId = Number(item.incomeItemId);
      incomeItems += 1;
      incomeCents += cents(line.storageFee);
    } else if (line.dwellDays !== null) {
      notes.push('未超免堆期，无堆存费');
    }
    if (line.bookFreight && line.freight && line.schedule) {
      const s = line.schedule;
      const item = await hctx.create('costItem', {
        projectId: project.projectId, transshipId: r.transshipId, scheduleId: s.scheduleId, demandId: s.demandId ?? null, costType: COST_TYPE_PROJECT,
        payeeKind: 1, supplierId: s.supplierId ?? null, summary: `短驳运费 ${r.transshipNo} ${s.scheduleNo ?? ''}`.trim().slice(0, 100),
        amount: line.freight, taxRate: s.taxRate ?? SHORT_HAUL_TAX_RATE, invoiceType: s.invoiceType ?? null,
        occurredDate: day, source: SOURCE_TRANSSHIP, sourceId: r.transshipId,
      });
      costItemId = Number(item.costItemId);
      costItems += 1;
      costCents += cents(line.freight);
    }
    await q.update('transshipIn').set({
      dwellDays: line.dwellDays, freeDays: rate.freeDays, storageRate: rate.rate.toFixed(2), rateSource: rate.source,
      storageFee: line.storageFee, shortHaulFreight: line.freight, incomeItemId, costItemId,
      financeAt: new Date().toISOString(), financeNote: notes.join('；').slice(0, 200) || null,
    }).where('transshipId', '=', Number(r.transshipId)).execute();
  }
  return {
    projectId: Number(project.projectId), transships: due.length, incomeItems, costItems, incomeAmount: yuan(incomeCents), costAmount: yuan(costCents),
  };
}

export interface GenerateResult { projectId: number; transships: number; incomeItems: number; costItems: number; incomeAmount: string; costAmount: string }

const generate: Handler = async (ctx) => {
  const session = requireSession(ctx);
  return inTransaction(ctx.db, (trx) => generateTransshipFinance({ db: trx, session, entities: ctx.entities, request: ctx.request }, ctx.body?.projectId));
};

export const transshipHandlers: Record<string, Handler> = {
  'transship.finance': finance,
  'transship.generate': generate,
};
