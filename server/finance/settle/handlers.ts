/**
 * 对账单 calls beyond the generic ones: 新建 (with its lines), the candidates of a counterparty
 * and period, 移出 a line of a draft, and the bill as a workbook.
 */
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/errors';
import { requireSession, type Handler, type HandlerContext } from '../../crud/context';
import { exportFileName, sendXlsx } from '../../crud/excel';
import { inTransaction } from '../../db/connect';
import { hookContext, type WriteContext } from '../../crud/write';
import { present } from '../../crud/values';
import { scopedQueries } from '../../crud/scope';
import { titlesFor } from '../../crud/refs';
import { candidateRows, lineOf, removeLine, sourceOf } from './bills';
import { createBill } from './create';
import { billPaper, headerFields, lineCells, LINE_COLUMNS } from './document';

type Row = Record<string, any>;
const wctx = (ctx: HandlerContext, db: WriteContext['db'], said?: string[]): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request, said });

/** POST save: the bill's fields, and optionally `itemIds` (chosen candidates; all when absent). */
const create: Handler = async (ctx) => {
  const { itemIds, ...values } = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Row;
  if (itemIds !== undefined && itemIds !== null && !Array.isArray(itemIds)) throw badRequest('明细编号不正确', { field: 'itemIds' });
  const row = await inTransaction(ctx.db, (trx) => createBill(wctx(ctx, trx), values, itemIds ?? undefined));
  return present(ctx.entities.settleBill!, row);
};

/** GET candidates: the open ledger rows the bill would take, as bill lines with their titles. */
const candidates: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const source = sourceOf(ctx.query.billType);
  const list = (await candidateRows(q, ctx.query)).map((r) => lineOf(source, r));
  const e = ctx.entities.settleBillItem!;
  const refs = await titlesFor(ctx.db, session, ctx.entities, e, list);
  const total = list.reduce((c, l) => c + Math.round(Number(l.amount) * 100), 0);
  return { list, total: list.length, amount: (total / 100).toFixed(2), refs };
};

/** POST item/{billItemId}/remove */
const removeItem: Handler = async (ctx) => {
  const id = Number(ctx.params.billItemId);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('对账明细不存在');
  const row = await inTransaction(ctx.db, (trx) => removeLine(hookContext(wctx(ctx, trx), ctx.entities.settleBillItem!), id));
  return present(ctx.entities.settleBill!, row);
};

/** GET {settleBillId}/export-excel: the bill as the counterparty receives it, `对账单<号>_….xlsx`. */
const exportExcel: Handler = async (ctx) => {
  const p = await billPaper(ctx, Number(ctx.params.settleBillId));
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('对账单');
  sheet.columns = [{ width: 8 }, { width: 14 }, { width: 30 }, { width: 26 }, { width: 36 }, { width: 16 }];
  sheet.mergeCells('A1:F1');
  sheet.getCell('A1').value = `${p.org?.name ?? ''} 对账单 ${p.bill.billNo}`;
  sheet.getCell('A1').font = { bold: true, size: 16 };
  const fields = headerFields(p);
  for (let i = 0; i < fields.length; i += 2) sheet.addRow([fields[i]!.label, fields[i]!.value, '', fields[i + 1]?.label ?? '', fields[i + 1]?.value ?? '']);
  sheet.addRow([]);
  sheet.addRow(LINE_COLUMNS).font = { bold: true };
  p.lines.forEach((l, i) => {
    const cells: (string | number)[] = lineCells(p, l, i);
    cells[5] = Number(l.amount);
    sheet.addRow(cells).getCell(6).numFmt = '#,##0.00';
  });
  const sum = sheet.addRow(['合计', '', '', '', `${p.lines.length} 笔`, Number(p.bill.itemAmount)]);
  sum.font = { bold: true };
  sum.getCell(6).numFmt = '#,##0.00';
  const fin = sheet.addRow(['结算金额', '', '', '', '', Number(p.bill.finalAmount)]);
  fin.font = { bold: true };
  fin.getCell(6).numFmt = '#,##0.00';
  sheet.addRow([]);
  sheet.addRow(['我方（盖章）', p.org?.name ?? '', '', '对方（盖章）', p.party]);
  return sendXlsx(ctx.reply, exportFileName(`对账单${p.bill.billNo}`), Buffer.from(await wb.xlsx.writeBuffer()));
};

export const settleBillHandlers: Record<string, Handler> = {
  'settleBill.create': create,
  'settleBill.candidates': candidates,
  'settleBill.removeItem': removeItem,
  'settleBill.exportExcel': exportExcel,
};
