/**
 * Excel for every list: export streams what the list's filter selects (exceljs's streaming
 * writer, rows fetched in keyset batches, so memory stays flat at any size), with Chinese
 * headers, enum labels, referenced titles and money formats; import reads a sheet laid out
 * like the template, checks every row with the entity's own rules and hooks, and writes the
 * valid rows in one transaction — a row is either wholly imported or reported, never half.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { ValidateFunction } from 'ajv';
import { createAjv, ajvErrorField, formatAjvError } from '../../schemas/src/ajv';
import { createSchema, SYSTEM_FIELD_DEFS } from '../../schemas/src/entity-schema';
import { exportColumns, exportableFields, importableFields } from '../../schemas/src/entry-schemas';
import { fieldType, TITLE_SEPARATORS, type ExcelContext } from '../../schemas/src/fields/registry';
import type { ResolvedEntity } from '../schema/types';
import { loadEnums } from '../schema/load';
import { regionCodeOf, regionLabel } from '../reference/regions';
import { badRequest, HttpError } from '../http/errors';
import { parseMultipart } from '../files/multipart';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { REPLIED, requireEntity, type Handler, type HandlerContext } from './context';
import { filteredQuery, selection, sortKey } from './query';
import { scoped } from './scope';
import { collectIds, fetchTitles, type Refs } from './refs';
import { presentInList } from './values';
import { createRecord } from './write';

const BATCH = 2000;
export const IMPORT_MAX_ROWS = 5000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function enumContext(): Pick<ExcelContext, 'enumLabel' | 'enumCode' | 'enumLabels'> {
  const enums = loadEnums();
  return {
    enumLabels: (name) => (enums[name]?.values ?? []).map((v) => v.label),
    enumLabel: (name, code) => enums[name]?.values.find((v) => String(v.value) === String(code))?.label,
    enumCode: (name, label) => enums[name]?.values.find((v) => v.label === label || String(v.value) === label)?.value,
  };
}

/** `<标题>_yyyy-MM-dd HH.xlsx` in China Standard Time. */
export function exportFileName(title: string, now = new Date()): string {
  const t = new Date(now.getTime() + 8 * 3600_000).toISOString();
  return `${title}_${t.slice(0, 10)} ${t.slice(11, 13)}.xlsx`;
}

function fileTitle(ctx: HandlerContext, entity: ResolvedEntity): string {
  const s = (ctx.entry.summary ?? '').replace(/^(导出|下载)/, '').replace(/(导入模板|模板)$/, '').trim();
  return (s || entity.title).replace(/[\\/:*?"<>|]/g, '_');
}

function attachment(reply: HandlerContext['reply'], name: string) {
  reply.header('content-type', XLSX);
  reply.header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('cache-control', 'no-store');
}

/** Export columns may also be the record's creation and change times (an operation log's time). */
const EXPORTABLE_SYSTEM = ['createdAt', 'updatedAt'] as const;
const exportField = (entity: ResolvedEntity, c: string) => entity.fields[c] ?? ((EXPORTABLE_SYSTEM as readonly string[]).includes(c) ? (SYSTEM_FIELD_DEFS[c] as ResolvedEntity['fields'][string]) : undefined);

function columnsOf(ctx: HandlerContext, entity: ResolvedEntity): string[] {
  const requested = Array.isArray(ctx.query.columns) && ctx.query.columns.length ? (ctx.query.columns as string[]) : undefined;
  const allowed = exportColumns(entity, ctx.entry.options?.columns);
  return (requested ?? ctx.entry.options?.columns ?? exportableFields(entity)).filter((c) => allowed.includes(c) && exportField(entity, c));
}

/** Keyset batches where the order allows it (id or timestamps: never null), offsets otherwise. */
async function* batches(ctx: HandlerContext, entity: ResolvedEntity): AsyncGenerator<Record<string, any>[]> {
  const options = { ...(ctx.entry.options ?? {}), fields: undefined };
  const sortField = typeof ctx.query.sortField === 'string' && [entity.idField, entity.defaultSort.field, ...(options.sort ?? [])].includes(ctx.query.sortField)
    ? ctx.query.sortField : entity.defaultSort.field;
  const order: 'asc' | 'desc' = ctx.query.sortOrder === 'asc' || ctx.query.sortOrder === 'desc' ? ctx.query.sortOrder : sortField === entity.defaultSort.field ? entity.defaultSort.order : 'asc';
  const keyset = sortField === entity.idField || sortField === 'createdAt' || sortField === 'updatedAt';
  const col = (f: string) => sql.ref(`${entity.table}.${f}`);
  let last: Record<string, any> | undefined;
  let offset = 0;
  for (;;) {
    let qb = selection(filteredQuery(ctx.db, entity, options, ctx.query, ctx.session, ctx.entities), entity, options)
      .orderBy(sortKey(entity, sortField), order);
    if (sortField !== entity.idField) qb = qb.orderBy(`${entity.table}.${entity.idField}`, order);
    if (keyset && last) {
      const cmp = order === 'desc' ? '<' : '>';
      qb = sortField === entity.idField
        ? qb.where(col(entity.idField), cmp, last[entity.idField])
        : qb.where(sql`(${col(sortField)}, ${col(entity.idField)})`, cmp, sql`(${last[sortField]}, ${last[entity.idField]})`);
    } else if (!keyset) qb = qb.offset(offset);
    const rows = (await qb.limit(BATCH).execute()) as Record<string, any>[];
    if (!rows.length) return;
    yield rows;
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1];
    offset += rows.length;
  }
}

export const exportHandler: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const columns = columnsOf(ctx, entity);
  if (!columns.length) throw badRequest('没有可导出的列');
  const enums = enumContext();
  const stream = new PassThrough();
  attachment(ctx.reply, exportFileName(fileTitle(ctx, entity)));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(entity.title);
  sheet.columns = columns.map((c) => {
    const f = exportField(entity, c)!;
    return { header: f.title, key: c, width: Math.min(40, Math.max(10, (f.width ?? 120) / 8)), style: fieldType(f).excel.numFmt?.(f) ? { numFmt: fieldType(f).excel.numFmt!(f)! } : {} };
  });
  sheet.getRow(1).font = { bold: true };
  ctx.reply.send(stream);
  (async () => {
    for await (const rows of batches(ctx, entity)) {
      const list = rows.map((r) => presentInList(entity, r));
      const refs: Refs = await fetchTitles(ctx.db, ctx.session, ctx.entities, collectIds({ ...entity, fields: Object.fromEntries(columns.filter((c) => entity.fields[c]).map((c) => [c, entity.fields[c]!])) }, list));
      const excel: ExcelContext = {
        ...enums,
        refTitle: (name, id) => refs[name]?.[String(id)],
        refId: () => undefined,
        regionLabel,
        regionCode: regionCodeOf,
      };
      for (const row of list) {
        const line = sheet.addRow(columns.map((c) => {
          const f = exportField(entity, c)!;
          return fieldType(f).excel.write(row[c], f, excel);
        }));
        // A quantity's cell shows the decimals the list shows (36.5, not 36.5000 nor 36.50).
        columns.forEach((c, i) => {
          const f = exportField(entity, c)!;
          const fmt = fieldType(f).excel.numFmt?.(f, row[c]);
          if (fmt) line.getCell(i + 1).numFmt = fmt;
        });
        line.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    ctx.request.log.error({ err }, 'export failed');
    stream.destroy(err as Error);
  });
  return REPLIED;
};

/** The import template of an entity: a header row (required columns starred) with hints and enum drop-downs. */
export async function importTemplateBuffer(entity: ResolvedEntity, columns?: string[]): Promise<Buffer> {
  const cols = (columns ?? importableFields(entity)).filter((c) => entity.fields[c]);
  const enums = loadEnums();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(entity.title);
  sheet.columns = cols.map((c) => ({ header: `${entity.fields[c]!.required ? '*' : ''}${entity.fields[c]!.title}`, key: c, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  cols.forEach((c, i) => {
    const f = entity.fields[c]!;
    const cell = sheet.getRow(1).getCell(i + 1);
    const hints: string[] = [];
    if (f.required) hints.push('必填');
    const labels = (name: string) => (enums[name]?.values ?? []).map((v) => v.label);
    const hint = fieldType(f).excel.hint?.(f, labels);
    if (hint) hints.push(hint);
    if (hints.length) cell.note = hints.join('，');
    const choices = fieldType(f).excel.choices?.(f, labels);
    if (choices) {
      const list = choices.join(',');
      if (list.length < 250) {
        for (let r = 2; r <= 501; r++) sheet.getRow(r).getCell(i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${list}"`] };
      }
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sendXlsx(reply: HandlerContext['reply'], name: string, data: Buffer): typeof REPLIED {
  attachment(reply, name);
  reply.send(data);
  return REPLIED;
}

export const importTemplateHandler: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  return sendXlsx(ctx.reply, `${fileTitle(ctx, entity)}导入模板.xlsx`, await importTemplateBuffer(entity, ctx.entry.options?.columns));
};

// Every error of a row, not only the first (the import reports each row's problems at once).
const ajv = createAjv({ allErrors: true });
const createValidators = new Map<string, { validate: ValidateFunction; schema: Record<string, unknown> }>();

function createValidator(entity: ResolvedEntity) {
  let v = createValidators.get(entity.name);
  if (!v) {
    const enums = loadEnums();
    const schema = createSchema(entity, (n) => enums[n]?.values.map((x) => x.value));
    v = { validate: ajv.compile(schema), schema };
    createValidators.set(entity.name, v);
  }
  return v;
}

function cellValue(cell: ExcelJS.Cell): unknown {
  const v = cell.value as unknown;
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    if ('result' in (v as object)) return (v as { result: unknown }).result;
    if ('richText' in (v as object)) return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
    if ('text' in (v as object)) return (v as { text: unknown }).text;
  }
  return v;
}

interface ParsedRow { row: number; data: Record<string, unknown> }
export interface ImportError { row: number; field?: string; fields?: string[]; message: string }

/** At most this many problems are spelled out for one row; the rest are counted. */
const ROW_PROBLEMS_SHOWN = 10;
/** At most this many rows' errors are answered; the report still counts every failed row. */
export const IMPORT_ERRORS_SHOWN = 500;

/** One entry per row: 第2行：缺少客户名称；联系电话格式不正确；… */
function rowError(row: number, problems: { field?: string; message: string }[]): ImportError {
  const shown = problems.slice(0, ROW_PROBLEMS_SHOWN).map((p) => p.message);
  const more = problems.length - shown.length;
  const fields = [...new Set(problems.map((p) => p.field).filter((f): f is string => Boolean(f)))];
  return { row, ...(fields[0] ? { field: fields[0] } : {}), ...(fields.length > 1 ? { fields } : {}), message: `第${row}行：${shown.join('；')}${more > 0 ? `；另有${more}项问题` : ''}` };
}

async function titleLookup(db: Db, session: Session | null, ctx: HandlerContext, entity: ResolvedEntity, columns: string[], sheet: ExcelJS.Worksheet, colIndex: Map<string, number>) {
  const wanted = new Map<string, Set<string>>();
  for (const c of columns) {
    const f = entity.fields[c]!;
    if (!f.ref) continue;
    const set = wanted.get(f.ref) ?? new Set<string>();
    sheet.eachRow((r, n) => {
      if (n === 1) return;
      const raw = cellValue(r.getCell(colIndex.get(c)!));
      if (raw === null || raw === undefined) return;
      for (const t of String(raw).split(TITLE_SEPARATORS)) if (t.trim()) set.add(t.trim());
    });
    wanted.set(f.ref, set);
  }
  const ids = new Map<string, Map<string, number>>();
  for (const [name, titles] of wanted) {
    const target = ctx.entities[name];
    if (!target?.titleField || !titles.size) continue;
    const rows = (await scoped(db.selectFrom(target.table), target, session)
      .select([`${target.idField} as id`, `${target.titleField} as title`]).where(target.titleField, 'in', [...titles]).execute()) as { id: number; title: string }[];
    const m = new Map<string, number>();
    for (const r of rows) if (!m.has(r.title)) m.set(r.title, r.id);
    ids.set(name, m);
  }
  return ids;
}

/**
 * `failed` counts every row with an error; `errors` lists at most IMPORT_ERRORS_SHOWN of them
 * (`truncated` says when some were left out).
 */
export interface ImportReport { total: number; valid: number; imported: number; failed: number; errors: ImportError[]; truncated?: boolean }

/** The uploaded .xlsx of a multipart request (field "file"). */
export function uploadedWorkbook(ctx: HandlerContext): { name: string; data: Buffer } {
  const body = ctx.request.body;
  const type = String(ctx.request.headers['content-type'] ?? '');
  if (!Buffer.isBuffer(body) || !type.startsWith('multipart/form-data')) throw badRequest('请上传Excel文件(.xlsx)');
  const file = parseMultipart(body, type).find((p) => p.name === 'file' && p.filename);
  if (!file) throw badRequest('请上传Excel文件(.xlsx)');
  return { name: String(file.filename), data: file.data as Buffer };
}

/**
 * Who records an entity's imports as jobs (数据导入 registers itself): answers the report of the
 * recorded job, or undefined when it doesn't take this entity's imports.
 */
type ImportRecorder = (ctx: HandlerContext, entity: ResolvedEntity, file: { name: string; data: Buffer }, mode: 'check' | 'commit') => Promise<Record<string, unknown> | undefined>;
let recorder: ImportRecorder | undefined;
export function recordImports(r: ImportRecorder): void {
  recorder = r;
}

export const importHandler: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const mode = ctx.query.mode === 'commit' ? 'commit' : 'check';
  const file = uploadedWorkbook(ctx);
  const recorded = await recorder?.(ctx, entity, file, mode);
  if (recorded) return recorded;
  return importWorkbook({ db: ctx.db, session: ctx.session, entities: ctx.entities, request: ctx.request }, entity, file.data, mode, ctx.entry.options?.columns);
};

/**
 * Reads a sheet laid out like the template and creates its rows through the write pipeline:
 * `check` writes nothing and reports; `commit` keeps every row that passes (each row wholly or not).
 */
export async function importWorkbook(
  w: { db: Db; session: Session | null; entities: HandlerContext['entities']; request?: HandlerContext['request'] },
  entity: ResolvedEntity, data: Buffer, mode: 'check' | 'commit', columnsOption?: string[],
): Promise<ImportReport> {
  const ctx = { entities: w.entities } as HandlerContext;
  const workbook = new ExcelJS.Workbook();
  try {
    // An .xlsx is a zip ("PK"); anything else is read as UTF-8 CSV with the template's header row
    // (what a feed export or another system hands over), a byte-order mark allowed.
    if (data[0] === 0x50 && data[1] === 0x4b) await workbook.xlsx.load(data as unknown as ArrayBuffer);
    else csvSheet(workbook, data);
  } catch {
    throw badRequest('无法读取该文件，请使用下载的模板(.xlsx)填写或上传UTF-8编码的CSV');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw badRequest('文件中没有数据行');
  if (sheet.rowCount - 1 > IMPORT_MAX_ROWS) throw badRequest(`单次最多导入${IMPORT_MAX_ROWS}行`);

  const importable = (columnsOption ?? importableFields(entity)).filter((c) => entity.fields[c]);
  const byTitle = new Map<string, string>();
  for (const c of importable) {
    byTitle.set(entity.fields[c]!.title, c);
    byTitle.set(c, c);
  }
  const colIndex = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, n) => {
    const title = String(cellValue(cell) ?? '').replace(/^\*/, '').trim();
    const field = byTitle.get(title);
    if (field && !colIndex.has(field)) colIndex.set(field, n);
  });
  const columns = [...colIndex.keys()];
  const missing = importable.filter((c) => entity.fields[c]!.required && !colIndex.has(c));
  if (missing.length) throw badRequest(`缺少必填列：${missing.map((c) => entity.fields[c]!.title).join('、')}`);

  const titles = await titleLookup(w.db, w.session, ctx, entity, columns, sheet, colIndex);
  const excel: ExcelContext = {
    ...enumContext(),
    refTitle: () => undefined,
    refId: (name, title) => titles.get(name)?.get(title),
    regionLabel,
    regionCode: regionCodeOf,
  };
  const errors: ImportError[] = [];
  const parsed: ParsedRow[] = [];
  const { validate, schema } = createValidator(entity);
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const data: Record<string, unknown> = {};
    let blank = true;
    // Every problem of the row, so the sheet is fixed once: the cells that can't be read, then
    // the entity's rules over the cells that could (a field already reported is not reported twice).
    const problems: { field?: string; message: string }[] = [];
    for (const c of columns) {
      const f = entity.fields[c]!;
      const raw = cellValue(r.getCell(colIndex.get(c)!));
      if (raw !== null && raw !== undefined && String(raw).trim() !== '') blank = false;
      const read = fieldType(f).excel.read(raw, f, excel);
      if ('error' in read) {
        problems.push({ field: c, message: `${f.title}${read.error}` });
        continue;
      }
      if (read.value !== null && !(Array.isArray(read.value) && read.value.length === 0 && !f.required)) data[c] = read.value;
    }
    if (blank) return;
    if (!validate(data)) {
      const reported = new Set(problems.map((p) => p.field));
      for (const e of validate.errors ?? []) {
        // An if/then's own error only says its branch failed; the branch's errors say what.
        if (e.keyword === 'if') continue;
        const field = ajvErrorField(e);
        if (reported.has(field)) continue;
        reported.add(field);
        problems.push({ field, message: formatAjvError(e, schema) });
      }
    }
    if (problems.length) return void errors.push(rowError(n, problems));
    parsed.push({ row: n, data });
  });

  // Every valid row goes through the full create pipeline (hooks, uniqueness, numbers) under a
  // savepoint; a check rolls everything back, a commit keeps the rows that passed.
  let imported = 0;
  const rollback = new Error('rollback');
  const rows = async (trx: Db) => {
    const wctx = { db: trx, session: w.session, entities: w.entities, request: w.request };
    for (const p of parsed) {
      await sql`savepoint import_row`.execute(trx);
      try {
        await createRecord(wctx, entity, p.data);
        await sql`release savepoint import_row`.execute(trx);
        imported++;
      } catch (err) {
        await sql`rollback to savepoint import_row`.execute(trx);
        const { mapError } = await import('../http/error-handler');
        const { uniqueMessages } = await import('../db/sync');
        const mapped = err instanceof HttpError ? { msg: err.message, data: err.data } : mapError(err, uniqueMessages(w.entities));
        if (!(err instanceof HttpError) && mapped.msg === '服务器内部错误') throw err;
        const field = (mapped.data as { field?: string } | null | undefined)?.field;
        errors.push({ row: p.row, ...(field ? { field } : {}), message: `第${p.row}行：${mapped.msg}` });
      }
    }
  };
  if (w.db.isTransaction) {
    // Inside a caller's transaction (a job, demo data): a savepoint stands in for our own.
    await sql`savepoint import_all`.execute(w.db);
    await rows(w.db);
    if (mode === 'check') await sql`rollback to savepoint import_all`.execute(w.db);
    else await sql`release savepoint import_all`.execute(w.db);
  } else {
    try {
      await w.db.transaction().execute(async (trx) => {
        await rows(trx);
        if (mode === 'check') throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
  }
  errors.sort((a, b) => a.row - b.row);
  const parsedRows = new Set(parsed.map((p) => p.row));
  const total = parsed.length + errors.filter((e) => !parsedRows.has(e.row)).length;
  const failed = new Set(errors.map((e) => e.row)).size;
  const truncated = errors.length > IMPORT_ERRORS_SHOWN;
  return { total, valid: imported, imported: mode === 'commit' ? imported : 0, failed, errors: errors.slice(0, IMPORT_ERRORS_SHOWN), ...(truncated ? { truncated } : {}) };
};

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into a worksheet of text cells. */
export function csvSheet(workbook: ExcelJS.Workbook, data: Buffer): ExcelJS.Worksheet {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new Error('binary');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((x) => x !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((x) => x !== '')) rows.push(row);
  const sheet = workbook.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r.map((x) => (x === '' ? null : x.trim())));
  return sheet;
}
