/**
 * Category permissions of 数字资产 (DOMAIN §3.7): who may view, borrow, upload or manage the
 * assets of a category. A category that lists its own permissions uses only those; one that
 * lists none inherits its parent's (so children follow their parent unless overridden). The
 * category's manager (ownerStaffId) manages it and everything below it; 数字资产:分类:超级管理员
 * (held by 资料管理员 through 数字资产) sees and manages all. Every asset call asks this module —
 * list, detail, search, versions, file download — so the rule lives on the server only.
 */
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { hasPermission } from '../../schemas/src/permission';

export const LEVEL = { view: 1, borrow: 2, upload: 3, manage: 4 } as const;
export const SUPER = '数字资产:分类:超级管理员';
export const SUBJECT = { staff: 1, department: 2, role: 3 } as const;

export interface CategoryNode {
  categoryId: number;
  parentId: number | null;
  status: number;
  ownerStaffId: number | null;
  name: string;
}

export interface Access {
  /** true: every category at level 4 */
  all: boolean;
  /** effective level per category id (absent = none) */
  levels: Map<number, number>;
  /** categories whose assets the library shows (published and not below a disabled one) */
  visible: Set<number>;
  categories: Map<number, CategoryNode>;
}

export const isSuper = (session: Session) => hasPermission(session.permissions, SUPER);

/** The caller's level on every category of the organisation, resolved once per request. */
export async function resolveAccess(db: Db, session: Session): Promise<Access> {
  const cats = (await db.selectFrom('digitalAssetCategory').select(['categoryId', 'parentId', 'status', 'ownerStaffId', 'name'])
    .where('orgId', '=', session.orgId).execute()) as CategoryNode[];
  const categories = new Map(cats.map((c) => [Number(c.categoryId), { ...c, categoryId: Number(c.categoryId), parentId: c.parentId == null ? null : Number(c.parentId) }]));
  const all = isSuper(session);
  const perms = (await db.selectFrom('categoryPermission').select(['categoryId', 'subjectType', 'subjectId', 'level'])
    .where('orgId', '=', session.orgId).execute()) as { categoryId: number; subjectType: number; subjectId: number; level: number }[];
  const roles = (await db.selectFrom('staffRole').select('roleId').where('orgId', '=', session.orgId).where('staffId', '=', session.staffId).execute())
    .map((r: any) => Number(r.roleId));
  const own = new Map<number, number | null>(); // categoryId → matching level (null: the category has rows, none is mine)
  for (const p of perms) {
    const cid = Number(p.categoryId);
    const mine = (p.subjectType === SUBJECT.staff && Number(p.subjectId) === session.staffId)
      || (p.subjectType === SUBJECT.department && session.depId != null && Number(p.subjectId) === session.depId)
      || (p.subjectType === SUBJECT.role && roles.includes(Number(p.subjectId)));
    const prev = own.get(cid) ?? null;
    own.set(cid, mine ? Math.max(prev ?? 0, Number(p.level)) : prev);
  }
  const levels = new Map<number, number>();
  const visible = new Set<number>();
  const memo = new Map<number, { level: number; shown: boolean }>();
  const resolve = (id: number, depth = 0): { level: number; shown: boolean } => {
    const hit = memo.get(id);
    if (hit) return hit;
    const c = categories.get(id);
    if (!c || depth > 50) return { level: 0, shown: false };
    const parent = c.parentId ? resolve(c.parentId, depth + 1) : { level: 0, shown: true };
    let level = own.has(id) ? own.get(id) ?? 0 : parent.level;
    if (c.ownerStaffId === session.staffId) level = LEVEL.manage;
    // A manager of the parent manages the subtree whatever the child lists.
    if (parent.level === LEVEL.manage) level = LEVEL.manage;
    if (all) level = LEVEL.manage;
    const out = { level, shown: parent.shown && Number(c.status) === 10 };
    memo.set(id, out);
    return out;
  };
  for (const id of categories.keys()) {
    const r = resolve(id);
    if (r.level > 0) levels.set(id, r.level);
    if (r.shown) visible.add(id);
  }
  return { all, levels, visible, categories };
}

/**
 * Categories whose assets the caller may read at `min`: managers see their categories' assets in
 * any state of the category; the others only published, enabled ones.
 */
export function readableCategories(a: Access, min: number = LEVEL.view): number[] {
  const out: number[] = [];
  for (const [id, level] of a.levels) {
    if (level < min) continue;
    if (level === LEVEL.manage || a.visible.has(id)) out.push(id);
  }
  return out;
}

export const levelOf = (a: Access, categoryId: number): number => {
  const level = a.levels.get(Number(categoryId)) ?? 0;
  return level === LEVEL.manage || a.visible.has(Number(categoryId)) ? level : 0;
};

/** The id and every descendant of it. */
export function subtree(a: Access, rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i += 1) {
    for (const c of a.categories.values()) if (c.parentId === out[i]) out.push(c.categoryId);
  }
  return out;
}
