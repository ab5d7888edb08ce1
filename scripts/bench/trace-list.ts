/**
 * Prints every SQL statement one request sends (and its time), on the database DATABASE_URL names
 * (or a fresh PGlite). Usage: tsx scripts/bench/trace-list.ts [path] — a profiling aid, not a bench.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { connectDatabase, camelCase, createPgPool } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';
import { loadEntities } from '../../server/schema/load';
import { seedIfEmpty } from '../../server/seed/seed';
import { buildApp } from '../../server/app';

const path = process.argv[2] ?? '/api/v1/user-base/customer/list-local-customer?pageNo=1&pageSize=20';
const database = await connectDatabase();
const entities = loadEntities();
await prepareDatabase(database.db, entities);
await seedIfEmpty(database.db);
let logging = false;
const statements: string[] = [];
const db = process.env.DATABASE_URL
  ? new Kysely<any>({
    dialect: new PostgresDialect({ pool: createPgPool(process.env.DATABASE_URL) }), plugins: [camelCase()],
    log: (e) => { if (logging) statements.push(`${e.queryDurationMillis.toFixed(2)} ms  ${e.query.sql}  ${JSON.stringify(e.query.parameters)}`); },
  })
  : database.db;
const app = await buildApp({ db, database, logger: false, realtime: false });
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { data: { username: 'admin', password: 'Admin@123' } } });
const token = login.json().data.token as string;
await app.inject({ method: 'GET', url: path, headers: { 'access-token': token } });
for (const round of [1, 2]) {
  logging = true;
  statements.length = 0;
  const r = await app.inject({ method: 'GET', url: path, headers: { 'access-token': token } });
  logging = false;
  console.log(`\n# request ${round}: ${r.statusCode}, ${r.body.length} bytes, ${statements.length} statements`);
  for (const s of statements) console.log(s);
}
await app.close();
await db.destroy();
await database.close();
