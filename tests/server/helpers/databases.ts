/**
 * Fresh, seeded databases for integration tests. PGlite: initdb + sync + seed run once into a
 * dump cached in the temp folder (keyed by everything that shapes it); each test file then
 * clones it with loadDataDir (~0.7 s instead of ~4 s). PostgreSQL likewise: a template database
 * seeded once per definition, copied per test file (see postgresTemplate).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPgPool, pgliteParsers, wrapPgPool, wrapPglite, type Database } from '../../../server/db/connect';
import { prepareDatabase } from '../../../server/db/prepare';
import { seedIfEmpty } from '../../../server/seed/seed';
import { loadEntities } from '../../../server/schema/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const TEST_ADMIN_PASSWORD = 'Admin@123';

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(`${dir}/${d.name}`) : [`${dir}/${d.name}`]).sort();
}

function templateKey(): string {
  const h = createHash('sha1');
  // Demo data goes through the write pipeline and hooks: any server source can shape it.
  const files = [
    'schemas/generated/entities.json', 'schemas/permissions.json',
    ...walk('server').filter((f) => f.endsWith('.ts') || f.endsWith('.sql')),
  ];
  for (const f of files) h.update(f).update(readFileSync(path.join(root, f)));
  return h.digest('hex').slice(0, 16);
}

async function seedInto(database: Database): Promise<void> {
  await prepareDatabase(database.db, loadEntities());
  await seedIfEmpty(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
}

export async function templateDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `logistics-pglite-template-${templateKey()}.tar.gz`);
  if (!existsSync(file)) {
    const pglite = await PGlite.create('memory://', { parsers: pgliteParsers });
    const database = wrapPglite(pglite);
    await seedInto(database);
    const dump = await pglite.dumpDataDir('gzip');
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    // Atomic publish: parallel test files may build the template at the same time.
    renameSync(tmp, file);
    await database.close();
    // Templates of older definitions are never used again.
    for (const old of readdirSync(os.tmpdir()).filter((f) => /^logistics-pglite-template-[0-9a-f]+\.tar\.gz$/.test(f))) {
      if (path.join(os.tmpdir(), old) !== file) rmSync(path.join(os.tmpdir(), old), { force: true });
    }
  }
  return new Blob([readFileSync(file)]);
}

export async function freshPglite(): Promise<Database> {
  const pglite = await PGlite.create({ loadDataDir: await templateDump(), parsers: pgliteParsers });
  return wrapPglite(pglite);
}

export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The database's own connection string (PostgreSQL), e.g. for the realtime LISTEN connection. */
const urls = new WeakMap<Database, string>();
export function pgUrlFor(database: Database): string {
  return urls.get(database) ?? PG_URL;
}

function urlOfDatabase(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery<T = unknown>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

// Leftovers of crashed runs (and templates of older definitions) are dropped after this long;
// a whole CI run is far shorter, so nothing still in use is ever dropped.
const STALE_MS = 6 * 3600_000;
const pgTemplateName = () => `logistics_tpl_${templateKey()}`;

/**
 * Runs a statement that needs the database unused (DROP, RENAME): a pool's clients that were just
 * ended may still have their server sessions for a moment, so "being accessed by other users"
 * (55006) is waited out rather than forced — WITH (FORCE) would kill a session whose client is
 * still ending, and that client reports the kill as an unhandled error.
 */
async function whenUnused(c: pg.Client, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await c.query(statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function dropDatabase(c: pg.Client, name: string, force = false): Promise<void> {
  await c.query(`alter database ${name} is_template false`).catch(() => undefined);
  if (force) await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  else await whenUnused(c, `drop database if exists ${name}`);
}

/**
 * The PostgreSQL counterpart of templateDump: the demo data seeded once per definition into a
 * template database (~14 s), which every test file then copies with CREATE DATABASE … TEMPLATE
 * (~2 s on the loaded CI machine) instead of seeding a schema of its own. Run by the global setup; false when
 * this server refuses (no CREATEDB right): freshPostgres then seeds a schema as before.
 */
export async function postgresTemplate(): Promise<boolean> {
  const name = pgTemplateName();
  try {
    return await adminQuery(async (c) => {
      const now = Date.now();
      const all = (await c.query(`select datname as n, shobj_description(oid, 'pg_database') as d from pg_database
        where datname like 'logistics\\_t%'`)).rows as { n: string; d: string | null }[];
      for (const { n, d } of all) {
        if (n === name) continue;
        const m = /^logistics_t_([0-9a-z]+)_/.exec(n) ?? /^logistics_tpl_[0-9a-f]+_build_([0-9a-z]+)_/.exec(n);
        const at = m ? parseInt(m[1]!, 36) : Number(/^used (\d+)$/.exec(d ?? '')?.[1] ?? 0);
        if (now - at > STALE_MS) await dropDatabase(c, n, true); // a crashed run's: nobody waits for it
      }
      if (!all.some((r) => r.n === name)) {
        // Seeded under a private name and renamed when complete: parallel runs with the same
        // definitions may build at the same moment, and a half-seeded template must never be copied.
        const build = `${name}_build_${now.toString(36)}_${randomBytes(3).toString('hex')}`;
        await c.query(`create database ${build}`);
        const database = wrapPgPool(createPgPool(urlOfDatabase(build), { max: 4 }));
        try {
          await seedInto(database);
        } finally {
          await database.close();
        }
        await c.query(`comment on database ${build} is 'used ${now}'`);
        try {
          await whenUnused(c, `alter database ${build} rename to ${name}`);
        } catch (err) {
          if ((err as { code?: string }).code !== '42P04') throw err;
          await dropDatabase(c, build); // another run published it first
        }
        // Copies need no connection to the template; refusing them keeps CREATE DATABASE from
        // failing with "source database is being accessed by other users".
        await c.query(`alter database ${name} with is_template true allow_connections false`).catch(() => undefined);
      }
      // "Last used", so that the clean-up above never drops a template a run still copies.
      await c.query(`comment on database ${name} is 'used ${now}'`);
      return true;
    });
  } catch (err) {
    console.warn(`[databases] no PostgreSQL template database (${(err as Error).message}); each file seeds its own schema`);
    return false;
  }
}

/** A copy of the seeded template database, dropped again by close(); a seeded schema when there is no template. */
export async function freshPostgres(): Promise<Database> {
  const name = `logistics_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const copied = await adminQuery(async (c) => {
    const has = await c.query('select 1 from pg_database where datname = $1', [pgTemplateName()]);
    if (!has.rowCount) return false;
    await c.query(`create database ${name} template ${pgTemplateName()}`);
    return true;
  }).catch(() => false);
  if (!copied) return seededSchema();
  const url = urlOfDatabase(name);
  const database = wrapPgPool(createPgPool(url, { max: 4 }));
  const wrapped: Database = {
    ...database,
    async close() {
      await database.close();
      // Still in use after 5 s (a connection the test left open): left to the next run's clean-up
      // rather than forced, which would fail that connection's owner with an unhandled error.
      await adminQuery((c) => dropDatabase(c, name)).catch((err) => console.warn(`[databases] ${name} not dropped: ${(err as Error).message}`));
    },
  };
  urls.set(wrapped, url);
  return wrapped;
}

/** A new schema in the test database, seeded from scratch, dropped again by close(). */
async function seededSchema(): Promise<Database> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery((c) => c.query(`create schema ${schema}`));
  const pool = createPgPool(PG_URL, { max: 4, options: `-c search_path=${schema}` });
  const database = wrapPgPool(pool);
  await seedInto(database);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery((c) => c.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when it answers (env DATABASE_URL or the local `test` database). */
export async function backends(): Promise<Backend[]> {
  return (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
}

export function freshDatabase(backend: Backend): Promise<Database> {
  return backend === 'pglite' ? freshPglite() : freshPostgres();
}
