/** 合同打印 (DOMAIN §6.9): the print documents of template types 1 收入合同 and 2 成本合同. */
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../http/errors';
import { scopedQueries } from '../crud/scope';
import { enumLabel } from '../schema/load';
import { regionLabel } from '../reference/regions';
import { requireSession, type Handler } from '../crud/context';
import { contractReadPermission } from './common';
import type { PrintBuilders, PrintDocument, PrintParty } from '../print/document';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** 人民币大写 (e.g. 1,200,000.50 → 壹佰贰拾万元伍角整 is written 壹佰贰拾万元零伍角). */
export function rmbUppercase(value: unknown): string {
  const cents = Math.round(Math.abs(Number(value ?? 0)) * 100);
  if (!Number.isFinite(cents)) return '';
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  let intPart = '';
  if (yuan === 0) intPart = '零';
  else {
    const groups: number[] = [];
    for (let n = yuan; n > 0; n = Math.floor(n / 10000)) groups.push(n % 10000);
    let needZero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const group = groups[g]!;
      if (group === 0) { needZero = intPart !== ''; continue; }
      if (needZero || (intPart !== '' && group < 1000)) intPart += '零';
      needZero = false;
      let text = '';
      let zero = false;
      for (let i = 3; i >= 0; i--) {
        const d = Math.floor(group / 10 ** i) % 10;
        if (d === 0) { zero = text !== ''; continue; }
        if (zero) text += '零';
        zero = false;
        text += DIGITS[d]! + UNITS[i]!;
      }
      intPart += text + SECTIONS[g]!;
    }
  }
  let out = `${Number(value) < 0 ? '负' : ''}${intPart}元`;
  if (jiao === 0 && fen === 0) return `${out}整`;
  if (jiao) out += `${DIGITS[jiao]}角`;
  else if (yuan) out += '零';
  if (fen) out += `${DIGITS[fen]}分`;
  else out += '整';
  return out;
}

const money = (v: unknown) => (v === null || v === undefined ? '' : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const label = (e: string, v: unknown) => (v === null || v === undefined ? '' : enumLabel(e, v) ?? String(v));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** 地区 + 详细地址, without repeating what the address already says (many addresses start with their city). */
function place(region: unknown, address: unknown): string {
  const parts = (region ? regionLabel(String(region)) ?? '' : '').split('/').filter((p) => p && p !== '市辖区' && p !== '县');
  const addr = text(address);
  const prefix = parts.filter((p) => !addr.includes(p)).join('');
  return `${prefix}${addr}`;
}
/** A labelled line, left out when it has nothing to say. */
const line = (label: string, ...values: unknown[]) => (values.some((v) => text(v).trim()) ? [`${label}${values.map(text).join(' ').trim()}`] : []);

async function contractDocument(ctx: Parameters<Handler>[0], type: number, id: number): Promise<PrintDocument> {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const c = await q.get('contract', id);
  if (!c || Number(c.contractType) !== type) throw notFound(MSG.notFound);
  // The contract's own readers, and the project managers of the projects it serves.
  if (!hasPermission(session.permissions, `${contractReadPermission(type)}|项目管理:项目`)) throw new HttpError(403, MSG.forbidden);
  const org = (await ctx.db.selectFrom('organization').selectAll().where('orgId', '=', session.orgId).executeTakeFirst()) as Record<string, any> | undefined;
  const owner = c.ownerStaffId ? await q.get('staff', Number(c.ownerStaffId)) : undefined;
  const me = await q.get('staff', session.staffId);
  const ours: PrintParty = {
    role: type === 1 ? '乙方（承运方）' : '甲方（委托方）',
    name: text(org?.name),
    lines: [`统一社会信用代码：${text(org?.creditCode)}`, `地址：${place(org?.regionCode, org?.address)}`, `联系人：${text(owner?.name ?? org?.contactName)}　电话：${text(owner?.mobile ?? org?.contactPhone)}`],
  };
  let theirs: PrintParty;
  if (type === 1) {
    const cu = c.customerId ? await q.get('customer', Number(c.customerId)) : undefined;
    theirs = {
      role: '甲方（委托方）', name: text(cu?.name),
      lines: [
        ...line('统一社会信用代码：', cu?.creditCode), ...line('地址：', place(cu?.regionCode, cu?.address)),
        `联系人：${text(cu?.contactName)}　电话：${text(cu?.contactPhone)}`,
        `开票信息：${text(cu?.invoiceTitle ?? cu?.name)}　税号：${text(cu?.taxNo ?? cu?.creditCode)}`,
        ...line('开户行及账号：', cu?.bankName, cu?.bankAccount),
      ],
    };
  } else {
    const su = c.supplierId ? await q.get('supplier', Number(c.supplierId)) : undefined;
    theirs = {
      role: '乙方（服务方）', name: text(su?.name),
      lines: [
        ...(su?.creditCode ? [`统一社会信用代码：${text(su.creditCode)}`] : []),
        ...(su?.address ? [`地址：${place(su.regionCode, su.address)}`] : []),
        `联系人：${text(su?.contactName)}　电话：${text(su?.contactPhone)}`,
        ...(su?.bankName || su?.bankAccount ? [`开户行及账号：${text(su?.bankName)} ${text(su?.bankAccount)}`] : []),
      ],
    };
  }
  const parties = type === 1 ? [theirs, ours] : [ours, theirs];
  const rates = (Array.isArray(c.rates) ? c.rates : []) as Record<string, unknown>[];
  const service = label('serviceCategory', c.serviceCategory) || '运输';
  const clauses = [
    `一、服务内容：${parties[0]!.name}委托${parties[1]!.name}提供${service}服务，计价方式为${label('quoteMode', c.quoteMode) || '按运价明细'}，运价以本合同运价明细为准。`,
    `二、合同金额：人民币${rmbUppercase(c.amount)}（¥${money(c.amount)}），含增值税，税率${label('taxRate', c.taxRate) || '—'}${Number(c.contractKind) === 2 ? '；框架合同按实际发生量结算' : ''}。`,
    `三、结算与付款：${label('settleMode', c.settleMode) || '按双方约定'}${c.creditDays ? `，账期${c.creditDays}天` : ''}；开具${label('invoiceType', c.invoiceType) || '增值税发票'}。`,
    `四、合同期限：自${text(c.startDate)}起至${text(c.endDate)}止。`,
    ...(c.remark ? [`五、其他约定：${text(c.remark)}`] : []),
  ];
  return {
    type,
    title: type === 1 ? '运输服务合同（收入）' : '运输服务合同（成本）',
    docNo: text(c.contractNo),
    parties,
    fields: [
      { label: '合同名称', value: text(c.name), wide: true },
      { label: '合同形式', value: label('contractKind', c.contractKind) },
      { label: '服务类别', value: label('serviceCategory', c.serviceCategory) },
      { label: '合同金额(含税)', value: `¥${money(c.amount)}` },
      { label: '金额大写', value: rmbUppercase(c.amount) },
      { label: '税率', value: label('taxRate', c.taxRate) },
      { label: '发票类型', value: label('invoiceType', c.invoiceType) },
      { label: '结算方式', value: label('settleMode', c.settleMode) },
      { label: '账期(天)', value: text(c.creditDays) },
      { label: '签订日期', value: text(c.signDate) },
      { label: '有效期', value: `${text(c.startDate)} 至 ${text(c.endDate)}` },
      { label: '合同状态', value: `${label('auditState', c.auditState)} / ${label('contractState', c.contractState)}` },
    ],
    tables: rates.length ? [{
      title: '运价明细',
      columns: ['序号', '线路', '车型', '计价单位', '单价(元)', '税率', '免堆期(天)'],
      rows: rates.map((r, i) => [String(i + 1), text(r.route), text(r.vehicleKind), text(r.unit), money(r.unitPrice), r.taxRate === null || r.taxRate === undefined ? '' : `${r.taxRate}%`, text(r.freeDays)]),
    }] : [],
    clauses,
    signatures: parties.map((p) => ({ role: `${p.role.slice(0, 2)}（盖章）`, name: p.name, date: '' })),
    printedBy: text(me?.name),
  };
}

export const contractPrints: PrintBuilders = { 1: contractDocument, 2: contractDocument };
