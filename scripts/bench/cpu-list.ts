/**
 * CPU time per list request of this checkout's server and another checkout's (BENCH_AB_OTHER_DIR),
 * read from /proc: unlike throughput, it holds on a machine busy with other work. A profiling aid.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { login, startProduct } from './servers';

const url = process.env.BENCH_AB_DATABASE_URL!;
const other = process.env.BENCH_AB_OTHER_DIR!;
const N = Number(process.env.BENCH_CPU_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const listPath = process.env.BENCH_PATH ?? '/api/v1/user-base/customer/list-local-customer?pageNo=1&pageSize=20';
process.env.TRACK_DEMO_FEEDER = '0';
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const mine = await startProduct(18981, url);
process.env.BENCH_PRODUCT_DIR = other;
const theirs = await startProduct(18982, url);
delete process.env.BENCH_PRODUCT_DIR;
const servers = [{ name: 'this checkout', s: mine, token: await login(mine.url) }, { name: other, s: theirs, token: await login(theirs.url) }];
const per: Record<string, number[]> = {};
for (const x of servers) await autocannon({ url: x.s.url + listPath, connections: 10, amount: 500, headers: { 'access-token': x.token } });
for (let i = 0; i < ROUNDS; i++) {
  for (const x of servers) {
    const before = cpu(x.s.pid!);
    const r = await autocannon({ url: x.s.url + listPath, connections: 10, amount: N, headers: { 'access-token': x.token } });
    const ms = (cpu(x.s.pid!) - before) / N;
    (per[x.name] ??= []).push(ms);
    console.log(`round ${i + 1}: ${x.name}: ${ms.toFixed(3)} ms CPU per request (${r.non2xx} non-2xx)`);
  }
}
const med = (a: number[]) => [...a].sort((p, q) => p - q)[Math.floor(a.length / 2)]!;
console.log(`median: this ${med(per['this checkout']!).toFixed(3)} ms, that ${med(per[other]!).toFixed(3)} ms, this ÷ that ${(med(per['this checkout']!) / med(per[other]!)).toFixed(2)}`);
await Promise.all([mine.stop(), theirs.stop()]);
