/**
 * Invoices the Chinese way: a 数电票 (全面数字化的电子发票, types 5/6) has no 发票代码 and a
 * 20-digit number; a paper/legacy VAT invoice has a 10- or 12-digit code and an 8-digit number.
 * Received invoices (收票) must add up, tax included, to the matter's amount, each tax amount
 * agreeing with its rate within 1 分 per line (the tax office's rounding).
 */
import { badRequest } from '../../http/errors';
import { fromCents, toCents, yuan } from './money';

const DIGITAL = [5, 6];

export function checkInvoiceNumber(no: unknown, invoiceType: number, code: unknown, where: string, field: string): string {
  const text = String(no ?? '').trim();
  if (DIGITAL.includes(invoiceType)) {
    if (!/^\d{20}$/.test(text)) throw badRequest(`${where}数电票号码应为20位数字`, { field });
    if (code && String(code).trim()) throw badRequest(`${where}数电票没有发票代码`, { field });
  } else {
    if (!/^\d{8}$/.test(text)) throw badRequest(`${where}发票号码应为8位数字`, { field });
    if (code !== undefined && !/^(\d{10}|\d{12})$/.test(String(code ?? '').trim())) throw badRequest(`${where}发票代码应为10位或12位数字`, { field });
  }
  return text;
}

export function checkIssuedInvoiceNo(no: unknown, invoiceType: number): string {
  if (!no || !String(no).trim()) throw badRequest('请填写发票号码', { field: 'issuedInvoiceNo' });
  return checkInvoiceNumber(no, invoiceType || 5, undefined, '', 'issuedInvoiceNo');
}

export function checkReceivedInvoices(invoices: unknown, totalCents: number): void {
  const list = Array.isArray(invoices) ? (invoices as Record<string, any>[]) : [];
  if (!list.length) throw badRequest('请录入收到的发票', { field: 'invoices' });
  let sum = 0;
  const seen = new Set<string>();
  list.forEach((inv, i) => {
    const where = `第${i + 1}张发票：`;
    const type = Number(inv.invoiceType ?? 5);
    const no = checkInvoiceNumber(inv.invoiceNo, type, DIGITAL.includes(type) ? inv.invoiceCode : inv.invoiceCode ?? '', where, 'invoices');
    const key = `${inv.invoiceCode ?? ''}-${no}`;
    if (seen.has(key)) throw badRequest(`${where}发票号码重复`, { field: 'invoices' });
    seen.add(key);
    const excl = toCents(inv.amountExclTax, 'invoices', `${where}不含税金额`);
    const rate = Number(inv.taxRate);
    if (![0, 1, 3, 5, 6, 9, 13].includes(rate)) throw badRequest(`${where}税率不正确`, { field: 'invoices' });
    const expected = Math.round((excl * rate) / 100);
    const tax = inv.taxAmount === undefined || inv.taxAmount === '' || inv.taxAmount === null ? expected : toCents(inv.taxAmount, 'invoices', `${where}税额`);
    if (Math.abs(tax - expected) > 1) throw badRequest(`${where}税额 ${fromCents(tax)} 与税率${rate}%不符（应为 ${fromCents(expected)}）`, { field: 'invoices' });
    sum += excl + tax;
  });
  if (sum !== totalCents) throw badRequest(`发票价税合计 ${yuan(sum)} 元与事项金额 ${yuan(totalCents)} 元不符`, { field: 'invoices' });
}
