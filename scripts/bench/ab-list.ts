/**
 * Interleaved A/B of the list call on one seeded PostgreSQL database (BENCH_AB_DATABASE_URL):
 * this checkout's server, another checkout's (BENCH_AB_OTHER_DIR, e.g. /work/main) and bare
 * Fastify + pg serving the same page, all up at once and measured in turns (ROUNDS × SECONDS
 * each), so a busy shared machine's drift hits all three alike. A profiling aid beside `npm run bench`.
 */
import autocannon from 'autocannon';
import { login, startProduct, startRawPg } from './servers';

const url = process.env.BENCH_AB_DATABASE_URL!;
const other = process.env.BENCH_AB_OTHER_DIR!;
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 5);
const listPath = '/api/v1/user-base/customer/list-local-customer?pageNo=1&pageSize=20';

process.env.TRACK_DEMO_FEEDER = '0';
const mine = await startProduct(18971, url);
process.env.BENCH_PRODUCT_DIR = other;
const theirs = await startProduct(18972, url);
delete process.env.BENCH_PRODUCT_DIR;
const tokenMine = await login(mine.url);
const tokenTheirs = await login(theirs.url);
const me = (await (await fetch(`${mine.url}/api/v1/auth/me`, { headers: { 'access-token': tokenMine } })).json()) as { data: { orgId: number } };
const raw = await startRawPg(18973, url, me.data.orgId);
const run = async (u: string, headers: Record<string, string> = {}, duration = SECONDS) => (await autocannon({ url: u, connections: 10, duration, headers })).requests.average;
const sums = { mine: 0, theirs: 0, raw: 0 };
await run(mine.url + listPath, { 'access-token': tokenMine }, 2);
await run(theirs.url + listPath, { 'access-token': tokenTheirs }, 2);
await run(`${raw.url}/page`, {}, 2);
for (let i = 0; i < ROUNDS; i++) {
  const a = await run(mine.url + listPath, { 'access-token': tokenMine });
  const b = await run(theirs.url + listPath, { 'access-token': tokenTheirs });
  const c = await run(`${raw.url}/page`);
  sums.mine += a; sums.theirs += b; sums.raw += c;
  console.log(`round ${i + 1}: this checkout ${a.toFixed(0)} req/s, ${other} ${b.toFixed(0)} req/s, raw page ${c.toFixed(0)} req/s`);
}
console.log(`this checkout ÷ raw page: ${(sums.mine / sums.raw).toFixed(3)}; ${other} ÷ raw page: ${(sums.theirs / sums.raw).toFixed(3)}; this ÷ that: ${(sums.mine / sums.theirs).toFixed(2)}`);
await Promise.all([mine.stop(), theirs.stop(), raw.stop()]);
