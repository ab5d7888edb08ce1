/**
 * 银行流水列映射 saved per bank (issue 19): a bank whose export the import does not recognise is
 * mapped on 财务配置 (which column is the date, the money in and out, the counterparty, the
 * summary, which row holds the titles); the next import of that bank reads its file through the
 * mapping; a mapping naming a column the file lacks is refused once, naming the column; a mapping
 * recognised from the header row is saved with its columns shown on the same screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login, today } from './project-helpers';

const S = '/api/v1/finance-base/bank-statement';
const MAP = '/api/v1/finance-base/bank-statement-mapping';
type Row = Record<string, any>;

function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = '----mapping' + Date.now().toString(16);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
  return { body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(await backends())('银行流水列映射 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let orgId: number;
  let corpId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  const importCsv = async (bank: string, csv: string, mode: 'check' | 'commit', mapping?: unknown) => {
    const m = multipart('流水.csv', Buffer.from(csv));
    const chosen = mapping === undefined ? '' : `&mapping=${encodeURIComponent(JSON.stringify(mapping))}`;
    const res = await h.app.inject({ method: 'POST', url: `${S}/import?bankName=${encodeURIComponent(bank)}&mode=${mode}${chosen}`, headers: { 'access-token': t.cashier, 'content-type': m.type }, payload: m.body });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  /** one of our accounts at this bank (the arrangement) */
  const account = async (bankName: string, accountNo: string) => {
    await db().insertInto('bankAccount').values({ orgId, corpId, accountName: '华运物流(上海)有限公司', bankName, accountNo, accountType: 2 }).execute();
    return `${bankName}|${accountNo}`;
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'cashier', 'pm']) t[u] = await login(h, u);
    ({ orgId, corpId } = (await db().selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number; corpId: number });
  }, 120_000);
  afterAll(async () => h?.close());

  it('an export the import does not recognise is mapped once on 财务配置 and read through the mapping after', async () => {
    const bank = await account('上海农村商业银行', '50131000123456789');
    // two lines about the account, then the titles this bank uses
    const csv = [
      '账户名称,华运物流(上海)有限公司', '查询区间,本月',
      '记账日,入账金额,出账金额,对手户名,附注信息,交易序号',
      `${today()},"12,000.50",,上海电气集团股份有限公司,运费,SRCB0001`,
      `${today()},,800.00,顺达货运有限公司,预付运费,SRCB0002`,
    ].join('\n');
    // not recognised: the import asks which column is which, from the file's own title row
    const unknown = ok(await importCsv(bank, csv, 'check'));
    expect(unknown).toMatchObject({ total: 0, valid: 0, imported: 0, mapping: { headerRow: 3, headers: ['记账日', '入账金额', '出账金额', '对手户名', '附注信息', '交易序号'] } });

    // the money columns are needed; the pm (no 财务配置) may not save one
    const mapping = { bankName: '上海农村商业银行', headerRow: 3, colTradeDate: '记账日', colIncome: '入账金额', colExpense: '出账金额', colCounterparty: '对手户名', colSummary: '附注信息', colSerialNo: '交易序号' };
    const noMoney = await h.call('POST', `${MAP}/save`, { token: t.finance, data: { ...mapping, colIncome: '', colExpense: '' } });
    expect(noMoney.status).toBe(400);
    expect(noMoney.body.msg).toBe('请填写交易金额列，或收入(贷方)、支出(借方)金额列');
    expect((await h.call('POST', `${MAP}/save`, { token: t.pm, data: mapping })).status).toBe(403);
    const saved = ok(await h.call('POST', `${MAP}/save`, { token: t.finance, data: mapping }));
    expect(saved.columns).toEqual({ tradeDate: '记账日', income: '入账金额', expense: '出账金额', counterparty: '对手户名', summary: '附注信息', serialNo: '交易序号' });
    expect((await h.call('POST', `${MAP}/save`, { token: t.finance, data: mapping })).body.msg).toContain('该银行的列映射已存在');

    const check = ok((await importCsv(bank, csv, 'check')) as any);
    expect(check).toMatchObject({ total: 2, valid: 2, failed: 0, imported: 0 });
    expect(ok((await importCsv(bank, csv, 'commit')) as any)).toMatchObject({ imported: 2 });
    const lines = (await db().selectFrom('bankStatement').selectAll().where('serialNo', 'in', ['SRCB0001', 'SRCB0002']).orderBy('serialNo').execute()) as Row[];
    expect(lines.map((l) => [l.direction, String(l.amount), l.counterparty, l.summary])).toEqual([
      [1, '12000.50', '上海电气集团股份有限公司', '运费'],
      [2, '800.00', '顺达货运有限公司', '预付运费'],
    ]);

    // the bank renames a column: the mapping names it, and is changed on the same screen
    const renamed = csv.replace('对手户名', '对方名称').replace('SRCB0001', 'SRCB0003').replace('SRCB0002', 'SRCB0004');
    const missing = await importCsv(bank, renamed, 'check');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('文件第3行（表头）中没有列映射的列：对方户名「对手户名」，请在 财务配置 → 银行流水列映射 中修改上海农村商业银行的列映射');
    const changed = ok(await h.call('PUT', `${MAP}/${saved.mappingId}`, { token: t.finance, data: { ...mapping, colCounterparty: '对方名称', version: saved.version } }));
    expect(changed.columns.counterparty).toBe('对方名称');
    expect(ok((await importCsv(bank, renamed, 'commit')) as any)).toMatchObject({ imported: 2 });
  });

  it('a bank without a mapping is mapped in the import dialog from the file\'s own titles, and the mapping is kept for the bank', async () => {
    const bank = await account('上海银行', '31659603001234567');
    const csv = [
      '客户名称：华运物流(上海)有限公司',
      '入账日期,收付,发生金额,对手名称,用途,柜员流水',
      `${today()},贷,"3,300.00",上海电气集团股份有限公司,运费,BOS0001`,
      `${today()},借,120.00,中国石化销售股份有限公司上海石油分公司,油费,BOS0002`,
    ].join('\n');
    const asked = ok(await importCsv(bank, csv, 'check'));
    expect(asked.mapping.headerRow).toBe(2);
    expect(asked.mapping.headers).toEqual(['入账日期', '收付', '发生金额', '对手名称', '用途', '柜员流水']);
    expect(asked.mapping.fields.map((f: Row) => f.title)).toEqual(['交易日期', '交易金额', '收入金额', '支出金额', '借贷标志', '对方户名', '摘要', '流水号', '本方账号']);
    expect(asked.mapping.fields.find((f: Row) => f.name === 'tradeDate').required).toBe(true);

    // what the person chose is checked against the file: a date and money, columns of the title row
    const columns = { tradeDate: '入账日期', amount: '发生金额', direction: '收付', counterparty: '对手名称', summary: '用途', serialNo: '柜员流水' };
    const noMoney = await importCsv(bank, csv, 'check', { headerRow: 2, columns: { ...columns, amount: '' } });
    expect(noMoney.status).toBe(400);
    expect(noMoney.body.msg).toBe('请选择交易金额列，或收入(贷方)、支出(借方)金额列');
    const noDate = await importCsv(bank, csv, 'check', { headerRow: 2, columns: { ...columns, tradeDate: undefined } });
    expect(noDate.body.msg).toBe('请选择交易日期列');
    const notThere = await importCsv(bank, csv, 'check', { headerRow: 2, columns: { ...columns, summary: '附言' } });
    expect(notThere.body.msg).toBe('文件第2行（表头）中没有「附言」列');
    expect((await importCsv(bank, csv, 'check', 'x')).body.msg).toBe('列映射格式不正确');

    // checked: nothing written, the mapping not yet kept
    expect(ok(await importCsv(bank, csv, 'check', { headerRow: 2, columns }))).toMatchObject({ total: 2, valid: 2, failed: 0, imported: 0 });
    expect((await db().selectFrom('bankStatementMapping').select('mappingId').where('bankName', '=', '上海银行').execute())).toHaveLength(0);
    // committed: the lines read through the mapping, and the mapping kept for the bank
    expect(ok(await importCsv(bank, csv, 'commit', { headerRow: 2, columns }))).toMatchObject({ imported: 2 });
    const lines = (await db().selectFrom('bankStatement').selectAll().where('serialNo', 'in', ['BOS0001', 'BOS0002']).orderBy('serialNo').execute()) as Row[];
    expect(lines.map((l) => [l.direction, String(l.amount), l.counterparty, l.summary])).toEqual([
      [1, '3300.00', '上海电气集团股份有限公司', '运费'],
      [2, '120.00', '中国石化销售股份有限公司上海石油分公司', '油费'],
    ]);
    const page = ok(await h.call('GET', `${MAP}/page?keyword=${encodeURIComponent('上海银行')}`, { token: t.finance }));
    expect(page.list[0]).toMatchObject({ bankName: '上海银行', headerRow: 2, colTradeDate: '入账日期', colAmount: '发生金额', colDirection: '收付', colCounterparty: '对手名称', colSummary: '用途', colSerialNo: '柜员流水' });
    // the next statement of that bank is read without asking
    const next = csv.replace('BOS0001', 'BOS0003').replace('BOS0002', 'BOS0004');
    const again = ok(await importCsv(bank, next, 'check'));
    expect(again.mapping).toBeUndefined();
    expect(again).toMatchObject({ total: 2, valid: 2 });
  });

  it('a mapping recognised from the titles is saved with its columns, listed on 财务配置', async () => {
    const bank = await account('宁波银行', '70010122000345678');
    const csv = ['交易日期,流水号,对方户名,借方发生额,贷方发生额,摘要', `${today()},NBCB0001,上海电气集团股份有限公司,,500.00,运费`].join('\n');
    expect(ok((await importCsv(bank, csv, 'commit')) as any)).toMatchObject({ imported: 1 });
    const page = ok(await h.call('GET', `${MAP}/page?keyword=${encodeURIComponent('宁波银行')}`, { token: t.finance }));
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ bankName: '宁波银行', headerRow: 1, colTradeDate: '交易日期', colIncome: '贷方发生额', colExpense: '借方发生额', colCounterparty: '对方户名', colSerialNo: '流水号' });
  });
});
