/**
 * 资金事项 (issue 19, DOMAIN §4.3): payment nodes are paid through 批量付款 matters approved by the
 * process template (财务经理, then 总经理 from 200,000 元) and executed by the cashier, in parts if
 * need be; a matter never takes more than its targets leave open; each step only from its states
 * and for its permission; invoices the Chinese way (数电票 20 digits, VAT split per rate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, today, userWith } from './project-helpers';

const M = '/api/v1/finance-base/finance-matters-merge';
const B = '/api/v1/finance-base/bank-statement';

function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = '----matters' + Date.now().toString(16);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
  return { body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}
const P = '/api/v1/project-base/schedule-payment';

describe.each(await backends())('资金事项 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let orgId: number;
  let bankAccountId: number;
  const used = new Set<number>();

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  /** Fresh payment nodes of 华运上海 put at 10 审批中 with the given amounts (the arrangement, not the rule under test). */
  const nodes = async (...amounts: string[]): Promise<number[]> => {
    // fresh nodes on a demo schedule of 华运上海 (the demo's own are mostly in its matters already)
    const base = (await db().selectFrom('schedulePayment').select(['corpId', 'orgId', 'scheduleId', 'projectId', 'demandId', 'truckLicensePlate', 'payeeName', 'payeeSupplierId'])
      .where('orgId', '=', orgId).orderBy('paymentId').executeTakeFirstOrThrow()) as any;
    const ids: number[] = [];
    for (const amount of amounts) {
      const row = (await db().insertInto('schedulePayment').values({ ...base, payNode: 1, amount, payNodeStatus: 10 }).returning('paymentId').executeTakeFirstOrThrow()) as { paymentId: number };
      ids.push(row.paymentId);
    }
    return ids;
  };
  const review = async (id: number) => ok(await h.call('GET', `${M}/review/${id}`, { token: t.finance }));
  const node = async (id: number) => (await db().selectFrom('schedulePayment').selectAll().where('paymentId', '=', id).executeTakeFirstOrThrow()) as any;
  const pay = (ids: number[], extra: Record<string, unknown> = {}, token = t.xielina) =>
    h.call('POST', `${M}/batch-payment`, { token, data: { items: ids.map((paymentId) => ({ paymentId })), ...extra } });
  const approved = async (ids: number[]) => {
    const m = ok(await pay(ids));
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    if ((await review(m.reviewId)).auditState === 5) ok(await h.call('POST', `${M}/audit`, { token: t.gm, data: { ids: [m.reviewId], pass: true } }));
    return (await review(m.reviewId)) as any;
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'gm', 'cashier', 'xielina', 'pm']) t[u] = await login(h, u);
    ({ orgId } = (await db().selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number });
    ({ bankAccountId } = (await db().selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', orgId).orderBy('bankAccountId').executeTakeFirstOrThrow()) as { bankAccountId: number });
  }, 120_000);
  afterAll(async () => h?.close());

  it('a payment over 200,000 needs 财务经理 then 总经理; the cashier pays it in two parts; the nodes are paid', async () => {
    const ids = await nodes('150000.00', '80000.00');
    const m = ok(await pay(ids, { payeeName: '顺达货运', payChannel: 1 }));
    expect(m).toMatchObject({ matterType: 1, auditState: 5, totalAmount: '230000.00' });
    expect((await node(ids[0]!))).toMatchObject({ reviewId: m.reviewId, payNodeStatus: 10 });
    // 总经理 is not asked before 财务经理; the applicant can't approve
    expect((await h.call('POST', `${M}/audit`, { token: t.gm, data: { ids: [m.reviewId], pass: true } })).status).toBe(403);
    expect((await h.call('POST', `${M}/audit`, { token: t.xielina, data: { ids: [m.reviewId], pass: true } })).status).toBe(403);
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    expect((await review(m.reviewId)).auditState).toBe(5);
    ok(await h.call('POST', `${M}/audit`, { token: t.gm, data: { ids: [m.reviewId], pass: true } }));
    expect(await review(m.reviewId)).toMatchObject({ auditState: 15, executeStatus: 0 });
    // the 会计 does not execute; the cashier does, in parts
    expect((await h.call('POST', `${M}/execute`, { token: t.xielina, data: { reviewId: m.reviewId, ourBankAccountId: bankAccountId } })).status).toBe(403);
    const first = ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, amount: '160000.00', ourBankAccountId: bankAccountId, voucherNo: 'ZH001' } }));
    expect(first).toMatchObject({ executeStatus: 5, executedAmount: '160000.00' });
    expect((await node(ids[0]!)).payNodeStatus).toBe(15);
    expect((await node(ids[1]!)).payNodeStatus).toBe(10);
    const over = await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, amount: '70000.01', ourBankAccountId: bankAccountId } });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe('本次执行 70,000.01 元超出未执行金额 70,000.00 元');
    const last = ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, amount: '70000.00', ourBankAccountId: bankAccountId, voucherNo: 'ZH002' } }));
    expect(last).toMatchObject({ executeStatus: 10, executedAmount: '230000.00' });
    expect(last.executions).toHaveLength(2);
    expect((await node(ids[1]!)).payNodeStatus).toBe(15);
    // the manual 登记已付 is gone
    expect((await h.call('POST', `${P}/${ids[1]}/pay`, { token: t.pm, data: {} })).status).toBe(404);
  });

  it('a payment never exceeds what its node leaves unpaid, across matters', async () => {
    const [id] = await nodes('10000.00');
    const too = await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ paymentId: id, amount: '10000.01' }] } });
    expect(too.status).toBe(409);
    expect(too.body.msg).toContain('未付金额 10,000.00 元，本次 10,000.01 元超出');
    ok(await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ paymentId: id, amount: '6000.00' }] } }));
    const second = await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ paymentId: id, amount: '4000.01' }] } });
    expect(second.status).toBe(409);
    ok(await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ paymentId: id, amount: '4000.00' }] } }));
    const none = await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ paymentId: id }] } });
    expect(none.status).toBe(409);
    expect(none.body.msg).toContain('已无未付金额');
  });

  it('撤回删除 and 撤销 give the nodes back; a node inside a matter is not withdrawn by the project', async () => {
    const [a, b] = await nodes('3000.00', '4000.00');
    const pending = ok(await pay([a!]));
    expect((await h.call('POST', `${P}/${a}/withdraw`, { token: t.pm, data: {} })).status).toBe(409);
    expect((await h.call('DELETE', `${M}/delete-pending-review/${pending.reviewId}`, { token: t.finance })).status).toBe(403);
    ok(await h.call('DELETE', `${M}/delete-pending-review/${pending.reviewId}`, { token: t.xielina }));
    expect(await node(a!)).toMatchObject({ reviewId: null, payNodeStatus: 5 });
    expect((await h.call('GET', `${M}/review/${pending.reviewId}`, { token: t.finance })).status).toBe(404);

    const m = await approved([b!]);
    ok(await h.call('POST', `${M}/apply-cancel`, { token: t.xielina, data: { reviewId: m.reviewId, cancelReason: '供应商账户变更' } }));
    expect((await review(m.reviewId)).cancelState).toBe(5);
    expect((await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, ourBankAccountId: bankAccountId } })).status).toBe(409);
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    expect((await review(m.reviewId)).cancelState).toBe(15);
    expect(await node(b!)).toMatchObject({ reviewId: null, payNodeStatus: 5 });
    // the node may be taken again
    await force(h, 'schedulePayment', 'paymentId', b!, { payNodeStatus: 10 });
    ok(await pay([b!]));
  });

  describe('every step only from its states and for its permission', () => {
    const AUDIT = [0, 5, 10, 15];
    const cases = [
      { name: 'audit', allowed: (s: any) => s.auditState === 5, perm: '财务:资金事项:审核' },
      { name: 'withdraw', allowed: (s: any) => s.auditState === 5, perm: 'applicant' },
      { name: 'apply-cancel', allowed: (s: any) => s.auditState === 15 && s.executeStatus === 0 && s.cancelState === 0, perm: 'applicant' },
      { name: 'execute', allowed: (s: any) => s.auditState === 15 && [0, 5].includes(s.executeStatus) && s.cancelState === 0, perm: '财务:资金事项:执行' },
      { name: 'delete', allowed: (s: any) => [0, 5, 10].includes(s.auditState), perm: 'applicant' },
    ];
    const states = [
      ...AUDIT.map((auditState) => ({ auditState, executeStatus: auditState === 15 ? 0 : null, cancelState: 0 })),
      { auditState: 15, executeStatus: 5, cancelState: 0 }, { auditState: 15, executeStatus: 10, cancelState: 0 },
      { auditState: 15, executeStatus: 0, cancelState: 15 },
    ];
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
      const outsider = await userWith(h, ['财务:资金事项:仅查看']);
      for (const s of states) {
        const [id] = await nodes('1000.00');
        const m = ok(await pay([id!]));
        // the approval waits for 财务经理 when the state is forced to 5, so a decision is possible
        await force(h, 'financeReview', 'reviewId', m.reviewId, { ...s, executedAmount: s.executeStatus === 5 ? '1.00' : '0.00' });
        if (s.auditState !== 5) await db().updateTable('approval').set({ status: 30 }).where('entity', '=', 'financeReview').where('subjectId', '=', m.reviewId).execute();
        const call = (token: string) => {
          switch (c.name) {
            case 'audit': return h.call('POST', `${M}/audit`, { token, data: { ids: [m.reviewId], pass: true } });
            case 'withdraw': return h.call('POST', `${M}/withdraw`, { token, data: { reviewId: m.reviewId } });
            case 'apply-cancel': return h.call('POST', `${M}/apply-cancel`, { token, data: { reviewId: m.reviewId, cancelReason: '测试' } });
            case 'execute': return h.call('POST', `${M}/execute`, { token, data: { reviewId: m.reviewId, amount: '1.00', ourBankAccountId: bankAccountId } });
            default: return h.call('DELETE', `${M}/delete-pending-review/${m.reviewId}`, { token });
          }
        };
        const denied = await call(outsider.token);
        expect([403, 404], `${c.name} by an outsider from ${JSON.stringify(s)}`).toContain(denied.status);
        const holder = c.perm === 'applicant' ? t.xielina : c.perm === '财务:资金事项:审核' ? t.finance : t.cashier;
        const r = await call(holder);
        if (c.allowed(s)) expect(r.status, `${c.name} from ${JSON.stringify(s)}: ${JSON.stringify(r.body)}`).toBe(200);
        else expect(r.status, `${c.name} from ${JSON.stringify(s)}: ${JSON.stringify(r.body)}`).toBe(409);
      }
    }, 120_000);
  });

  it('收票: 数电票 numbers have 20 digits, tax agrees with the rate, the invoices add up to the matter', async () => {
    // the newest cost item: the demo's matters take the oldest
    const item = (await db().selectFrom('costItem').select(['costItemId']).where('orgId', '=', orgId).where('itemStatus', '=', 10)
      .orderBy('costItemId', 'desc').executeTakeFirstOrThrow()) as any;
    await force(h, 'costItem', 'costItemId', item.costItemId, { amount: '1090.00', receivedInvoiceAmount: '0.00' });
    const send = (invoices: unknown[]) => h.call('POST', `${M}/batch-receive-invoice`, { token: t.xielina, data: { items: [{ costItemId: item.costItemId }], invoices } });
    const bad = await send([{ invoiceType: 5, invoiceNo: '2531200000012345678', invoiceDate: '2026-11-02', amountExclTax: '1000.00', taxRate: 9, taxAmount: '90.00' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('第1张发票：数电票号码应为20位数字');
    const tax = await send([{ invoiceType: 5, invoiceNo: '25312000000123456789', invoiceDate: '2026-11-02', amountExclTax: '1000.00', taxRate: 9, taxAmount: '60.00' }]);
    expect(tax.body.msg).toBe('第1张发票：税额 60.00 与税率9%不符（应为 90.00）');
    const sum = await send([{ invoiceType: 5, invoiceNo: '25312000000123456789', invoiceDate: '2026-11-02', amountExclTax: '900.00', taxRate: 9 }]);
    expect(sum.body.msg).toBe('发票价税合计 981.00 元与事项金额 1,090.00 元不符');
    const m = ok(await send([{ invoiceType: 5, invoiceNo: '25312000000123456789', invoiceDate: '2026-11-02', amountExclTax: '1000.00', taxRate: 9, taxAmount: '90.00', verified: true }]));
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId } }));
    expect((await db().selectFrom('costItem').select('receivedInvoiceAmount').where('costItemId', '=', item.costItemId).executeTakeFirstOrThrow() as any).receivedInvoiceAmount).toMatch(/^1090(\.00)?$/);
  });

  it('开票: VAT split per rate, transport fields in 备注, a 数电票 number of 20 digits on execution', async () => {
    const rows = (await db().selectFrom('incomeItem').select(['incomeItemId', 'customerId']).where('orgId', '=', orgId).where('itemStatus', '=', 10)
      .where('customerId', 'is not', null).orderBy('incomeItemId', 'desc').limit(60).execute()) as any[];
    const customerId = rows.find((r) => rows.filter((x) => x.customerId === r.customerId).length >= 2)!.customerId;
    const [a, b] = rows.filter((r) => r.customerId === customerId);
    await force(h, 'incomeItem', 'incomeItemId', a.incomeItemId, { amount: '10900.00', taxRate: 9, invoicedAmount: '0.00' });
    await force(h, 'incomeItem', 'incomeItemId', b.incomeItemId, { amount: '1060.00', taxRate: 6, invoicedAmount: '0.00' });
    const m = ok(await h.call('POST', `${M}/apply-issue-invoice`, { token: t.xielina, data: {
      items: [{ incomeItemId: a.incomeItemId }, { incomeItemId: b.incomeItemId }], invoiceType: 2,
      fromPlace: '上海临港', toPlace: '湖州长兴', vehicleInfo: '重型半挂牵引车 沪DK7352', cargoName: '220kV主变压器' } }));
    expect(m.vatLines).toEqual([
      { taxRate: 9, amount: '10900.00', amountExclTax: '10000.00', taxAmount: '900.00' },
      { taxRate: 6, amount: '1060.00', amountExclTax: '1000.00', taxAmount: '60.00' },
    ]);
    expect(m.invoiceRemark).toBe('起运地：上海临港；到达地：湖州长兴；车种车号：重型半挂牵引车 沪DK7352；货物：220kV主变压器');
    // the buyer comes from the customer's 开票信息 where the form left it blank
    const buyer = (await db().selectFrom('customer').selectAll().where('customerId', '=', customerId).executeTakeFirstOrThrow()) as any;
    expect(m.buyerName).toBe(buyer.invoiceTitle || buyer.name);
    expect(m.buyerTaxNo).toBe(buyer.taxNo || buyer.creditCode);
    if (buyer.invoiceAddress) expect(m.buyerAddressPhone).toBe(buyer.invoiceAddress);
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    const short = await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, issuedInvoiceNo: '1234567' } });
    expect(short.body.msg).toBe('发票号码应为8位数字');
    const done = ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, issuedInvoiceNo: '04412345' } }));
    expect(done).toMatchObject({ executeStatus: 10, issuedInvoiceNo: '04412345' });
    expect((await db().selectFrom('incomeItem').select(['invoicedAmount', 'invoiceStatus']).where('incomeItemId', '=', a.incomeItemId).executeTakeFirstOrThrow() as any)).toMatchObject({ invoiceStatus: 10 });
  });

  /** An approved 收款 matter over a fresh income item of this amount (the arrangement). */
  const receipt = async (amount: string, payerName: string) => {
    // an income item no matter holds yet (the demo's matters hold some)
    const free = (ok(await h.call('GET', `${M}/list-target-matters?matterType=2`, { token: t.xielina })) as any[])
      .filter((c) => c.targetType === 4 && c.openAmount === c.amount && !used.has(-c.targetId));
    const item = { incomeItemId: free[0].targetId as number };
    used.add(-item.incomeItemId);
    await force(h, 'incomeItem', 'incomeItemId', item.incomeItemId, { amount, receivedAmount: '0.00' });
    const m = ok(await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ incomeItemId: item.incomeItemId }], payerName } }));
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    return { reviewId: m.reviewId as number, incomeItemId: item.incomeItemId as number };
  };
  const importCsv = async (bank: string, csv: string, mode: 'check' | 'commit') => {
    const m = multipart('流水.csv', Buffer.from(csv));
    const res = await h.app.inject({ method: 'POST', url: `${B}/import?bankName=${encodeURIComponent(bank)}&mode=${mode}`, headers: { 'access-token': t.cashier, 'content-type': m.type }, payload: m.body });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  it('a bank statement imported from csv: the mapping is kept per bank, each line suggests its receipt with the reason, a match settles both once', async () => {
    const r = await receipt('36666.66', '上海振华重工(集团)股份有限公司');
    const other = await receipt('36666.66', '明阳智慧能源集团股份公司');
    const acct = (await db().selectFrom('bankAccount').select(['bankName', 'accountNo']).where('bankAccountId', '=', bankAccountId).executeTakeFirstOrThrow()) as any;
    const bank = `${acct.bankName}|${acct.accountNo}`;
    const csv = ['交易日期,流水号,对方户名,借方发生额,贷方发生额,摘要', `${today()},CMBT0001,上海振华重工(集团)股份有限公司,,"36,666.66",运费`, '2026/13/01,CMBT0002,某公司,,100.00,坏行'].join('\n');
    const check = await importCsv(bank, csv, 'check');
    expect(check.body.data).toMatchObject({ total: 2, valid: 1, imported: 0, failed: 1 });
    expect(check.body.data.errors[0].message).toBe('第3行：交易日期格式不正确');
    expect((await importCsv(bank, csv, 'commit')).body.data).toMatchObject({ imported: 1 });
    expect((await importCsv(bank, csv, 'commit')).body.data).toMatchObject({ imported: 0 }); // the same line is not imported twice
    const saved = (await db().selectFrom('bankStatementMapping').selectAll().where('bankName', '=', acct.bankName).executeTakeFirstOrThrow()) as any;
    expect(saved.columns).toMatchObject({ tradeDate: '交易日期', income: '贷方发生额', counterparty: '对方户名', serialNo: '流水号' });
    const line = (await db().selectFrom('bankStatement').selectAll().where('serialNo', '=', 'CMBT0001').executeTakeFirstOrThrow()) as any;
    const list = ok(await h.call('GET', `${B}/${line.bankStatementId}/suggestions`, { token: t.cashier }));
    expect(list[0]).toMatchObject({ reviewId: r.reviewId });
    expect(list[0].reasons).toEqual(expect.arrayContaining(['金额一致', expect.stringMatching(/^户名相似 \d+%$/), '日期相差 0 天']));
    expect(list.find((s: any) => s.reviewId === other.reviewId).score).toBeLessThan(list[0].score);
    expect(line.suggestedReviewId).toBe(r.reviewId);
    ok(await h.call('POST', `${B}/match`, { token: t.cashier, data: { bankStatementId: line.bankStatementId } }));
    expect(await review(r.reviewId)).toMatchObject({ executeStatus: 10, bankStatementId: line.bankStatementId, voucherNo: 'CMBT0001' });
    expect((await db().selectFrom('incomeItem').select('receivedAmount').where('incomeItemId', '=', r.incomeItemId).executeTakeFirstOrThrow() as any).receivedAmount).toMatch(/^36666\.66$/);
    const again = await h.call('POST', `${B}/match`, { token: t.cashier, data: { bankStatementId: line.bankStatementId, reviewId: other.reviewId } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该银行流水已匹配，不能重复匹配');
  });

  it.runIf(backend === 'postgres')('20 cashiers matching one bank line at once match it once', async () => {
    const matters = await Promise.all(Array.from({ length: 3 }, (_, i) => receipt('500.00', `并发客户${i}`)));
    const line = (await db().insertInto('bankStatement').values({ corpId: 1, orgId, bankName: '招商银行', accountNo: '121909876510201', tradeDate: '2026-11-20', direction: 1, amount: '500.00', counterparty: '并发客户0', serialNo: 'PAR0001' }).returningAll().executeTakeFirstOrThrow()) as any;
    await force(h, 'bankStatement', 'bankStatementId', line.bankStatementId, { corpId: (await db().selectFrom('organization').select('corpId').where('orgId', '=', orgId).executeTakeFirstOrThrow() as any).corpId });
    const cashiers = await Promise.all(Array.from({ length: 20 }, () => userWith(h, ['财务:资金事项:执行', '财务:银行流水'])));
    const results = await Promise.all(cashiers.map((c, i) => h.call('POST', `${B}/match`, { token: c.token, data: { bankStatementId: line.bankStatementId, reviewId: matters[i % 3]!.reviewId } })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409).map((x) => x.body.msg)).toEqual(Array(19).fill('该银行流水已匹配，不能重复匹配'));
    const executed = (await db().selectFrom('financeReview').select('reviewId').where('reviewId', 'in', matters.map((m) => m.reviewId)).where('executeStatus', '=', 10).execute());
    expect(executed).toHaveLength(1);
  }, 120_000);

  it.runIf(backend === 'postgres')('20 cashiers executing one matter at once pay it once; 20 applications on one node take it once', async () => {
    const [id] = await nodes('5000.00');
    const m = await approved([id!]);
    const cashiers = await Promise.all(Array.from({ length: 20 }, () => userWith(h, ['财务:资金事项:执行'])));
    const results = await Promise.all(cashiers.map((c) => h.call('POST', `${M}/execute`, { token: c.token, data: { reviewId: m.reviewId, amount: '5000.00', ourBankAccountId: bankAccountId } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const after = await review(m.reviewId);
    expect(after).toMatchObject({ executedAmount: '5000.00', executeStatus: 10 });
    expect(after.executions).toHaveLength(1);

    const [free] = await nodes('8000.00');
    const applicants = await Promise.all(Array.from({ length: 20 }, () => userWith(h, ['财务:资金事项:付款'])));
    const applied = await Promise.all(applicants.map((a) => h.call('POST', `${M}/batch-payment`, { token: a.token, data: { items: [{ paymentId: free, amount: '5000.00' }] } })));
    expect(applied.filter((r) => r.status === 200)).toHaveLength(1);
    expect(applied.filter((r) => r.status === 409).map((r) => r.body.msg)).toEqual(Array(19).fill(expect.stringContaining('未付金额 3,000.00 元，本次 5,000.00 元超出')));
  }, 120_000);
});
