/**
 * Start-up preparation (table sync, migrations, demo seed) under a lock, so N processes started
 * at once on one PostgreSQL prepare the database one after another instead of racing each
 * other's CREATE TABLE and seed rows. PGlite can't be shared by processes at all: a lock file in
 * its folder makes a second process on the same folder stop with a clear message instead of
 * corrupting it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database, Db } from '../db/connect';

const STARTUP_LOCK = 1301;

export async function withStartupLock<T>(database: Database, fn: (db: Db) => Promise<T>): Promise<T> {
  if (database.kind !== 'pg') return fn(database.db);
  // A session-level lock needs one connection for lock, work and unlock.
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims an embedded data folder for this process; returns the release function. */
export function claimDataFolder(dir: string): () => void {
  const file = path.join(dir, 'server.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(`数据目录 ${dir} 正被进程 ${pid} 使用：内嵌数据库只能由一个进程打开（多个进程请使用 PostgreSQL，见 docs/deploy.md）`);
    }
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      /* already gone */
    }
  };
}
