/**
 * Indexes for the text sorts lists offer (issue 22). A list sorts text by pinyin
 * (`order by name collate zh_pinyin, id`, server/crud/query.ts); an index on the bare column can't
 * serve that order, so a million-customer organisation sorted by name read every row and sorted
 * them (2.5 s). Each text field a list may sort by (its entity's default sort, or a declared
 * `sort`) gets `(tenant column, field collate zh_pinyin, id)`, made after the collation exists.
 * Only with a real pinyin collation: the `none` fallback sorts as the default collation and is
 * re-tried at each start (server/db/collation.ts), so nothing may depend on it.
 */
import { sql } from 'kysely';
import type { Db } from './connect';
import type { CatalogueEntry, EntityMap } from '../schema/types';
import { sortableFields } from '../../schemas/src/entity-schema';
import { PINYIN_COLLATION } from './collation';
import { snakeCase, type IndexDef } from './sync';

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
const TEXT = new Set(['string', 'text']);

/** The pinyin-ordered indexes the catalogue's lists need, one per (entity, text sort field). */
export function pinyinSortIndexes(entities: EntityMap, catalogue: CatalogueEntry[]): IndexDef[] {
  const out = new Map<string, IndexDef>();
  for (const c of catalogue) {
    const e = c.entity ? entities[c.entity] : undefined;
    if (!e) continue;
    const tenant = e.tenant === 'org' ? 'org_id' : e.tenant === 'corp' ? 'corp_id' : undefined;
    for (const f of sortableFields(e, c.options?.sort)) {
      const field = e.fields[f];
      if (!field || !TEXT.has(field.type as string)) continue;
      const columns = [...(tenant ? [tenant] : []), field.column ?? snakeCase(f), snakeCase(e.idField)];
      const name = `${e.table}_${columns.join('_')}_pinyin_ix`.slice(0, 63);
      out.set(name, { name, table: e.table, columns, unique: false, field: f });
    }
  }
  return [...out.values()];
}

export async function ensurePinyinSortIndexes(db: Db, entities: EntityMap, catalogue: CatalogueEntry[]): Promise<void> {
  for (const ix of pinyinSortIndexes(entities, catalogue)) {
    const cols = ix.columns.map((c, i) => (i === ix.columns.length - 2 ? `${q(c)} collate ${PINYIN_COLLATION}` : q(c)));
    await sql.raw(`create index if not exists ${q(ix.name)} on ${q(ix.table)} (${cols.join(', ')})`).execute(db);
  }
}
