/**
 * Finance (issue 19) on PostgreSQL, each product call against a baseline measured in the same run,
 * in alternating order (a slow moment of the shared 2-core machine falls on either alike), the
 * median of BENCH_ROUNDS (5) rounds kept:
 * - 收入成本报表 (`finance-report/income-cost`, by 损益科目: 本月 / 本年累计 / 上年同期 of income
 *   and cost) over BENCH_FIN_ITEMS (1,000,000) ledger rows, half income and half cost ÷ the same
 *   aggregates written by hand as SQL (a join to the subject table) and run raw with pg. Goal ≤ 1.2.
 * - 新建对账单 (`settle-bill/save`, a customer's month of BENCH_FIN_BILL (10,000) open income rows)
 *   ÷ the same writes done raw with pg in one transaction: the bill row, its lines by INSERT …
 *   SELECT from the rows, the rows marked with the bill and the bill's Σ. Goal ≤ 1.5.
 * - importing and matching a BENCH_FIN_LINES (5,000)-line bank statement (`bank-statement/import`,
 *   csv, mode commit: parse, de-duplicate, store, rank each line's candidates and keep the best)
 *   against BENCH_FIN_OPEN (100,000) open 收款 matters ÷ the same candidate query for every line run
 *   raw with pg. Goal ≤ 2.
 * Data is written with INSERT … SELECT generate_series into a database of its own (created and
 * dropped; BENCH_PG_ADMIN_URL; BENCH_FIN_TEMPLATE names an already seeded database to copy instead of
 * seeding anew). Port BENCH_FIN_PORT (5301).
 */
import pg from 'pg';
import { login, startProduct, type Running } from './servers';
import { track } from './guard';

const ITEMS = Number(process.env.BENCH_FIN_ITEMS ?? 1_000_000);
const BILL = Number(process.env.BENCH_FIN_BILL ?? 10_000);
const LINES = Number(process.env.BENCH_FIN_LINES ?? 5_000);
const OPEN = Number(process.env.BENCH_FIN_OPEN ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_FIN_PORT ?? 5301);
const ORG = '华运物流(上海)有限公司';
/** server/finance/matters/bank.ts CANDIDATE_LIMIT */
const CANDIDATE_LIMIT = 50;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round1 = (x: number) => +x.toFixed(1);

/** `rounds` alternating pairs (after one warm-up pair): medians of each side and of the ratios. */
async function alternate(rounds: number, product: (i: number) => Promise<number>, raw: (i: number) => Promise<number>) {
  await product(-1); await raw(-1);
  const p: number[] = [], r: number[] = [], ratio: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let a: number, b: number;
    if (i % 2) { b = await raw(i); a = await product(i); } else { a = await product(i); b = await raw(i); }
    p.push(a); r.push(b); ratio.push(a / b);
  }
  return { product: round1(median(p)), raw: round1(median(r)), ratio: +median(ratio).toFixed(2), ratios: ratio.map((x) => +x.toFixed(2)) };
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

async function call(url: string, token: string, init: RequestInit = {}): Promise<any> {
  const r = await fetch(url, { ...init, headers: { 'access-token': token, ...(init.headers ?? {}) } });
  const text = await r.text();
  const body = JSON.parse(text) as { code: number; msg: string; data: any };
  if (r.status !== 200 || body.code !== 0) throw new Error(`${url} answered ${r.status}: ${body.msg}`);
  return body.data;
}

const chinaDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- income-cost report

async function fillLedger(db: pg.Client, orgId: number, corpId: number, n: number): Promise<void> {
  const half = Math.ceil(n / 2);
  const args = [corpId, orgId];
  const pick = `cross join (select array_agg(config_id) ids from finance_fee_subject_config where org_id = $2 and not coalesce(is_profit_loss, false)) s
      cross join (select array_agg(project_id) ids from project where org_id = $2) p
      cross join (select array_agg(customer_id) ids from customer where org_id = $2) c`;
  // two years back from today, a tenth of them void
  await db.query(`insert into income_item (corp_id, org_id, project_id, customer_id, fee_subject_config_id, summary, amount, tax_rate, tax_amount, amount_excl_tax, occurred_date, source, item_status)
    select $1, $2, p.ids[1 + g % array_length(p.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)], s.ids[1 + g % array_length(s.ids, 1)], '基准收入' || g,
           109 + g % 5450, 9, 9 + g % 450, 100 + g % 5000, current_date - (g % 730), 4, case when g % 10 = 0 then 0 else 10 end
      from generate_series(1, ${half}) g ${pick}`, args);
  await db.query(`insert into cost_item (corp_id, org_id, project_id, customer_id, cost_type, fee_subject_config_id, payee_kind, summary, amount, tax_rate, tax_amount, amount_excl_tax, occurred_date, source, item_status)
    select $1, $2, p.ids[1 + g % array_length(p.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)], 6, s.ids[1 + (g * 7) % array_length(s.ids, 1)], 1, '基准成本' || g,
           106 + g % 4240, 6, 6 + g % 240, 100 + g % 4000, current_date - (g % 730), 4, case when g % 10 = 0 then 0 else 10 end
      from generate_series(1, ${n - half}) g ${pick}`, args);
  await db.query('analyze income_item');
  await db.query('analyze cost_item');
}

/** The report as a person would write it: each ledger joined to its subject, windows as FILTERs. */
function incomeCostSql(orgId: number, asOf: string): string[] {
  const y = asOf.slice(0, 4);
  const last = String(Number(y) - 1);
  const day = asOf.slice(5) === '02-29' ? '02-28' : asOf.slice(5);
  const one = (table: string) => `
    select s.parent_config_id pl,
           coalesce(sum(i.amount_excl_tax) filter (where i.item_status = 10 and i.occurred_date between '${y}-${asOf.slice(5, 7)}-01' and '${asOf}'), 0) as month_amount,
           coalesce(sum(i.amount_excl_tax) filter (where i.item_status = 10 and i.occurred_date between '${y}-01-01' and '${asOf}'), 0) as ytd,
           coalesce(sum(i.amount_excl_tax) filter (where i.item_status = 10 and i.occurred_date between '${last}-01-01' and '${last}-${day}'), 0) as last_ytd
      from ${table} i left join finance_fee_subject_config s on s.config_id = i.fee_subject_config_id
     where i.org_id = ${orgId}
     group by 1 order by 1`;
  return [one('income_item'), one('cost_item')];
}

// ---------------------------------------------------------------- settle bill

/** BILL open income rows of the customer in each of `months` months of 2015 (one bill each). */
async function fillBills(db: pg.Client, orgId: number, corpId: number, customerId: number, projectId: number, months: number): Promise<void> {
  await db.query(`insert into income_item (corp_id, org_id, project_id, customer_id, summary, amount, tax_rate, tax_amount, amount_excl_tax, occurred_date, source, item_status, item_settle_status)
    select $1, $2, $4, $3, '对账基准' || g, 109 + g % 5450, 9, 9 + g % 450, 100 + g % 5000,
           date '2015-01-01' + ((g / ${BILL}) || ' months')::interval + (g % 28) * interval '1 day', 4, 10, 0
      from generate_series(0, ${BILL * months - 1}) g`, [corpId, orgId, customerId, projectId]);
  await db.query('analyze income_item');
}

const monthRange = (i: number): [string, string] => {
  const d = new Date(Date.UTC(2015, i, 1));
  const end = new Date(Date.UTC(2015, i + 1, 0));
  return [d.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
};

async function rawBill(db: pg.Client, orgId: number, corpId: number, customerId: number, staffId: number, [start, end]: [string, string], no: string): Promise<number> {
  await db.query('begin');
  const bill = Number((await db.query(`insert into settle_bill (corp_id, org_id, bill_no, bill_type, customer_id, period_start, period_end, settle_status, owner_staff_id, adjust_amount, created_by, updated_by)
    values ($1, $2, $3, 1, $4, $5, $6, 0, $7, 0, $7, $7) returning settle_bill_id`, [corpId, orgId, no, customerId, start, end, staffId])).rows[0].settle_bill_id);
  const picked = `org_id = $1 and customer_id = $2 and item_status = 10 and item_settle_status = 0 and settle_bill_id is null and occurred_date between $3 and $4`;
  const n = (await db.query(`insert into settle_bill_item (corp_id, org_id, settle_bill_id, item_kind, item_id, project_id, schedule_id, summary, occurred_date, amount, adjust_amount, created_by, updated_by)
    select corp_id, org_id, ${bill}, 1, income_item_id, project_id, schedule_id, summary, occurred_date, amount, 0, ${staffId}, ${staffId}
      from income_item where ${picked}`, [orgId, customerId, start, end])).rowCount;
  await db.query(`update income_item set settle_bill_id = ${bill}, updated_at = now() where ${picked}`, [orgId, customerId, start, end]);
  await db.query(`update settle_bill set item_count = x.n, item_amount = x.s, final_amount = x.s from (select count(*) n, coalesce(sum(amount), 0) s from settle_bill_item where settle_bill_id = $1) x
    where settle_bill_id = $1`, [bill]);
  await db.query('commit');
  return n ?? 0;
}

// ---------------------------------------------------------------- bank statement matching

const NAMES = ['上海电气集团股份有限公司', '宝山钢铁股份有限公司', '上汽大众汽车有限公司', '华域汽车系统股份有限公司', '振华重工(集团)股份有限公司',
  '上海隧道工程股份有限公司', '江南造船(集团)有限责任公司', '中远海运物流有限公司', '安吉汽车物流股份有限公司', '上海建工集团股份有限公司'];

async function fillOpen(db: pg.Client, orgId: number, corpId: number, staffId: number, n: number): Promise<void> {
  await db.query(`insert into finance_review (corp_id, org_id, review_no, matter_type, title, applicant_staff_id, counterparty_name, payer_name, total_amount, executed_amount, unexecuted_amount,
                     audit_state, execute_status, cancel_state, submitted_at, received_at)
    select $1, $2, 'BZJ' || g, 2, '收款-基准' || g, $3, n.name, n.name, a.amt, 0, a.amt, 15, 0, 0, now() - (g % 60) * interval '1 day', current_date - (g % 60)
      from generate_series(1, ${n}) g
      cross join lateral (select (100000 + (g * 7919) % 9000000) / 100.0 amt) a
      cross join lateral (select (array[${NAMES.map((x) => `'${x}'`).join(', ')}])[1 + g % ${NAMES.length}] || (g % 97) as name) n`, [corpId, orgId, staffId]);
  await db.query('analyze finance_review');
}

/** A statement of `lines` money-in lines, each the amount and payer of one open matter (serials `tag`-n). */
async function statementCsv(db: pg.Client, orgId: number, lines: number, tag: string): Promise<{ csv: string; amounts: { amount: string; name: string }[] }> {
  const rows = (await db.query(`select unexecuted_amount::text amount, payer_name name, received_at::text as day from finance_review where org_id = $1 and review_no like 'BZJ%' order by review_id limit $2`, [orgId, lines])).rows as { amount: string; name: string; day: string }[];
  const out = ['交易日期,流水号,对方户名,借方发生额,贷方发生额,摘要'];
  rows.forEach((r, i) => out.push(`${r.day},${tag}-${i},${r.name},,${r.amount},货款`));
  return { csv: out.join('\n'), amounts: rows };
}

function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = '----finbench' + Date.now().toString(16);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
  return { body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The candidate query of one money-in line as the product sends it (server/finance/matters/bank.ts
 * candidatesFor): the open 收款 matters of at least the line's amount, nearest amount first, and
 * those of the payer's name.
 */
const CANDIDATES = (limit: number) => `
  (select review_id, review_no, matter_type, counterparty_name, payee_name, payer_name, unexecuted_amount, expected_pay_date, received_at, submitted_at
     from finance_review where org_id = $1 and matter_type in (2) and audit_state = 15 and cancel_state = 0 and execute_status in (0, 5) and unexecuted_amount >= $2
     order by unexecuted_amount, review_id limit ${limit})
  union
  (select review_id, review_no, matter_type, counterparty_name, payee_name, payer_name, unexecuted_amount, expected_pay_date, received_at, submitted_at
     from finance_review where org_id = $1 and counterparty_name = $3 and matter_type in (2) and audit_state = 15 and cancel_state = 0 and execute_status in (0, 5) and unexecuted_amount >= $2
     order by review_id limit ${limit})`;

// ---------------------------------------------------------------- run

export async function runFinanceBench(): Promise<Record<string, unknown>[]> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_finance_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  // BENCH_FIN_TEMPLATE: a database the product has already seeded (copied, so seeding is not waited for again).
  const template = process.env.BENCH_FIN_TEMPLATE;
  await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  const rows: Record<string, unknown>[] = [];
  let server: Running | undefined;
  const db = new pg.Client({ connectionString: url });
  try {
    server = await startProduct(PORT, url);
    await db.connect();
    const token = await login(server.url, 'finance', 'Finance@123');
    const cashier = await login(server.url, 'cashier', 'Cashier@123');
    const me = (await call(`${server.url}/api/v1/auth/me`, token)) as { orgId: number; staffId: number };
    const org = (await db.query('select org_id, corp_id from organization where name = $1', [ORG])).rows[0] as { org_id: number; corp_id: number };
    if (Number(me.orgId) !== Number(org.org_id)) throw new Error(`finance is not in ${ORG}`);
    const [orgId, corpId, staffId] = [Number(org.org_id), Number(org.corp_id), Number(me.staffId)];
    const only = process.env.BENCH_FIN_CASES?.split(',');
    const want = (k: string) => !only || only.includes(k);

    // --- (a) the income-cost report
    if (want('report')) {
      await fillLedger(db, orgId, corpId, ITEMS);
      const items = Number((await db.query('select (select count(*) from income_item where org_id = $1) + (select count(*) from cost_item where org_id = $1) n', [orgId])).rows[0].n);
      const asOf = chinaDay();
      const path = `${server.url}/api/v1/finance-base/finance-report/income-cost?dims=plSubject&asOf=${asOf}`;
      const statements = incomeCostSql(orgId, asOf);
      // Both answer the same figures (checked once, not timed).
      const report = await call(path, token);
      const raw = await Promise.all(statements.map((s) => db.query(s)));
      const sum = (rs: any[], k: string) => rs.reduce((a, r) => a + Math.round(Number(r[k]) * 100), 0);
      if (sum(report.rows, 'incomeYtd') !== sum(raw[0]!.rows, 'ytd') || sum(report.rows, 'costLastYtd') !== sum(raw[1]!.rows, 'last_ytd')) throw new Error('income-cost report and the raw SQL disagree');
      const three = async (f: () => Promise<unknown>) => { const xs: number[] = []; for (let i = 0; i < 3; i++) xs.push(await timed(f)); return median(xs); };
      const r = await alternate(ROUNDS, () => three(() => call(path, token)), () => three(async () => { for (const s of statements) await db.query(s); }));
      rows.push({ case: `收入成本报表 over ${items.toLocaleString()} items ÷ the same aggregates as SQL run raw`, productMs: r.product, rawMs: r.raw, ratio: r.ratio, rounds: r.ratios.join(' '), goal: '<= 1.2' });
      track('finance.income-cost.of-raw', {
        label: `收入成本报表 (income-cost by 损益科目: month, year to date, last year) over ${items.toLocaleString('en-US')} income and cost items (PostgreSQL; \`BENCH_ONLY=finance\`) ÷ the same aggregates as hand-written SQL run raw`,
        value: r.ratio, better: 'lower', goal: '≤ 1.2', detail: `${r.product} ÷ ${r.raw} ms (median of ${ROUNDS} alternating rounds)`,
      });
      console.log(rows.at(-1));
    }

    // --- (b) a settle bill of BILL items
    if (want('bill')) {
      const customerId = Number((await db.query('select customer_id from customer where org_id = $1 order by customer_id limit 1', [orgId])).rows[0].customer_id);
      const projectId = Number((await db.query('select project_id from project where org_id = $1 order by project_id limit 1', [orgId])).rows[0].project_id);
      // months 0..ROUNDS for the product (warm-up first), the next ones for the raw writes
      const months = 2 * (ROUNDS + 1);
      await fillBills(db, orgId, corpId, customerId, projectId, months);
      let made = 0;
      const viaProduct = async (i: number) => {
        const [periodStart, periodEnd] = monthRange(i + 1);
        return timed(async () => {
          const bill = await call(`${server!.url}/api/v1/finance-base/settle-bill/save`, token, {
            method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ data: { billType: 1, customerId, periodStart, periodEnd } }),
          });
          if (Number(bill.itemCount) !== BILL) throw new Error(`bill of ${bill.itemCount} items, not ${BILL}`);
          made++;
        });
      };
      const viaRaw = async (i: number) => timed(async () => {
        const n = await rawBill(db, orgId, corpId, customerId, staffId, monthRange(ROUNDS + 2 + i), `RAW-${i + 1}`);
        if (n !== BILL) throw new Error(`raw bill of ${n} items, not ${BILL}`);
      });
      const r = await alternate(ROUNDS, viaProduct, viaRaw);
      rows.push({ case: `新建对账单 of ${BILL.toLocaleString()} items ÷ the same rows written raw (${made} bills)`, productMs: r.product, rawMs: r.raw, ratio: r.ratio, rounds: r.ratios.join(' '), goal: '<= 1.5' });
      track('finance.settle-bill.of-raw-inserts', {
        label: `a settle bill (对账单) of ${BILL.toLocaleString('en-US')} items through \`settle-bill/save\` ÷ the same bill, lines and item marks written raw with pg in one transaction`,
        value: r.ratio, better: 'lower', goal: '≤ 1.5', detail: `${r.product} ÷ ${r.raw} ms (median of ${ROUNDS} alternating rounds)`,
      });
      console.log(rows.at(-1));
    }

    // --- (c) a LINES-line statement matched against OPEN open matters
    if (want('match')) {
      await fillOpen(db, orgId, corpId, staffId, OPEN);
      const account = (await db.query('select bank_name, account_no from bank_account where org_id = $1 and not coalesce(disabled, false) order by bank_account_id limit 1', [orgId])).rows[0] as { bank_name: string; account_no: string };
      const bank = `${account.bank_name}|${account.account_no}`;
      const open = Number((await db.query(`select count(*) n from finance_review where org_id = $1 and matter_type = 2 and audit_state = 15 and cancel_state = 0 and execute_status in (0, 5)`, [orgId])).rows[0].n);
      let tag = 0;
      const viaProduct = async () => {
        // each round a statement not imported before; the last round's lines removed (not timed)
        await db.query(`delete from bank_statement where org_id = $1 and serial_no like 'BENCH%'`, [orgId]);
        const { csv } = await statementCsv(db, orgId, LINES, `BENCH${++tag}`);
        const m = multipart('流水.csv', Buffer.from(csv));
        return timed(async () => {
          const out = await call(`${server!.url}/api/v1/finance-base/bank-statement/import?bankName=${encodeURIComponent(bank)}&mode=commit`, cashier, { method: 'POST', headers: { 'content-type': m.type }, body: new Uint8Array(m.body) });
          if (out.imported !== LINES) throw new Error(`imported ${out.imported} of ${LINES}: ${JSON.stringify(out.errors?.slice(0, 3))}`);
        });
      };
      const { amounts } = await statementCsv(db, orgId, LINES, 'X');
      const viaRaw = async () => timed(async () => {
        for (const a of amounts) await db.query({ name: 'fin-candidates', text: CANDIDATES(CANDIDATE_LIMIT), values: [orgId, a.amount, a.name] });
      });
      const r = await alternate(ROUNDS, viaProduct, viaRaw);
      const suggested = Number((await db.query(`select count(*) filter (where s.suggested_review_id = f.review_id) n from bank_statement s join finance_review f on f.review_id = s.suggested_review_id where s.org_id = $1 and s.serial_no like 'BENCH%'`, [orgId])).rows[0].n);
      rows.push({ case: `import + match ${LINES.toLocaleString()} lines against ${open.toLocaleString()} open matters ÷ the candidate query per line raw (${suggested} lines suggested)`, productMs: r.product, rawMs: r.raw, ratio: r.ratio, rounds: r.ratios.join(' '), goal: '<= 2' });
      track('finance.bank-match.of-raw-candidates', {
        label: `importing and matching a ${LINES.toLocaleString('en-US')}-line bank statement against ${open.toLocaleString('en-US')} open matters ÷ the same candidate query per line run raw with pg`,
        value: r.ratio, better: 'lower', goal: '≤ 2', detail: `${r.product} ÷ ${r.raw} ms (median of ${ROUNDS} alternating rounds)`,
      });
      console.log(rows.at(-1));
    }
  } finally {
    await server?.stop();
    await db.end().catch(() => undefined);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await runFinanceBench());
