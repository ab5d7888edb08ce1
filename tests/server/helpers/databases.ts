/**
 * Fresh, seeded databases for integration tests. PGlite: initdb + sync + seed run once into a
 * dump cached in the temp folder (keyed by everything that shapes it); each test file then
 * clones it with loadDataDir (~0.7 s instead of ~4 s). PostgreSQL: a throw-away schema.
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

/** A new schema in the test database, dropped again by close(). */
export async function freshPostgres(): Promise<Database> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = createPgPool(PG_URL, { max: 4, options: `-c search_path=${schema}` });
  const database = wrapPgPool(pool);
  await seedInto(database);
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
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
