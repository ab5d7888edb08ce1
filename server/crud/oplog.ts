/**
 * The operation log (seed module codes, operation types 1 新增 2 修改 3 删除): every write through
 * the catalogue records who, when, and a field-level before/after diff with Chinese labels and
 * display values (enum labels, referenced titles), written in the request's transaction.
 */
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap, ResolvedEntity, ResolvedField } from '../schema/types';
import { enumLabel } from '../schema/load';
import { regionLabel } from '../reference/regions';
import { collectIds, fetchTitles, type Refs } from './refs';

export interface DiffLine { field: string; label: string; before: string | null; after: string | null }

export const OP = { create: 1, update: 2, remove: 3 } as const;

const SKIP = new Set(['version', 'updatedAt', 'updatedBy', 'createdAt', 'createdBy', 'custom']);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '';
  if (a instanceof Date || b instanceof Date) return new Date(a as string).getTime() === new Date(b as string).getTime();
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  // numeric strings from the database against numbers from a request
  if ((typeof a === 'number' || typeof b === 'number') && Number(a) === Number(b)) return true;
  return String(a) === String(b);
}

export function display(f: ResolvedField, v: unknown, refs: Refs): string | null {
  if (v === null || v === undefined || v === '') return null;
  switch (f.type) {
    case 'enum': return (Array.isArray(v) ? v : [v]).map((x) => enumLabel(f.enum, x) ?? String(x)).join('、');
    case 'reference': return refs[f.ref!]?.[String(v)] ?? String(v);
    case 'references': return Array.isArray(v) ? v.map((x) => refs[f.ref!]?.[String(x)] ?? String(x)).join('、') : String(v);
    case 'region': return regionLabel(String(v)) ?? String(v);
    case 'boolean': return v ? '是' : '否';
    case 'attachments': return Array.isArray(v) ? v.map((a) => (a as { name?: string }).name ?? '').join('、') : null;
    case 'datetime': return new Date(v as string).toISOString();
    case 'json': return JSON.stringify(v).slice(0, 500);
    default: return String(v);
  }
}

/** Changed fields between two versions of a row (create: before is empty; remove: after is empty). */
export async function diff(db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity, before: Record<string, any> | null, after: Record<string, any> | null): Promise<DiffLine[]> {
  const changed = Object.entries(entity.fields).filter(([name, f]) => !SKIP.has(name) && !f.writeOnly && !same(before?.[name], after?.[name]));
  if (!changed.length) return [];
  const rows = [before, after].filter(Boolean) as Record<string, unknown>[];
  const wanted = collectIds({ ...entity, fields: Object.fromEntries(changed) }, rows);
  const refs = wanted.size ? await fetchTitles(db, session, entities, wanted) : {};
  return changed.map(([name, f]) => ({ field: name, label: f.title, before: display(f, before?.[name], refs), after: display(f, after?.[name], refs) }));
}

export interface LogInput {
  entity: ResolvedEntity;
  operationType: number;
  subjectId: number;
  subjectName?: string | null;
  action?: string;
  content: DiffLine[];
  recordType?: number;
  errorMessage?: string;
}

export async function writeLog(db: Db, session: Session | null, ip: string | undefined, input: LogInput): Promise<void> {
  if (!input.entity.log || !session || input.entity.tenant !== 'org') return;
  const operator = (await db.selectFrom('staff').select('name').where('staffId', '=', session.staffId).executeTakeFirst()) as { name: string } | undefined;
  await db.insertInto('operationLog').values({
    corpId: session.corpId, orgId: session.orgId,
    moduleCode: input.entity.module ?? 13, recordType: input.recordType ?? 1, operationType: input.operationType,
    entity: input.entity.name, entityTitle: input.entity.title, subjectId: input.subjectId,
    subjectName: input.subjectName?.slice(0, 200) ?? null, action: input.action ?? null,
    content: JSON.stringify(input.content), operatorStaffId: session.staffId, operatorName: operator?.name ?? null,
    ip: ip ?? null, errorMessage: input.errorMessage ?? null, createdBy: session.staffId, updatedBy: session.staffId,
  }).execute();
}

export function titleOf(entity: ResolvedEntity, row: Record<string, any> | null | undefined): string | null {
  if (!row) return null;
  const parts = [entity.number ? row[entity.number.field] : null, entity.titleField && entity.titleField !== entity.number?.field ? row[entity.titleField] : null]
    .filter((x) => x !== null && x !== undefined && x !== '');
  return parts.length ? parts.join(' ') : `#${row[entity.idField]}`;
}
