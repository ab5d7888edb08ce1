/**
 * Start-up schema sync (Frappe-style): create missing tables, add missing columns and
 * indexes, never drop or alter. Destructive changes belong in numbered migrations.
 */
import { sql } from 'kysely';
import type { Db } from './connect';
import type { EntityMap, ResolvedEntity, ResolvedField } from '../schema/types';
import { fieldType } from '../../schemas/src/fields/registry';

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function columnType(f: ResolvedField): string {
  return fieldType(f).column(f);
}

function literal(value: unknown, f: ResolvedField): string | null {
  if (value === undefined || value === null) return null;
  if (fieldType(f).column(f) === 'jsonb') return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
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

export interface IndexDef { name: string; table: string; columns: string[]; unique: boolean; message?: string; field?: string }

/**
 * Index names are deterministic so a unique violation can be mapped back to its message. Every
 * index of a tenant entity starts with the tenant column: queries are always scoped by it, so
 * `(org_id, x)` serves both the filter on x and the sort by x within one organisation.
 */
export function entityIndexes(e: ResolvedEntity): IndexDef[] {
  const out: IndexDef[] = [];
  const col = (field: string) => e.fields[field]?.column ?? snakeCase(field);
  const tenantColumn = e.tenant === 'org' ? 'org_id' : e.tenant === 'corp' ? 'corp_id' : undefined;
  const add = (fields: string[], unique: boolean, message?: string) => {
    let columns = fields.map(col);
    if (tenantColumn && !columns.includes(tenantColumn)) columns = [tenantColumn, ...columns];
    const name = `${e.table}_${columns.join('_')}_${unique ? 'uq' : 'ix'}`.slice(0, 63);
    out.push({ name, table: e.table, columns, unique, message, field: fields.length === 1 ? fields[0] : undefined });
  };
  if (tenantColumn) add([], false);
  for (const ix of e.indexes ?? []) add(ix.fields, !!ix.unique, ix.message);
  const seen = new Set<string>();
  return out.filter((ix) => (seen.has(ix.name) ? false : (seen.add(ix.name), true)));
}

/** index name -> Chinese message (and the field, for a form to mark) of unique violations */
export function uniqueMessages(entities: EntityMap): Map<string, { msg: string; field?: string }> {
  const m = new Map<string, { msg: string; field?: string }>();
  for (const e of Object.values(entities)) {
    for (const ix of entityIndexes(e)) if (ix.unique) m.set(ix.name, { msg: ix.message ?? '数据重复', field: ix.field });
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
