/**
 * 数据导入 (DOMAIN §3.8 dataImportJob, §4.4): an import job per uploaded sheet — upload (every row
 * checked with the target entity's own rules, nothing written: 待确认) → commit (valid rows
 * created through the write pipeline, each with its operation log; 已导入) — with a per-row error
 * report. The import types map to the entities of the product; a type whose entity or import
 * call isn't part of this build is listed as unavailable. Importing also needs the permission of
 * the target's own import (or create) call, so 数据导入 never widens what one may write.
 *
 * Upload and commit answer the job together with the import report every import answers
 * (`total`, `valid`, `imported`, `errors`, and `error` when the sheet could not be read), so the
 * generic import dialog runs this wizard as it runs an entity's `crud.import`: upload with
 * `?mode=check` (nothing written), then commit the checked job by its id (or upload with
 * `?mode=commit` to check and import at once).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type Handler, type HandlerContext, requireSession } from '../crud/context';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { importTemplateBuffer, importWorkbook, recordImports, sendXlsx, uploadedWorkbook } from '../crud/excel';
import { present } from '../crud/values';
import { uploadsDir } from '../files/files';
import { enumLabel } from '../schema/load';
import type { CatalogueEntry, EntityMap, ResolvedEntity } from '../schema/types';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';

/** importType (enum importType) → the entity its rows become. */
export const IMPORT_TARGETS: Record<number, string> = {
  1: 'customer', 2: 'supplier', 3: 'companyTruck', 4: 'platformTruck', 5: 'partItem', 6: 'materialItem', 7: 'staff', 8: 'project', 9: 'projectOpening',
};

export const JOB = { parsing: 0, pending: 5, imported: 10, failed: 15 } as const;

export interface Target { importType: number; title: string; entity?: ResolvedEntity; entry?: CatalogueEntry; reason?: string }

export function targetOf(ctx: Pick<HandlerContext, 'entities' | 'catalogue'>, importType: number): Target {
  const title = enumLabel('importType', importType) ?? String(importType);
  const entity = ctx.entities[IMPORT_TARGETS[importType] ?? ''];
  if (!entity) return { importType, title, reason: '该导入类型在本版本中尚未开放' };
  const entry = ctx.catalogue.find((e) => e.entity === entity.name && e.handler === 'crud.import')
    ?? ctx.catalogue.find((e) => e.entity === entity.name && e.handler === 'crud.create');
  if (!entry) return { importType, title, entity, reason: '该导入类型在本版本中尚未开放' };
  return { importType, title, entity, entry };
}

function usable(ctx: HandlerContext, importType: number): Required<Pick<Target, 'entity' | 'entry'>> & Target {
  const t = targetOf(ctx, importType);
  if (!t.entity || !t.entry) throw badRequest(`${t.title}：${t.reason}`);
  if (!hasPermission(requireSession(ctx).permissions, t.entry.permission)) throw new HttpError(403, `您没有导入${t.title}的权限`);
  return t as Required<Pick<Target, 'entity' | 'entry'>> & Target;
}

const types: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return Object.keys(IMPORT_TARGETS).map(Number).map((type) => {
    const t = targetOf(ctx, type);
    const permitted = t.entry ? hasPermission(s.permissions, t.entry.permission) : false;
    return { importType: type, title: t.title, available: Boolean(t.entry) && permitted, reason: t.reason ?? (permitted ? null : `您没有导入${t.title}的权限`) };
  });
};

const template: Handler = async (ctx) => {
  const t = usable(ctx, Number(ctx.params.importType));
  return sendXlsx(ctx.reply, `${t.title}导入模板.xlsx`, await importTemplateBuffer(t.entity, t.entry.options?.columns));
};

function jobFile(orgId: number, stored: string): string {
  return path.join(uploadsDir(), 'data-import', String(orgId), stored);
}

export interface JobContext { db: Db; session: Session; entities: EntityMap; request?: HandlerContext['request'] }

/**
 * A job for an uploaded sheet: checked (待确认) or, with `commit`, checked and imported at once
 * (demo data); an unreadable sheet is a failed job with the reason, not a lost upload.
 */
export async function runImportJob(w: JobContext, t: Target & { entity: ResolvedEntity; entry: CatalogueEntry }, fileName: string, data: Buffer, opts: { storedFile?: string | null; commit?: boolean } = {}) {
  const s = w.session;
  const job = (await w.db.insertInto('dataImportJob').values({
    corpId: s.corpId, orgId: s.orgId, importType: t.importType, fileName: fileName.slice(0, 200), storedFile: opts.storedFile ?? null,
    status: JOB.parsing, operatorStaffId: s.staffId, createdBy: s.staffId, updatedBy: s.staffId,
  }).returning('jobId').executeTakeFirstOrThrow()) as { jobId: number };
  let values: Record<string, unknown>;
  try {
    const report = await importWorkbook(w, t.entity, data, opts.commit ? 'commit' : 'check', t.entry.options?.columns);
    const errors = JSON.stringify(report.errors.map(({ row, message }) => ({ row, message })));
    // A check without a single valid row leaves nothing to confirm: the job is kept as 失败 with
    // its row errors (the history shows what was uploaded and why nothing could be imported, as
    // an audit trail), but it is never offered for commit — fixing the sheet means a new upload.
    values = opts.commit
      ? { status: report.imported > 0 ? JOB.imported : JOB.failed, totalRows: report.total, successRows: report.imported, failedRows: report.failed, errors, committedAt: sql`now()` }
      : { status: report.valid > 0 ? JOB.pending : JOB.failed, totalRows: report.total, successRows: report.valid, failedRows: report.failed, errors };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    values = { status: JOB.failed, errors: JSON.stringify([{ row: 0, message: err.message }]) };
  }
  return (await w.db.updateTable('dataImportJob').set({ ...values, updatedAt: sql`now()` }).where('jobId', '=', job.jobId).returningAll().executeTakeFirstOrThrow()) as Record<string, any>;
}

/** The job as listed, with the report the import dialog reads (the same shape `crud.import` answers). */
export function jobReport(entities: EntityMap, row: Record<string, any>): Record<string, unknown> {
  const job = present(entities.dataImportJob!, row) as Record<string, any>;
  const errors = (job.errors ?? []) as { row: number; message: string }[];
  // An unreadable sheet is a failed job whose one error is about the file (row 0), not a row.
  const failed = job.status === JOB.failed && errors.some((e) => e.row === 0);
  return {
    ...job,
    total: job.totalRows ?? 0,
    failed: job.failedRows ?? 0,
    valid: job.status === JOB.pending ? job.successRows ?? 0 : 0,
    imported: job.status === JOB.imported ? job.successRows ?? 0 : 0,
    ...(failed ? { error: errors.find((e) => e.row === 0)!.message, errors: errors.filter((e) => e.row !== 0) } : {}),
    ...(job.status === JOB.imported ? { message: `已导入 ${job.successRows} 条` } : {}),
  };
}

function keepUpload(orgId: number, data: Buffer): string {
  const stored = `${randomBytes(12).toString('hex')}.xlsx`;
  mkdirSync(path.dirname(jobFile(orgId, stored)), { recursive: true });
  writeFileSync(jobFile(orgId, stored), data);
  return stored;
}

const upload: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const t = usable(ctx, Number(ctx.query.importType));
  const mode = ctx.query.mode === 'commit' ? 'commit' : 'check';
  const file = uploadedWorkbook(ctx);
  if (!/\.xlsx$/i.test(file.name)) throw badRequest('请上传Excel文件(.xlsx)');
  const stored = keepUpload(s.orgId, file.data);
  const row = await runImportJob({ db: ctx.db, session: s, entities: ctx.entities, request: ctx.request }, t, file.name, file.data, { storedFile: stored, commit: mode === 'commit' });
  return jobReport(ctx.entities, row);
};

/** Imports the valid rows of a checked (待确认) job of this organisation, once. */
async function commitJob(ctx: HandlerContext, jobId: number, targetOfJob: (importType: number) => Target & { entity: ResolvedEntity; entry: CatalogueEntry }) {
  const s = requireSession(ctx);
  const job = (await ctx.db.selectFrom('dataImportJob').selectAll().where('jobId', '=', jobId).where('orgId', '=', s.orgId).executeTakeFirst()) as Record<string, any> | undefined;
  if (!job) throw notFound();
  if (job.status !== JOB.pending) throw conflict('该导入任务不是待确认状态');
  const t = targetOfJob(Number(job.importType));
  // Claim the job first: a second commit of the same sheet finds it no longer pending.
  const claimed = await ctx.db.updateTable('dataImportJob').set({ status: JOB.parsing, updatedAt: sql`now()` })
    .where('jobId', '=', job.jobId).where('status', '=', JOB.pending).returning('jobId').execute();
  if (!claimed.length) throw conflict('该导入任务不是待确认状态');
  try {
    const report = await importWorkbook({ db: ctx.db, session: s, entities: ctx.entities, request: ctx.request }, t.entity, readFileSync(jobFile(s.orgId, job.storedFile)), 'commit', t.entry.options?.columns);
    const row = await ctx.db.updateTable('dataImportJob').set({
      status: report.imported > 0 ? JOB.imported : JOB.failed, totalRows: report.total, successRows: report.imported, failedRows: report.failed,
      errors: JSON.stringify(report.errors.map(({ row, message }) => ({ row, message }))), committedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: s.staffId,
    }).where('jobId', '=', job.jobId).returningAll().executeTakeFirstOrThrow();
    return jobReport(ctx.entities, row as Record<string, any>);
  } catch (err) {
    await ctx.db.updateTable('dataImportJob').set({ status: JOB.pending, updatedAt: sql`now()` }).where('jobId', '=', job.jobId).execute();
    throw err;
  }
}

const commit: Handler = async (ctx) => commitJob(ctx, Number(ctx.params.jobId), (importType) => usable(ctx, importType));

/**
 * A list's own import (客户列表 → 导入, `crud.import`) of an entity 数据导入 also takes is the
 * same job: its check is a job in the 数据导入 history and its commit (`mode=commit&jobId=`)
 * imports that checked job, so both ways behave and are recorded alike. The list's call already
 * checked its own permission; an entity 数据导入 doesn't take imports as before.
 */
recordImports(async (ctx, entity, file, mode) => {
  const importType = Number(Object.keys(IMPORT_TARGETS).find((k) => IMPORT_TARGETS[Number(k)] === entity.name));
  if (!importType || !ctx.session) return undefined;
  const t = { importType, title: enumLabel('importType', importType) ?? entity.title, entity, entry: ctx.entry as CatalogueEntry };
  const jobId = Number(ctx.query.jobId);
  if (mode === 'commit' && jobId > 0) {
    return commitJob(ctx, jobId, (type) => {
      if (type !== importType) throw conflict('该导入任务不是本列表的导入');
      return t;
    });
  }
  const s = requireSession(ctx);
  const row = await runImportJob({ db: ctx.db, session: s, entities: ctx.entities, request: ctx.request }, t, file.name, file.data, { storedFile: keepUpload(s.orgId, file.data), commit: mode === 'commit' });
  const report = jobReport(ctx.entities, row);
  // A sheet that can't be read is refused as the list's import always refused it.
  if (typeof report.error === 'string') throw badRequest(report.error);
  return report;
});

export const adminImportHandlers: Record<string, Handler> = {
  'adminImport.types': types,
  'adminImport.template': template,
  'adminImport.upload': upload,
  'adminImport.commit': commit,
};
