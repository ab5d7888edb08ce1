/**
 * Start-up schema sync (Frappe-style): create missing tables, add missing columns and
 * indexes, never drop or alter. Destructive changes belong in numbered migrations.
 */
import { sql } from 'kysely';
import type { Db } from './connect';
import type { EntityMap, ResolvedEntity, ResolvedField } from '../schema/types';

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function columnType(f: ResolvedField): string {
  switch (f.type) {
    case 'string': return `varchar(${f.maxLength ?? 255})`;
    case 'text': return 'text';
    case 'integer': return 'integer';
    case 'bigint': return 'bigint';
    case 'number': return `numeric(${f.precision ?? 18}, ${f.scale ?? 4})`;
    case 'money': return 'numeric(18, 2)';
    case 'boolean': return 'boolean';
    case 'date': return 'date';
    case 'datetime': return 'timestamptz';
    case 'json': return 'jsonb';
    default: return 'text';
  }
}

function literal(value: unknown, f: ResolvedField): string | null {
  if (value === undefined || value === null) return null;
  if (f.type === 'json') return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return null;
}

interface ColumnDef { name: string; ddl: string }

function systemColumns(e: ResolvedEntity): ColumnDef[] {
  const cols: ColumnDef[] = [{ name: snakeCase(e.idField), ddl: 'serial primary key' }];
  if (e.tenant === 'org' || e.tenant === 'corp') cols.push({ name: 'corp_id', ddl: 'integer not null' });
  if (e.tenant === 'org') cols.push({ name: 'org_id', ddl: 'integer not null' });
  if (e.versioned) cols.push({ name: 'version', ddl: 'integer not null default 1' });
  cols.push(
    { name: 'created_at', ddl: 'timestamptz not null default now()' },
    { name: 'updated_at', ddl: 'timestamptz not null default now()' },
    { name: 'created_by', ddl: 'integer' },
    { name: 'updated_by', ddl: 'integer' },
  );
  if (e.customFields) cols.push({ name: 'custom', ddl: "jsonb not null default '{}'::jsonb" });
  return cols;
}

function fieldColumns(e: ResolvedEntity): ColumnDef[] {
  return Object.entries(e.fields).map(([name, f]) => {
    const def = literal(f.default, f);
    return { name: f.column ?? snakeCase(name), ddl: `${columnType(f)}${def ? ` default ${def}` : ''}` };
  });
}

export interface IndexDef { name: string; table: string; columns: string[]; unique: boolean; message?: string }

/** Index names are deterministic so a unique violation can be mapped back to its message. */
export function entityIndexes(e: ResolvedEntity): IndexDef[] {
  const out: IndexDef[] = [];
  const col = (field: string) => e.fields[field]?.column ?? snakeCase(field);
  const add = (fields: string[], unique: boolean, message?: string) => {
    let columns = fields.map(col);
    if (unique && e.tenant === 'org' && !columns.includes('org_id')) columns = ['org_id', ...columns];
    if (unique && e.tenant === 'corp' && !columns.includes('corp_id')) columns = ['corp_id', ...columns];
    const name = `${e.table}_${columns.join('_')}_${unique ? 'uq' : 'ix'}`.slice(0, 63);
    out.push({ name, table: e.table, columns, unique, message });
  };
  if (e.tenant === 'org') add(['orgId'], false);
  if (e.tenant === 'corp') add(['corpId'], false);
  for (const [name, f] of Object.entries(e.fields)) {
    if (f.unique) add([name], true, `${f.title}已存在`);
    else if (f.index || f.ref) add([name], false);
  }
  for (const ix of e.indexes ?? []) add(ix.fields, !!ix.unique, ix.message);
  const seen = new Set<string>();
  return out.filter((ix) => (seen.has(ix.name) ? false : (seen.add(ix.name), true)));
}

/** index name -> Chinese message for unique violations */
export function uniqueMessages(entities: EntityMap): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of Object.values(entities)) {
    for (const ix of entityIndexes(e)) if (ix.unique) m.set(ix.name, ix.message ?? '数据重复');
  }
  return m;
}

async function existingColumns(db: Db, table: string): Promise<Set<string> | null> {
  const r = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return r.rows.length ? new Set(r.rows.map((x: any) => x.column_name ?? x.columnName)) : null;
}

export async function syncEntities(db: Db, entities: EntityMap): Promise<void> {
  for (const e of Object.values(entities)) {
    const cols = [...systemColumns(e), ...fieldColumns(e)];
    const existing = await existingColumns(db, e.table);
    if (!existing) {
      const body = cols.map((c) => `${q(c.name)} ${c.ddl}`).join(',\n  ');
      await sql.raw(`create table if not exists ${q(e.table)} (\n  ${body}\n)`).execute(db);
    } else {
      for (const c of cols) {
        if (existing.has(c.name)) continue;
        // A new not-null column on a populated table needs a default; fields are nullable anyway.
        const ddl = c.ddl.replace('serial primary key', 'serial').replace(/ not null(?! default)/, '');
        await sql.raw(`alter table ${q(e.table)} add column if not exists ${q(c.name)} ${ddl}`).execute(db);
      }
    }
    for (const ix of entityIndexes(e)) {
      await sql
        .raw(`create ${ix.unique ? 'unique ' : ''}index if not exists ${q(ix.name)} on ${q(ix.table)} (${ix.columns.map(q).join(', ')})`)
        .execute(db);
    }
  }
}
