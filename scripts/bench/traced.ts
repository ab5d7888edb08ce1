/**
 * The set-up the trace aids share (trace-list.ts, trace-delivery.ts): the database DATABASE_URL
 * names (or a fresh PGlite), prepared and seeded, and a Kysely on it that records every
 * statement with its time while `trace(true)` — on PostgreSQL only (PGlite answers in-process:
 * the product's own database is used as is, unlogged).
 */
import { Kysely, PostgresDialect } from 'kysely';
import { connectDatabase, camelCase, createPgPool, type Database, type Db } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';
import { loadEntities } from '../../server/schema/load';
import { seedIfEmpty } from '../../server/seed/seed';

export interface TracedDatabase {
  /** the product's database (set-up writes go here, unlogged) */
  database: Database;
  /** what the app under trace is given */
  db: Db;
  /** statements recorded while tracing: `ms  sql  parameters`, each cut to `cut` characters */
  statements: string[];
  trace(on: boolean): void;
  close(): Promise<void>;
}

export async function tracedDatabase(opts: { cut?: number } = {}): Promise<TracedDatabase> {
  const database = await connectDatabase();
  await prepareDatabase(database.db, loadEntities());
  await seedIfEmpty(database.db);
  let logging = false;
  const statements: string[] = [];
  const cut = (s: string) => (opts.cut ? s.slice(0, opts.cut) : s);
  const db = process.env.DATABASE_URL
    ? new Kysely<any>({
      dialect: new PostgresDialect({ pool: createPgPool(process.env.DATABASE_URL) }), plugins: [camelCase()],
      log: (e) => { if (logging) statements.push(`${e.queryDurationMillis.toFixed(2)} ms  ${cut(e.query.sql)}  ${cut(JSON.stringify(e.query.parameters))}`); },
    })
    : database.db;
  return {
    database, db, statements,
    trace(on) {
      logging = on;
      if (on) statements.length = 0;
    },
    async close() {
      if (db !== database.db) await db.destroy();
      await database.close();
    },
  };
}
