/**
 * Backup and restore (`npm run backup`, `npm run restore`; docs/deploy.md). One logical format for
 * both databases, so a backup of the embedded database restores into PostgreSQL and back:
 *
 *   <folder>/database.jsonl.gz   a header line, then per table its columns and one JSON array per row
 *   <folder>/uploads/            the upload folder as it was
 *
 * On PostgreSQL the rows are read in one REPEATABLE READ transaction (a consistent snapshot while
 * the servers keep running); uploads are copied after it, so every file a backed-up row names is
 * there (a file is written before its row). Restore creates the tables of the current definitions,
 * loads the rows, moves each id sequence past its largest id, and puts the files back.
 */
import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connect';
import { prepareDatabase } from '../db/prepare';
import type { EntityMap } from '../schema/types';

export const BACKUP_FORMAT = 'logistics-backup';
const BATCH = 2000;

interface Column { name: string; type: string }
export interface BackupSummary { tables: Record<string, number>; files: number }

/** Kysely without the camelCase plugin: tables and columns are copied by their real names. */
const raw = (db: Db) => db.withoutPlugins() as Kysely<any>;

/**
 * Derived state the restored rows rebuild themselves: the authorisation epochs are bumped by
 * triggers as the rows go in (and a fresh epoch only makes cached sessions re-check).
 */
const DERIVED = new Set(['auth_epoch']);

async function tablesOf(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ t: string }>`select table_name as t from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return r.rows.map((x) => x.t).filter((t) => !DERIVED.has(t));
}

async function columnsOf(db: Kysely<any>, table: string): Promise<Column[]> {
  const r = await sql<{ name: string; type: string }>`select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return r.rows;
}

const encode = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
  if (typeof v === 'bigint') return v.toString();
  return v;
};

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}

export async function backupDatabase(db: Db, kind: 'pg' | 'pglite', folder: string, uploadsDir: string): Promise<BackupSummary> {
  mkdirSync(folder, { recursive: true });
  const gzip = createGzip();
  const out = createWriteStream(path.join(folder, 'database.jsonl.gz'));
  gzip.pipe(out);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const tables: Record<string, number> = {};
  await raw(db).transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    await sql`set transaction read only`.execute(trx).catch(() => undefined);
    await write({ format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), source: kind });
    for (const table of await tablesOf(trx)) {
      const columns = await columnsOf(trx, table);
      await write({ table, columns });
      let n = 0;
      for (let offset = 0; ; offset += BATCH) {
        // Ordered by every orderable column: a stable order without knowing the key.
        const order = columns.map((c, i) => (c.type === 'json' ? '' : String(i + 1))).filter(Boolean).join(', ') || '1';
        const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(order)}
          limit ${BATCH} offset ${offset}`.execute(trx)).rows;
        for (const row of rows) await write(columns.map((c) => encode(row[c.name])));
        n += rows.length;
        if (rows.length < BATCH) break;
      }
      await write({ end: table, rows: n });
      tables[table] = n;
    }
    await write({ done: true, tables: Object.keys(tables).length });
  });
  gzip.end();
  await once(out, 'close');
  if (existsSync(uploadsDir)) cpSync(uploadsDir, path.join(folder, 'uploads'), { recursive: true });
  return { tables, files: countFiles(path.join(folder, 'uploads')) };
}

const decode = (v: unknown): unknown => (v && typeof v === 'object' && '$bytes' in v ? Buffer.from(String((v as { $bytes: string }).$bytes), 'base64') : v);

export class RestoreRefused extends Error {}

/**
 * Restores a backup folder into the database of `db`. Refuses a database that already holds data
 * unless `replace` (then every table of the backup is emptied first).
 */
export async function restoreDatabase(db: Db, entities: EntityMap, folder: string, uploadsDir: string, opts: { replace?: boolean } = {}): Promise<BackupSummary> {
  const file = path.join(folder, 'database.jsonl.gz');
  if (!existsSync(file)) throw new RestoreRefused(`备份目录中没有 database.jsonl.gz：${folder}`);
  await prepareDatabase(db, entities);
  const r = raw(db);
  const existing = await tablesOf(r);
  if (!opts.replace) {
    for (const table of existing) {
      if (table === 'schema_migration') continue;
      const has = await sql`select 1 from ${sql.table(table)} limit 1`.execute(r);
      if (has.rows.length) throw new RestoreRefused(`目标数据库已有数据（表 ${table}），如需覆盖请加 --replace`);
    }
  }
  const tables: Record<string, number> = {};
  let header: { format?: string } | undefined;
  let done = false;
  await r.transaction().execute(async (trx) => {
    for (const table of existing) if (table !== 'schema_migration') await sql`delete from ${sql.table(table)}`.execute(trx);
    let current: { table: string; columns: Column[]; keep: number[]; jsonCols: Set<number>; batch: unknown[][] } | undefined;
    const flush = async () => {
      if (!current || current.batch.length === 0) return;
      const { table, columns, keep, jsonCols, batch } = current;
      const values = batch.map((row) => sql`(${sql.join(keep.map((i) => {
        const v = decode(row[i]);
        return jsonCols.has(i) && v !== null && v !== undefined ? sql`${JSON.stringify(v)}::jsonb` : sql`${v}`;
      }))})`);
      await sql`insert into ${sql.table(table)} (${sql.join(keep.map((i) => sql.id(columns[i]!.name)))}) values ${sql.join(values)}`.execute(trx);
      tables[table] = (tables[table] ?? 0) + batch.length;
      current.batch = [];
    };
    // Opened only now: lines read before the loop starts would be lost.
    const lines = readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const text of lines) {
      if (!text) continue;
      const line = JSON.parse(text) as any;
      if (!header) {
        if (line.format !== BACKUP_FORMAT) throw new RestoreRefused('不是本系统的备份文件');
        header = line;
        continue;
      }
      if (Array.isArray(line)) {
        if (!current) throw new RestoreRefused('备份文件已损坏');
        if (current.keep.length) current.batch.push(line);
        if (current.batch.length >= 500) await flush();
      } else if (line.table) {
        const target = new Set((await columnsOf(trx, line.table)).map((c) => c.name));
        const columns = line.columns as Column[];
        // A column the current definitions no longer have is left out; a new one takes its default.
        const keep = columns.map((c, i) => (target.has(c.name) ? i : -1)).filter((i) => i >= 0);
        const jsonCols = new Set(columns.map((c, i) => (c.type === 'json' || c.type === 'jsonb' ? i : -1)).filter((i) => i >= 0));
        // The migrations of this version were just applied: their records stay as they are.
        current = { table: line.table, columns, keep: line.table === 'schema_migration' ? [] : keep, jsonCols, batch: [] };
      } else if (line.end) {
        await flush();
        current = undefined;
      } else if (line.done) done = true;
    }
    // A backup cut short (disk full, copy interrupted) restores nothing.
    if (!done) throw new RestoreRefused('备份文件不完整，未恢复任何数据');
    // Ids continue after the largest restored one.
    const serials = await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and column_default like 'nextval(%'`.execute(trx);
    for (const { t, c } of serials.rows) {
      await sql`select setval(pg_get_serial_sequence(${t}, ${c}), greatest(coalesce((select max(${sql.id(c)}) from ${sql.table(t)}), 0), 1),
        (select max(${sql.id(c)}) from ${sql.table(t)}) is not null)`.execute(trx);
    }
  });
  const from = path.join(folder, 'uploads');
  if (existsSync(from)) {
    mkdirSync(uploadsDir, { recursive: true });
    cpSync(from, uploadsDir, { recursive: true });
  }
  return { tables, files: countFiles(from) };
}
