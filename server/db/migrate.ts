/** Numbered SQL migrations (server/db/migrations/NNN_name.sql), each applied once. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './connect';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(db: Db, dir = migrationsDir): Promise<string[]> {
  await sql`create table if not exists schema_migration (
    name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const done = new Set((await sql<{ name: string }>`select name from schema_migration`.execute(db)).rows.map((r) => r.name));
  const files = readdirSync(dir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    await db.transaction().execute(async (trx) => {
      // Files hold several statements; run them one by one so both drivers accept them.
      for (const stmt of text.split(/;\s*(?:\n|$)/).map((s) => s.trim()).filter(Boolean)) {
        await sql.raw(stmt).execute(trx);
      }
      await sql`insert into schema_migration (name) values (${file})`.execute(trx);
    });
    applied.push(file);
  }
  return applied;
}
