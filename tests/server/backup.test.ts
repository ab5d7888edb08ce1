/**
 * Backup and restore (issue 11): a round trip keeps every row, login, id sequence and upload, from
 * one database kind to the other; a non-empty target or a cut-short backup is refused; the npm
 * scripts do the same from the command line.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createPgPool, pgliteParsers, wrapPgPool, wrapPglite, type Database } from '../../server/db/connect';
import { backupDatabase, restoreDatabase } from '../../server/ops/backup';
import { loadEntities } from '../../server/schema/load';
import { backends, freshDatabase, PG_URL, pgUrlFor, postgresReachable, type Backend } from './helpers/databases';
import { PASSWORDS } from './helpers/harness';

const run = promisify(execFile);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9]);
const withPg = await postgresReachable();

/** An empty database of the given kind (no tables), dropped by close(). */
async function emptyDatabase(kind: Backend): Promise<Database> {
  if (kind === 'pglite') return wrapPglite(await PGlite.create('memory://', { parsers: pgliteParsers }));
  const schema = `bk_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`create schema ${schema}`);
  await c.end();
  const database = wrapPgPool(createPgPool(PG_URL, { max: 2, options: `-c search_path=${schema}` }));
  return {
    ...database,
    async close() {
      await database.close();
      const d = new pg.Client({ connectionString: PG_URL });
      await d.connect();
      await d.query(`drop schema if exists ${schema} cascade`);
      await d.end();
    },
  };
}

async function counts(database: Database): Promise<Record<string, number>> {
  const tables = (await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db)).rows;
  const out: Record<string, number> = {};
  for (const { t } of tables) out[t] = Number(((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(database.db)).rows[0] as { n: number }).n);
  return out;
}

async function call(app: Awaited<ReturnType<typeof buildApp>>, method: 'GET' | 'POST', url: string, token?: string, data?: unknown) {
  const res = await app.inject({ method, url, headers: { ...(token ? { 'access-token': token } : {}), ...(data ? { 'content-type': 'application/json' } : {}) }, payload: data ? JSON.stringify({ data }) : undefined });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : res.rawPayload };
}

describe.each(await backends())('backup of %s and restore into the other kind', (source) => {
  const target: Backend = withPg ? (source === 'pglite' ? 'postgres' : 'pglite') : 'pglite';
  const work = mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const uploadsBefore = path.join(work, 'uploads-a');
  const uploadsAfter = path.join(work, 'uploads-b');
  const folder = path.join(work, 'backup');
  let from: Database;
  let into: Database;
  let fileUrl = '';
  let customerName = '';

  beforeAll(async () => {
    process.env.UPLOAD_DIR = uploadsBefore;
    from = await freshDatabase(source);
    const app = await buildApp({ database: from, logger: false, uiDir: false, realtime: false });
    const login = await call(app, 'POST', '/api/v1/auth/login', undefined, { username: 'admin', password: PASSWORDS.admin });
    const token = login.body.data.token;
    customerName = `备份客户${randomBytes(3).toString('hex')}`;
    expect((await call(app, 'POST', '/api/v1/user-base/customer/save', token, { name: customerName })).body.code).toBe(0);
    const boundary = 'bk-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="回单.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await app.inject({ method: 'POST', url: '/api/v1/file-base/file/upload', headers: { 'access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    fileUrl = up.json().data.url;
    await app.close();
    into = await emptyDatabase(target);
  }, 60000);

  afterAll(async () => {
    delete process.env.UPLOAD_DIR;
    await from?.close();
    await into?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores every row, the logins, the id sequences and the uploads', async () => {
    // the uploaded receipt, and on a freshly seeded database the demo's scanned contracts too
    const uploaded = readdirSync(uploadsBefore, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
    expect(uploaded).toBeGreaterThanOrEqual(1);
    const made = await backupDatabase(from.db, from.kind, folder, uploadsBefore);
    expect(made.files).toBe(uploaded);
    const restored = await restoreDatabase(into.db, loadEntities(), folder, uploadsAfter);
    expect(restored.files).toBe(uploaded);
    const before = await counts(from);
    const after = await counts(into);
    expect(after).toEqual(before);

    process.env.UPLOAD_DIR = uploadsAfter;
    const app = await buildApp({ database: into, logger: false, uiDir: false, realtime: false });
    try {
      const login = await call(app, 'POST', '/api/v1/auth/login', undefined, { username: 'business', password: PASSWORDS.business });
      expect(login.body.code).toBe(0);
      const admin = (await call(app, 'POST', '/api/v1/auth/login', undefined, { username: 'admin', password: PASSWORDS.admin })).body.data.token;
      const list = await call(app, 'GET', `/api/v1/user-base/customer/list-local-customer?keyword=${encodeURIComponent(customerName)}`, admin);
      const customer = list.body.data.list[0];
      expect(customer).toMatchObject({ name: customerName });
      // jsonb arrays and objects come back as they were (pg would turn a bare JS array into a PostgreSQL array)
      const roles = async (d: Database) => (await d.db.selectFrom('role').select(['roleId', 'permissions']).orderBy('roleId').execute()) as { roleId: number; permissions: unknown }[];
      const [a, b] = [await roles(from), await roles(into)];
      expect(b.map((r) => r.permissions)).toEqual(a.map((r) => r.permissions));
      expect(a.some((r) => Array.isArray(r.permissions) && r.permissions.length > 0)).toBe(true);
      expect(new Date(customer.createdAt).getTime()).not.toBeNaN();
      // New rows get ids after the restored ones.
      const next = await call(app, 'POST', '/api/v1/user-base/customer/save', admin, { name: `${customerName}-新` });
      expect(next.body.data.customerId).toBeGreaterThan(customer.customerId);
      const file = await call(app, 'GET', fileUrl, admin);
      expect(file.status).toBe(200);
      expect(Buffer.from(file.body as Buffer)).toEqual(PNG);
    } finally {
      await app.close();
      process.env.UPLOAD_DIR = uploadsBefore;
    }
  });

  it('refuses a target that already holds data, and a backup cut short', async () => {
    await expect(restoreDatabase(into.db, loadEntities(), folder, uploadsAfter)).rejects.toThrow(/目标数据库已有数据.*--replace/);
    const cut = path.join(work, 'cut');
    rmSync(cut, { recursive: true, force: true });
    const lines: string[] = [];
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: createReadStream(path.join(folder, 'database.jsonl.gz')).pipe(createGunzip()) })) lines.push(line);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(cut, { recursive: true });
    await pipeline(async function* () { yield lines.slice(0, Math.floor(lines.length / 2)).join('\n'); }, createGzip(), createWriteStream(path.join(cut, 'database.jsonl.gz')));
    const customersBefore = (await counts(into)).customer;
    await expect(restoreDatabase(into.db, loadEntities(), cut, uploadsAfter, { replace: true })).rejects.toThrow('备份文件不完整，未恢复任何数据');
    expect((await counts(into)).customer).toBe(customersBefore);
  });
});

describe('npm run backup / npm run restore', () => {
  const root = path.resolve(__dirname, '../..');
  const tsx = [path.join(root, 'node_modules/tsx/dist/cli.mjs')];

  it('refuses to open an embedded database a running server holds', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backup-held-'));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'server.pid'), String(process.pid));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const r = await run(process.execPath, [...tsx, 'scripts/backup.ts', '--out', path.join(dataDir, 'b')], { cwd: root, env }).catch((e) => e);
    expect(r.code).toBe(1);
    expect(String(r.stderr)).toContain(`正被进程 ${process.pid} 使用`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!withPg)('backs up a running PostgreSQL and restores it elsewhere', async () => {
    const source = await freshDatabase('postgres');
    const target = await emptyDatabase('postgres');
    const work = mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
    try {
      const schemaOf = async (d: Database) => ((await sql<{ s: string }>`select current_schema() as s`.execute(d.db)).rows[0] as { s: string }).s;
      // The source is a copy of the seeded template database, the target a schema in the test database.
      const urlFor = (d: Database, schema: string) => { const base = pgUrlFor(d); return `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`; };
      const env = async (d: Database) => { const schema = await schemaOf(d); return { ...process.env, DATABASE_URL: urlFor(d, schema), UPLOAD_DIR: path.join(work, `up-${schema}`) }; };
      const out = path.join(work, 'b');
      const backup = await run(process.execPath, [...tsx, 'scripts/backup.ts', '--out', out], { cwd: root, env: await env(source) });
      expect(backup.stdout).toMatch(/^备份完成：/);
      const restore = await run(process.execPath, [...tsx, 'scripts/restore.ts', out], { cwd: root, env: await env(target) });
      expect(restore.stdout).toMatch(/^恢复完成：/);
      expect(await counts(target)).toEqual(await counts(source));
      expect(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts).toMatchObject({ backup: 'tsx scripts/backup.ts', restore: 'tsx scripts/restore.ts' });
    } finally {
      await source.close();
      await target.close();
      rmSync(work, { recursive: true, force: true });
    }
  // Seeds a PostgreSQL schema and runs two tsx processes: over a minute on a busy 2-core machine.
  }, 180_000);
});
