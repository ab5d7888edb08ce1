import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { namePreparedStatements } from './prepared';

export type Db = Kysely<any>;

/** Runs fn in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** the pg pool (PostgreSQL only), for metrics */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const DATE_OID = 1082;

// Keep `date` as the 'YYYY-MM-DD' text: turning it into a JS Date shifts it by the time zone.
const identity = (v: string) => v;

/** The camelCase <-> snake_case mapping; jsonb contents (custom fields, permissions) are left alone. */
export function camelCase(): CamelCasePlugin {
  return new CamelCasePlugin({ maintainNestedObjectKeys: true });
}

export function wrapPglite(pglite: PGlite): Database {
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite), plugins: [camelCase()] });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy().catch(() => undefined);
      if (!pglite.closed) await pglite.close();
    },
  };
}


export function createPgPool(connectionString: string, extra: Partial<pg.PoolConfig> = {}): pg.Pool {
  const types = { getTypeParser: (oid: number, format?: any) => (oid === DATE_OID ? identity : pg.types.getTypeParser(oid, format)) };
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DB_POOL_MAX ?? 10), types: types as any, ...extra });
  // DB_PREPARED=0 sends statements unnamed (for comparing; see prepared.ts).
  if (process.env.DB_PREPARED !== '0') pool.on('connect', namePreparedStatements);
  return pool;
}

export function wrapPgPool(pool: pg.Pool): Database {
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase()] });
  return {
    db,
    kind: 'pg',
    pool,
    async close() {
      // Kysely's destroy ends the pool it was given.
      await db.destroy();
    },
  };
}

export const pgliteParsers = { [DATE_OID]: identity };

/** The embedded database's folder. */
export const pgliteDir = (env: NodeJS.ProcessEnv = process.env) => path.resolve(env.DATA_DIR ?? './data', 'pglite');

/** PGlite under DATA_DIR by default; real PostgreSQL when DATABASE_URL is set. */
export async function connectDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.DATABASE_URL) return wrapPgPool(createPgPool(env.DATABASE_URL));
  const dir = pgliteDir(env);
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { parsers: pgliteParsers });
  return wrapPglite(pglite);
}
