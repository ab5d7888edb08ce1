/**
 * The operation log (seed module codes, operation types 1 新增 2 修改 3 删除): every write through
 * the catalogue records who, when, and a field-level before/after diff with Chinese labels and
 * display values (enum labels, referenced titles), written in the request's transaction.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap, ResolvedEntity, ResolvedField } from '../schema/types';
import { enumLabel } from '../schema/load';
import { regionLabel } from '../reference/regions';
import { collectIds, fetchTitles, type Refs } from './refs';
import { fieldText } from '../../schemas/src/fields/registry';

export interface DiffLine { field: string; label: string; before: string | null; after: string | null }

export const OP = { create: 1, update: 2, remove: 3 } as const;

const SKIP = new Set(['version', 'updatedAt', 'updatedBy', 'createdAt', 'createdBy', 'custom']);

/** Nothing entered: null, '', an empty list or an empty object (an upload box or a multi-select left alone). */
function blank(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'string' && (v === '[]' || v === '{}')) return true;
  return typeof v === 'object' && !(v instanceof Date) && Object.keys(v as object).length === 0;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (a instanceof Date || b instanceof Date) return new Date(a as string).getTime() === new Date(b as string).getTime();
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  // numeric strings from the database against numbers from a request
  if ((typeof a === 'number' || typeof b === 'number') && Number(a) === Number(b)) return true;
  return String(a) === String(b);
}

let permissionTitles: Map<string, string> | undefined;
/** schemas/permissions.json: a permission name → its title, with its parents' (商务/客户列表/编辑). */
function permissionTitle(name: string): string | undefined {
  if (!permissionTitles) {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/permissions.json');
    const list = (JSON.parse(readFileSync(file, 'utf8')) as { permissions: { name: string; title: string }[] }).permissions;
    permissionTitles = new Map(list.map((p) => [p.name, p.title]));
  }
  const own = permissionTitles.get(name);
  if (own === undefined) return undefined;
  const parts = name.split(':');
  return parts.map((_, i) => permissionTitles!.get(parts.slice(0, i + 1).join(':')) ?? parts[i]).join('/');
}

/** A list of permission names (a role's) reads as their titles, not as codes. */
function permissionList(v: unknown): string | null {
  const list = typeof v === 'string' ? (() => { try { return JSON.parse(v) as unknown; } catch { return null; } })() : v;
  if (!Array.isArray(list) || !list.length || !list.every((x) => typeof x === 'string')) return null;
  const titles = (list as string[]).map(permissionTitle);
  return titles.every((t) => t !== undefined) ? titles.join('、').slice(0, 2000) : null;
}

/** A value as the log shows it: the field type's text (the list's), a role's permissions by their titles. */
export function display(f: ResolvedField, v: unknown, refs: Refs): string | null {
  if (blank(v)) return null;
  return fieldText(f, v, {
    enumLabel: (name, code) => enumLabel(name, code),
    refTitle: (entity, id) => refs[entity]?.[String(id)],
    regionLabel,
    jsonText: (value) => permissionList(value) ?? JSON.stringify(value).slice(0, 500),
  });
}

/**
 * Changed fields between two versions of a row (create: before is empty; remove: after is empty).
 * `known`: titles the save already read (its reference check's lookup); only the others are fetched.
 */
export async function diff(db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity, before: Record<string, any> | null, after: Record<string, any> | null, known?: Refs): Promise<DiffLine[]> {
  // A new record's defaults (状态 草稿, 合作中 …) were typed by nobody: its log lists what was entered.
  const defaulted = (name: string, f: ResolvedField) => before === null && 'default' in f && same((f as { default?: unknown }).default, after?.[name]);
  const changed = Object.entries(entity.fields).filter(([name, f]) => !SKIP.has(name) && !f.writeOnly && !same(before?.[name], after?.[name]) && !defaulted(name, f));
  if (!changed.length) return [];
  const rows = [before, after].filter(Boolean) as Record<string, unknown>[];
  const wanted = collectIds({ ...entity, fields: Object.fromEntries(changed) }, rows);
  const refs: Refs = {};
  if (known) {
    for (const [name, ids] of [...wanted]) {
      const titles = known[name];
      if (!titles || ![...ids].every((id) => String(id) in titles)) continue;
      refs[name] = titles;
      wanted.delete(name);
    }
  }
  if (wanted.size) Object.assign(refs, await fetchTitles(db, session, entities, wanted));
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

/** The staff member's name as a subquery of the insert that records it (null when there is none). */
export const operatorName = (db: Db, staffId: number) => db.selectFrom('staff').select('name').where('staffId', '=', staffId);

export async function writeLog(db: Db, session: Session | null, ip: string | undefined, input: LogInput): Promise<void> {
  if (!input.entity.log || !session || input.entity.tenant !== 'org') return;
  await db.insertInto('operationLog').values({
    corpId: session.corpId, orgId: session.orgId,
    moduleCode: input.entity.module ?? 13, recordType: input.recordType ?? 1, operationType: input.operationType,
    entity: input.entity.name, entityTitle: input.entity.title, subjectId: input.subjectId,
    subjectName: input.subjectName?.slice(0, 200) ?? null, action: input.action ?? null,
    content: JSON.stringify(input.content), operatorStaffId: session.staffId, // the operator's name read by the insert itself: a log line is one statement, not two
    operatorName: session.actorName ?? operatorName(db, session.staffId),
    ip: ip ?? null, errorMessage: input.errorMessage ?? null, createdBy: session.staffId, updatedBy: session.staffId,
  }).execute();
}

export { titleOf } from './title';
