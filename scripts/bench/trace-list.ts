/**
 * Prints every SQL statement one request sends (and its time), on the database DATABASE_URL names
 * (or a fresh PGlite). Usage: tsx scripts/bench/trace-list.ts [path] — a profiling aid, not a bench.
 */
import { buildApp } from '../../server/app';
import { tracedDatabase } from './traced';

const path = process.argv[2] ?? '/api/v1/user-base/customer/list-local-customer?pageNo=1&pageSize=20';
const { database, db, statements, trace, close } = await tracedDatabase();
const app = await buildApp({ db, database, logger: false, realtime: false });
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { data: { username: 'admin', password: 'Admin@123' } } });
const token = login.json().data.token as string;
await app.inject({ method: 'GET', url: path, headers: { 'access-token': token } });
for (const round of [1, 2]) {
  trace(true);
  const r = await app.inject({ method: 'GET', url: path, headers: { 'access-token': token } });
  trace(false);
  console.log(`\n# request ${round}: ${r.statusCode}, ${r.body.length} bytes, ${statements.length} statements`);
  for (const s of statements) console.log(s);
}
await app.close();
await close();
