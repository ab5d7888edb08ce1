/**
 * A settle bill as paper: the header (counterparty, period, amounts, states), its lines with
 * project and schedule names, and the two stamps (盖章). The print builder (template type 5
 * 对账单) and the workbook both read this.
 */
import { hasPermission } from '../../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../../http/errors';
import { scopedQueries } from '../../crud/scope';
import { enumLabel } from '../../schema/load';
import { requireSession, type HandlerContext } from '../../crud/context';
import type { PrintBuilders, PrintDocument } from '../../print/document';
import { sourceOf } from './bills';

type Row = Record<string, any>;
export const BILL_READ = '财务:对账|财务:合并管理|财务:资金事项';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const money = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const day = (v: unknown) => (v ? (v instanceof Date ? new Date(v.getTime() + 8 * 3600_000).toISOString() : String(v)).slice(0, 10) : '');
const time = (v: unknown) => (v ? new Date(new Date(String(v)).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '');

export interface BillPaper { bill: Row; lines: Row[]; party: string; partyRow?: Row; org?: Row; projects: Map<number, string>; schedules: Map<number, string>; printedBy: string }

export async function billPaper(ctx: HandlerContext, id: number): Promise<BillPaper> {
  const session = requireSession(ctx);
  if (!hasPermission(session.permissions, BILL_READ)) throw new HttpError(403, MSG.forbidden);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const bill = Number.isSafeInteger(id) ? await q.get('settleBill', id) : undefined;
  if (!bill) throw notFound(MSG.notFound);
  const lines = (await q.select('settleBillItem').selectAll().where('settleBillId', '=', id).orderBy('occurredDate').orderBy('billItemId').execute()) as Row[];
  const source = sourceOf(bill.billType);
  const partyEntity = { customerId: 'customer', supplierId: 'supplier', projectId: 'project', staffId: 'staff' }[source.party];
  const partyRow = bill[source.party] ? await q.get(partyEntity, Number(bill[source.party])) : undefined;
  const projectIds = [...new Set(lines.map((l) => Number(l.projectId)).filter(Boolean))];
  const scheduleIds = [...new Set(lines.map((l) => Number(l.scheduleId)).filter(Boolean))];
  const projects = new Map<number, string>();
  const schedules = new Map<number, string>();
  if (projectIds.length) for (const p of (await q.select('project').select(['projectId', 'name']).where('projectId', 'in', projectIds).execute()) as Row[]) projects.set(Number(p.projectId), text(p.name));
  if (scheduleIds.length) for (const s of (await q.select('transportSchedule').select(['scheduleId', 'scheduleNo', 'truckLicensePlate']).where('scheduleId', 'in', scheduleIds).execute()) as Row[]) schedules.set(Number(s.scheduleId), `${text(s.scheduleNo)} ${text(s.truckLicensePlate)}`.trim());
  const org = (await ctx.db.selectFrom('organization').selectAll().where('orgId', '=', session.orgId).executeTakeFirst()) as Row | undefined;
  const me = await q.get('staff', session.staffId);
  return { bill, lines, party: text(partyRow?.name), partyRow, org, projects, schedules, printedBy: text(me?.name) };
}

export const LINE_COLUMNS = ['序号', '发生日期', '项目', '调度单/车牌', '摘要', '金额(元)'];
export function lineCells(p: BillPaper, l: Row, i: number): string[] {
  return [String(i + 1), day(l.occurredDate), p.projects.get(Number(l.projectId)) ?? '', p.schedules.get(Number(l.scheduleId)) ?? '', text(l.summary), money(l.amount)];
}

export function headerFields(p: BillPaper): { label: string; value: string; wide?: boolean }[] {
  const b = p.bill;
  const source = sourceOf(b.billType);
  return [
    { label: '对账类型', value: enumLabel('settleBillType', b.billType) ?? '' },
    { label: source.partyTitle, value: p.party },
    { label: '对账期间', value: `${day(b.periodStart)} 至 ${day(b.periodEnd)}` },
    { label: '状态', value: enumLabel('settleBillStatus', b.settleStatus) ?? '' },
    { label: '明细笔数', value: text(b.itemCount) },
    { label: '明细金额(元)', value: money(b.itemAmount) },
    { label: '调整金额(元)', value: money(b.adjustAmount) },
    { label: '结算金额(元)', value: money(b.finalAmount) },
    ...(b.adjustReason ? [{ label: '调整原因', value: text(b.adjustReason), wide: true }] : []),
    ...(b.confirmedBy ? [{ label: '对方确认人', value: `${text(b.confirmedBy)}　${time(b.confirmedAt)}` }] : []),
    { label: '税率', value: b.taxRate === null || b.taxRate === undefined ? '' : `${b.taxRate}%` },
  ];
}

/** 对账单 (print template type 5): A4 with both parties' 盖章 boxes. */
async function billDocument(ctx: HandlerContext, id: number): Promise<PrintDocument> {
  const p = await billPaper(ctx, id);
  const b = p.bill;
  const total = ['合计', '', '', '', `${p.lines.length} 笔`, money(b.itemAmount)];
  return {
    type: 5,
    title: `${enumLabel('settleBillType', b.billType) ?? ''}单`,
    docNo: text(b.billNo),
    docNoLabel: '对账单号',
    parties: [
      { role: '我方', name: text(p.org?.name), lines: [`统一社会信用代码：${text(p.org?.creditCode)}`] },
      { role: '对方', name: p.party, lines: p.partyRow?.contactName ? [`联系人：${text(p.partyRow.contactName)}　电话：${text(p.partyRow.contactPhone)}`] : [] },
    ],
    fields: headerFields(p),
    tables: [{ title: '对账明细', columns: LINE_COLUMNS, rows: [...p.lines.map((l, i) => lineCells(p, l, i)), total] }],
    clauses: [
      `一、双方确认上述期间往来明细共 ${p.lines.length} 笔，结算金额人民币 ${money(b.finalAmount)} 元。`,
      '二、对方如有异议，请于收到本对账单之日起7日内书面提出；逾期未提出的，视为确认。',
      '三、本对账单经双方盖章确认后作为开票和收付款的依据。',
    ],
    signatures: [{ role: '我方（盖章）', name: text(p.org?.name), stamp: true }, { role: '对方（盖章）', name: p.party, stamp: true }],
    printedBy: p.printedBy,
  };
}

export const settlePrints: PrintBuilders = { 5: (ctx, _type, id) => billDocument(ctx, id) };
