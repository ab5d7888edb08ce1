/**
 * 银行流水 import and matching calls (issue 19, "Bank statements matched, not typed"): the bank's
 * export imported through the import wizard (checked, then committed), the ranked suggestions of
 * a line, refreshing them, and 确认匹配. The rules are in ./matters/bank.ts.
 */
import ExcelJS from 'exceljs';
import { badRequest, notFound } from '../http/errors';
import { requireSession, REPLIED, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { uploadedWorkbook } from '../crud/excel';
import { present } from '../crud/values';
import type { WriteContext } from '../crud/write';
import { ctxOf } from './matters/delete';
import { confirmMatch, importStatement, keepSuggestions, suggestionsFor, TEMPLATE_HEADERS, type ChosenMapping } from './matters/bank';

type Row = Record<string, any>;
const wctx = (ctx: HandlerContext, db: WriteContext['db']): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request, said: [] });

/** The banks our accounts are at (the import's 选择银行), with their account. */
const banks: Handler = async (ctx) => {
  requireSession(ctx);
  const rows = (await ctxOf(wctx(ctx, ctx.db)).q.select('bankAccount').select(['bankName', 'accountNo']).where('disabled', 'is not', true).orderBy('bankAccountId').execute()) as Row[];
  return rows.map((r) => ({ bankName: `${r.bankName}|${r.accountNo}`, title: `${r.bankName} ${r.accountNo}`, available: true }));
};

const splitBank = (ctx: HandlerContext) => {
  const [bankName, accountNo] = String(ctx.query.bankName ?? ctx.params.bankName ?? '').split('|');
  if (!bankName) throw badRequest('请选择银行账户', { field: 'bankName' });
  return { bankName, accountNo: accountNo ?? '' };
};

const template: Handler = async (ctx) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('银行流水');
  ws.addRow(TEMPLATE_HEADERS);
  ws.columns.forEach((c) => { c.width = 18; });
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  void ctx.reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('银行流水导入模板.xlsx')}`).send(data);
  return REPLIED;
};

/** The mapping chosen in the import dialog (query `mapping`, JSON: { headerRow, columns: { tradeDate: '记账日', … } }). */
function chosenMapping(raw: unknown): ChosenMapping | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  try {
    const v = JSON.parse(String(raw)) as ChosenMapping;
    if (v && typeof v === 'object' && v.columns && typeof v.columns === 'object') return v;
  } catch { /* answered below */ }
  throw badRequest('列映射格式不正确', { field: 'mapping' });
}

const importFile: Handler = async (ctx) => {
  requireSession(ctx);
  const { bankName, accountNo } = splitBank(ctx);
  const file = uploadedWorkbook(ctx);
  const commit = ctx.query.mode === 'commit';
  const chosen = chosenMapping(ctx.query.mapping);
  return inTransaction(ctx.db, (trx) => importStatement(ctxOf(wctx(ctx, trx)), bankName, accountNo, file, commit, chosen));
};

const suggestions: Handler = async (ctx) => {
  requireSession(ctx);
  const hctx = ctxOf(wctx(ctx, ctx.db));
  const line = await hctx.q.get('bankStatement', Number(ctx.params.bankStatementId));
  if (!line) throw notFound('银行流水不存在');
  if (line.matchedReviewId) return [];
  return suggestionsFor(hctx, line, 10);
};

const refresh: Handler = async (ctx) => {
  requireSession(ctx);
  return inTransaction(ctx.db, async (trx) => {
    const hctx = ctxOf(wctx(ctx, trx));
    const lines = (await hctx.q.select('bankStatement').selectAll().where('matchedReviewId', 'is', null).orderBy('tradeDate', 'desc').limit(1000).execute()) as Row[];
    await keepSuggestions(hctx, lines);
    return { count: lines.length };
  });
};

const match: Handler = async (ctx) => {
  requireSession(ctx);
  const b = (ctx.body ?? {}) as Row;
  const row = await inTransaction(ctx.db, (trx) => confirmMatch(ctxOf(wctx(ctx, trx)), Number(b.bankStatementId), Number(b.reviewId ?? b.suggestedReviewId) || null));
  return present(ctx.entities.bankStatement!, row);
};

export const bankMatchHandlers: Record<string, Handler> = {
  'bankMatch.banks': banks,
  'bankMatch.template': template,
  'bankMatch.importFile': importFile,
  'bankMatch.suggestions': suggestions,
  'bankMatch.refresh': refresh,
  'bankMatch.match': match,
};
