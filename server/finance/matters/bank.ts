/**
 * Bank statements matched, not typed (issue 19): a bank's export (xlsx or csv) is read through
 * the column mapping saved for that bank (found from the header row the first time and kept), each
 * line gets its best candidate among the open matters (收款 for money in, 付款 types for money out)
 * ranked by amount, counterparty name (fuzzy, fuse.js) and date window, with the reason shown; a
 * confirmed match executes the matter with the line and links both — under the line's row lock,
 * so one line is never matched twice.
 */
import ExcelJS from 'exceljs';
import Fuse from 'fuse.js';
import { sql } from 'kysely';
import { badRequest, conflict, notFound } from '../../http/errors';
import { lockParent } from '../../crud/quantity';
import type { HookContext } from '../../hooks/types';
import { executeMatter } from './core';
import { fromCents, toCents, yuan } from './money';

type Row = Record<string, any>;
export interface Mapping { tradeDate: string; amount?: string; income?: string; expense?: string; direction?: string; counterparty?: string; summary?: string; serialNo?: string; accountNo?: string }

/** Header texts banks use, per field: the first found in the header row makes the mapping. */
const ALIASES: Record<keyof Mapping, string[]> = {
  tradeDate: ['交易日期', '记账日期', '交易时间', '日期'],
  amount: ['交易金额', '金额', '发生额'],
  income: ['贷方发生额', '收入金额', '贷方金额', '收入'],
  expense: ['借方发生额', '支出金额', '借方金额', '支出'],
  direction: ['借贷标志', '收支方向', '借贷方向'],
  counterparty: ['对方户名', '对方账户名称', '对方名称', '收(付)方名称', '对方单位'],
  summary: ['摘要', '用途', '附言', '交易摘要'],
  serialNo: ['流水号', '交易流水号', '凭证号', '交易参考号'],
  accountNo: ['本方账号', '账号', '我方账号'],
};

export const TEMPLATE_HEADERS = ['交易日期', '流水号', '对方户名', '借方发生额', '贷方发生额', '摘要'];

const clean = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'text' in (v as Row)) return String((v as Row).text).trim();
  if (typeof v === 'object' && 'result' in (v as Row)) return clean((v as Row).result);
  return String(v).trim();
};

/** Rows of the first sheet (xlsx) or of the csv text, as cell texts. */
export async function readSheet(name: string, data: Buffer): Promise<string[][]> {
  if (/\.csv$/i.test(name) || !(data[0] === 0x50 && data[1] === 0x4b)) {
    let text = data.toString('utf8').replace(/^\uFEFF/, '');
    if (text.includes('\uFFFD')) text = new TextDecoder('gbk').decode(data); // 网银 exports are often GBK
    return parseCsv(text);
  }
  const wb = new ExcelJS.Workbook();
  try { await wb.xlsx.load(data as any); } catch { throw badRequest('无法读取该文件，请上传银行导出的xlsx或csv文件'); }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(clean(row.getCell(c).value));
    rows.push(cells);
  });
  return rows;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === '\t') { row.push(cell.trim()); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim()); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell || row.length) { row.push(cell.trim()); rows.push(row); }
  return rows;
}

/** Mapping key → the bankStatementMapping field a person fills on 财务配置 → 银行流水列映射. */
export const MAPPING_FIELDS: Record<keyof Mapping, string> = {
  tradeDate: 'colTradeDate', amount: 'colAmount', income: 'colIncome', expense: 'colExpense', direction: 'colDirection',
  counterparty: 'colCounterparty', summary: 'colSummary', serialNo: 'colSerialNo', accountNo: 'colAccountNo',
};
const MAPPING_TITLES: Record<keyof Mapping, string> = {
  tradeDate: '交易日期', amount: '交易金额', income: '收入金额', expense: '支出金额', direction: '借贷标志', counterparty: '对方户名', summary: '摘要', serialNo: '流水号', accountNo: '本方账号',
};

/** The saved mapping row's fields for a mapping (the import saves what it recognised, the screen shows it). */
export function mappingColumns(mapping: Partial<Mapping>): Record<string, string | null> {
  return Object.fromEntries((Object.entries(MAPPING_FIELDS) as [keyof Mapping, string][]).map(([k, f]) => [f, mapping[k] ? String(mapping[k]) : null]));
}

/** A mapping a person chose in the import dialog: which row holds the titles, and which title each field reads. */
export interface ChosenMapping { headerRow: number; columns: Partial<Mapping> }

/**
 * What the import answers for a file of a bank without a saved mapping whose titles it does not
 * recognise: the file's own title row and the fields to map, so the import dialog asks which
 * column is which (then the same file is checked again with the chosen mapping, saved on commit).
 */
export interface MappingQuestion { headerRow: number; headers: string[]; fields: { name: string; title: string; required?: boolean }[]; message: string }

/** The title row of a file nothing recognises: the first of the widest rows among the first 20. */
function likelyHeaderRow(rows: string[][]): number {
  const head = rows.slice(0, 20).map((r) => r.filter((c) => c).length);
  const widest = Math.max(0, ...head);
  return Math.max(1, head.indexOf(widest) + 1);
}

/** A chosen mapping checked against the file: its title row names every chosen column; a date and money are chosen. */
export function checkChosen(rows: string[][], chosen: ChosenMapping): { mapping: Mapping; headerRow: number } {
  const headerRow = Number(chosen.headerRow);
  if (!Number.isInteger(headerRow) || headerRow < 1 || headerRow > Math.min(rows.length, 20)) throw badRequest('表头行不正确', { field: 'mapping' });
  const header = rows[headerRow - 1] ?? [];
  const columns: Partial<Mapping> = {};
  for (const [k, v] of Object.entries(chosen.columns ?? {})) {
    if (!(k in MAPPING_FIELDS)) throw badRequest(`未知的映射字段：${k}`, { field: 'mapping' });
    if (v === undefined || v === null || String(v).trim() === '') continue;
    if (!header.includes(String(v))) throw badRequest(`文件第${headerRow}行（表头）中没有「${String(v)}」列`, { field: 'mapping' });
    columns[k as keyof Mapping] = String(v);
  }
  if (!columns.tradeDate) throw badRequest('请选择交易日期列', { field: 'mapping' });
  if (!columns.amount && !columns.income && !columns.expense) throw badRequest('请选择交易金额列，或收入(贷方)、支出(借方)金额列', { field: 'mapping' });
  return { mapping: columns as Mapping, headerRow };
}

/**
 * The mapping of this bank's export: the saved one; else the one chosen in the import dialog;
 * else found from the header row (saved on commit, as a chosen one is); else a question: which
 * column is which.
 */
export async function mappingFor(ctx: HookContext, bankName: string, rows: string[][], chosen?: ChosenMapping): Promise<{ mapping: Mapping; headerRow: number; saved: boolean } | { question: MappingQuestion }> {
  const saved = (await ctx.q.select('bankStatementMapping').selectAll().where('bankName', '=', bankName).executeTakeFirst()) as Row | undefined;
  if (saved?.columns) return { mapping: saved.columns as Mapping, headerRow: Number(saved.headerRow ?? 1), saved: true };
  if (chosen) return { ...checkChosen(rows, chosen), saved: false };
  for (let r = 0; r < Math.min(rows.length, 20); r++) {
    const header = rows[r]!;
    const found: Partial<Mapping> = {};
    for (const [field, names] of Object.entries(ALIASES) as [keyof Mapping, string[]][]) {
      const hit = names.find((n) => header.includes(n));
      if (hit) found[field] = hit;
    }
    if (found.tradeDate && (found.amount || found.income || found.expense)) return { mapping: found as Mapping, headerRow: r + 1, saved: false };
  }
  const headerRow = likelyHeaderRow(rows);
  const headers = [...new Set((rows[headerRow - 1] ?? []).filter((c) => c))];
  if (!headers.length) throw badRequest('文件中没有数据，请上传银行导出的流水文件');
  return { question: {
    headerRow, headers,
    fields: (Object.keys(MAPPING_TITLES) as (keyof Mapping)[]).map((k) => ({ name: k, title: MAPPING_TITLES[k], ...(k === 'tradeDate' ? { required: true } : {}) })),
    message: `未识别${bankName}流水的表头，请为文件第${headerRow}行的各列选择对应字段（交易金额，或收入、支出金额至少选一项）；导入后按此映射保存为${bankName}的列映射`,
  } };
}

const toDate = (text: string): string | null => {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  // 2026/13/01 or 02-30 is no date: Date would roll it over silently.
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
};
const moneyOf = (text: string): number | null => {
  const t = text.replace(/[,，\s¥￥元]/g, '');
  if (!t) return null;
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return NaN;
  return toCents(t);
};

export interface ImportOutcome { total: number; valid: number; imported: number; failed: number; errors: { row: number; message: string }[]; truncated?: boolean; mapping?: MappingQuestion }

/**
 * Reads and (commit) stores the lines; a line already imported (same 流水号, or same date/amount/
 * counterparty) is skipped. A file whose columns are not known answers the mapping question
 * instead (nothing read, nothing written); `chosen` answers it.
 */
export async function importStatement(ctx: HookContext, bankName: string, accountNo: string, file: { name: string; data: Buffer }, commit: boolean, chosen?: ChosenMapping): Promise<ImportOutcome> {
  const rows = await readSheet(file.name, file.data);
  const found = await mappingFor(ctx, bankName, rows, chosen);
  if ('question' in found) return { total: 0, valid: 0, imported: 0, failed: 0, errors: [], mapping: found.question };
  const { mapping, headerRow, saved } = found;
  const header = rows[headerRow - 1] ?? [];
  const col = (name?: string) => (name ? header.indexOf(name) : -1);
  const idx = Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, col(v)])) as Record<keyof Mapping, number>;
  // A saved mapping naming a column this file lacks would fail every row: say which, once.
  const missing = (Object.entries(mapping) as [keyof Mapping, string | undefined][]).filter(([k, v]) => v && idx[k] < 0).map(([k, v]) => `${MAPPING_TITLES[k]}「${v}」`);
  if (missing.length) throw badRequest(`文件第${headerRow}行（表头）中没有列映射的列：${missing.join('、')}，请在 财务配置 → 银行流水列映射 中修改${bankName}的列映射`);
  const errors: { row: number; message: string }[] = [];
  const lines: Row[] = [];
  for (let r = headerRow; r < rows.length; r++) {
    const cells = rows[r]!;
    if (!cells.some((c) => c)) continue;
    const at = (k: keyof Mapping) => (idx[k] >= 0 ? cells[idx[k]] ?? '' : '');
    const problems: string[] = [];
    const tradeDate = toDate(at('tradeDate'));
    if (!tradeDate) problems.push('交易日期格式不正确');
    let cents: number | null = null;
    let direction = 0;
    if (idx.income >= 0 || idx.expense >= 0) {
      const inc = moneyOf(at('income')), exp = moneyOf(at('expense'));
      if (Number.isNaN(inc) || Number.isNaN(exp)) problems.push('金额格式不正确');
      else if (inc && inc > 0) { cents = inc; direction = 1; } else if (exp && exp > 0) { cents = exp; direction = 2; }
    } else {
      const amt = moneyOf(at('amount'));
      if (Number.isNaN(amt)) problems.push('金额格式不正确');
      else if (amt) {
        const flag = at('direction');
        direction = /借|支|出|D/i.test(flag) || amt < 0 ? 2 : 1;
        cents = Math.abs(amt);
      }
    }
    if (!problems.length && !cents) problems.push('缺少交易金额');
    if (problems.length) { errors.push({ row: r + 1, message: `第${r + 1}行：${problems.join('；')}` }); continue; }
    lines.push({ bankName, accountNo: at('accountNo') || accountNo, tradeDate, direction, amount: fromCents(cents!), counterparty: at('counterparty').slice(0, 100) || null, summary: at('summary').slice(0, 200) || null, serialNo: at('serialNo').slice(0, 50) || null });
  }
  let imported = 0;
  if (commit) {
    if (!saved) await ctx.q.insert('bankStatementMapping', { bankName, columns: JSON.stringify(mapping), headerRow, ...mappingColumns(mapping) });
    const fresh = await notImported(ctx, bankName, lines);
    // Stored in chunks, each line's best candidate kept with one UPDATE per chunk: a 5,000-line
    // statement is a handful of writes beside its 5,000 candidate queries (docs/decisions.md).
    for (let i = 0; i < fresh.length; i += 1000) {
      const stored = await ctx.q.insert('bankStatement', fresh.slice(i, i + 1000));
      await keepSuggestions(ctx, stored);
      imported += stored.length;
    }
  }
  return { total: lines.length + errors.length, valid: lines.length, imported, failed: errors.length, errors: errors.slice(0, 500), ...(errors.length > 500 ? { truncated: true } : {}) };
}

export interface Suggestion { reviewId: number; reviewNo: string; matterType: number; counterpartyName: string | null; unexecutedAmount: string; score: number; reasons: string[] }

const stripCompany = (s: string) => s.replace(/(股份)?有限(责任)?公司|集团|分公司|（.*?）|\(.*?\)/g, '').trim();

/** How many candidates each of the two candidate queries of a line brings (nearest amounts; the payer's name). */
export const CANDIDATE_LIMIT = 50;

/**
 * The lines not imported before (same 流水号, or without one the same date, amount and
 * counterparty) — also once within the file. Two statements, whatever the file's length.
 */
async function notImported(ctx: HookContext, bankName: string, lines: Row[]): Promise<Row[]> {
  const serials = [...new Set(lines.map((l) => l.serialNo).filter(Boolean))] as string[];
  const seen = new Set<string>();
  for (let i = 0; i < serials.length; i += 1000) {
    const rows = (await ctx.q.select('bankStatement').select('serialNo').where('bankName', '=', bankName).where('serialNo', 'in', serials.slice(i, i + 1000)).execute()) as Row[];
    for (const r of rows) seen.add(`s|${r.serialNo}`);
  }
  const bare = lines.filter((l) => !l.serialNo);
  if (bare.length) {
    const dates = [...new Set(bare.map((l) => String(l.tradeDate)))];
    const rows = (await ctx.q.select('bankStatement').select(['tradeDate', 'amount', 'counterparty']).where('bankName', '=', bankName).where('serialNo', 'is', null)
      .where(sql<string>`trade_date::text`, 'in', dates).execute()) as Row[];
    const day = (d: unknown) => (d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d).slice(0, 10));
    for (const r of rows) seen.add(`d|${day(r.tradeDate)}|${toCents(r.amount)}|${r.counterparty ?? ''}`);
  }
  const key = (l: Row) => (l.serialNo ? `s|${l.serialNo}` : `d|${l.tradeDate}|${toCents(l.amount)}|${l.counterparty ?? ''}`);
  return lines.filter((l) => {
    const k = key(l);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A line's candidates: the open matters of its direction (收款 for money in, 付款 types for money
 * out) holding at least its amount — the nearest amounts first, so an equal amount is always
 * among them however many are open — and those of the counterparty's exact name. One statement,
 * two index scans of at most CANDIDATE_LIMIT rows each.
 */
async function candidatesFor(ctx: HookContext, line: Row): Promise<Row[]> {
  const types = Number(line.direction) === 1 ? [2] : [1, 5, 6, 7];
  const open = () => ctx.q.select('financeReview').select(['reviewId', 'reviewNo', 'matterType', 'counterpartyName', 'payeeName', 'payerName', 'unexecutedAmount', 'expectedPayDate', 'receivedAt', 'submittedAt'])
    .where('matterType', 'in', types).where('auditState', '=', 15).where('cancelState', '=', 0).where('executeStatus', 'in', [0, 5])
    .where('unexecutedAmount', '>=', line.amount);
  const nearest = open().orderBy('unexecutedAmount').orderBy('reviewId').limit(CANDIDATE_LIMIT);
  const name = String(line.counterparty ?? '').trim();
  if (!name) return (await nearest.execute()) as Row[];
  const named = open().where('counterpartyName', '=', name).orderBy('reviewId').limit(CANDIDATE_LIMIT);
  return (await sql<Row>`(${nearest}) union (${named})`.execute(ctx.db)).rows;
}

/** Open matters for a line, best first: amount equal (50) or within what is left (20), name likeness (up to 35), date within 7 days (15). */
export async function suggestionsFor(ctx: HookContext, line: Row, limit = 5): Promise<Suggestion[]> {
  const open = await candidatesFor(ctx, line);
  if (!open.length) return [];
  const amount = toCents(line.amount);
  const name = stripCompany(String(line.counterparty ?? ''));
  const fuse = new Fuse(open.map((o) => ({ id: Number(o.reviewId), name: stripCompany(String(o.payerName ?? o.payeeName ?? o.counterpartyName ?? '')) })), { keys: ['name'], includeScore: true, threshold: 0.6, ignoreLocation: true });
  const likeness = new Map<number, number>(name ? fuse.search(name).map((r) => [r.item.id, 1 - (r.score ?? 1)]) : []);
  // Days in China time: a date column arrives as text or a Date, a timestamp as a Date.
  const day = (d: unknown): number => {
    if (!d) return NaN;
    const t = d instanceof Date ? d : new Date(/^\d{4}-\d{2}-\d{2}$/.test(String(d)) ? `${String(d)}T00:00:00+08:00` : String(d));
    return Math.floor((t.getTime() + 8 * 3600_000) / 86400_000) * 86400_000;
  };
  const out = open.map((o) => {
    const reasons: string[] = [];
    let score = 0;
    const left = toCents(o.unexecutedAmount);
    if (left === amount) { score += 50; reasons.push('金额一致'); } else { score += 20; reasons.push(`金额在未执行 ${yuan(left)} 元内`); }
    const like = likeness.get(Number(o.reviewId)) ?? 0;
    if (like > 0.3) { score += Math.round(35 * like); reasons.push(`户名相似 ${Math.round(like * 100)}%`); }
    const ref = day(o.receivedAt ?? o.expectedPayDate ?? o.submittedAt);
    const diff = Math.round(Math.abs(day(line.tradeDate) - ref) / 86400_000);
    if (Number.isFinite(diff) && diff <= 7) { score += 15 - diff; reasons.push(`日期相差 ${diff} 天`); }
    return { reviewId: Number(o.reviewId), reviewNo: String(o.reviewNo), matterType: Number(o.matterType), counterpartyName: o.counterpartyName ?? null, unexecutedAmount: fromCents(left), score, reasons };
  });
  return out.sort((a, b) => b.score - a.score || a.reviewId - b.reviewId).slice(0, limit);
}

/** Keeps each line's best suggestion (and why) on it for the list: one UPDATE for all of them. */
export async function keepSuggestions(ctx: HookContext, lines: Row[]): Promise<void> {
  const open = lines.filter((l) => !l.matchedReviewId);
  if (!open.length) return;
  const kept: [number, number | null, string | null][] = [];
  for (const line of open) {
    const [best] = await suggestionsFor(ctx, line, 1);
    kept.push([Number(line.bankStatementId), best?.reviewId ?? null, best ? best.reasons.join('；').slice(0, 200) : null]);
  }
  await ctx.q.update('bankStatement').set({
    suggestedReviewId: sql`k.review_id`, suggestReason: sql`k.reason`,
  } as any).from(sql`unnest(${kept.map((k) => k[0])}::int[], ${kept.map((k) => k[1])}::int[], ${kept.map((k) => k[2])}::text[]) as k(id, review_id, reason)` as any)
    .whereRef('bankStatementId', '=', sql.ref('k.id') as any).execute();
}

/** Keeps the line's best suggestion (and why) on it for the list. */
export async function suggestFor(ctx: HookContext, line: Row): Promise<void> {
  await keepSuggestions(ctx, [line]);
}

/** 确认匹配: the line locked, unmatched, its direction fitting the matter; the matter executed with the line. */
export async function confirmMatch(ctx: HookContext, bankStatementId: number, chosen: number | null): Promise<Row> {
  const line = await lockParent(ctx, 'bankStatement', bankStatementId);
  if (!line) throw notFound('银行流水不存在');
  if (line.matchedReviewId) throw conflict('该银行流水已匹配，不能重复匹配');
  // Without a choice the line's best suggestion is the one confirmed.
  const reviewId = chosen ?? (line.suggestedReviewId ? Number(line.suggestedReviewId) : null);
  if (!reviewId) throw badRequest('该流水没有匹配建议，请选择要匹配的资金事项', { field: 'reviewId' });
  const review = await ctx.q.get('financeReview', reviewId);
  if (!review) throw notFound('资金事项不存在');
  const incoming = Number(line.direction) === 1;
  if (incoming !== (Number(review.matterType) === 2)) throw badRequest(incoming ? '收入流水只能匹配收款事项' : '支出流水只能匹配付款类事项', { field: 'reviewId' });
  const account = (await ctx.q.select('bankAccount').select('bankAccountId').where('accountNo', '=', String(line.accountNo)).executeTakeFirst()) as Row | undefined
    ?? (await ctx.q.select('bankAccount').select('bankAccountId').where('isDefault', '=', true).executeTakeFirst()) as Row | undefined;
  if (!account) throw badRequest('未找到该流水对应的我方账户，请先在财务配置中登记银行账户');
  await executeMatter(ctx, { reviewId, amount: line.amount, ourBankAccountId: Number(account.bankAccountId), executedDate: String(line.tradeDate).slice(0, 10), voucherNo: line.serialNo ?? undefined, remark: line.summary ?? undefined }, { bankStatementId });
  const updated = (await ctx.q.update('bankStatement').set({ matchedReviewId: reviewId, matchedAt: sql`now()`, suggestedReviewId: null, suggestReason: null })
    .where('bankStatementId', '=', bankStatementId).returningAll().executeTakeFirstOrThrow()) as Row;
  return updated;
}
