/** Reads shared by the staff, role and organisation calls: who holds what in an organisation. */
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { hasPermission } from '../../schemas/src/permission';
import { notFound } from '../http/errors';
import { seesWholeGroup } from './access';

export interface StaffWithPermissions { staffId: number; name: string; depId: number | null; post: string | null; permissions: string[] }

/** Active staff of an organisation with the union of their roles' permissions. */
export async function staffWithPermissions(db: Db, orgId: number): Promise<StaffWithPermissions[]> {
  const rows = (await db.selectFrom('staff as s')
    .leftJoin('staffRole as sr', 'sr.staffId', 's.staffId')
    .leftJoin('role as r', 'r.roleId', 'sr.roleId')
    .select(['s.staffId', 's.name', 's.depId', 's.post', 'r.permissions'])
    .where('s.orgId', '=', orgId)
    .where('s.resigned', 'is not', true)
    .where('s.disabled', 'is not', true)
    .orderBy('s.staffId')
    .execute()) as { staffId: number; name: string; depId: number | null; post: string | null; permissions: unknown }[];
  const byId = new Map<number, StaffWithPermissions>();
  for (const r of rows) {
    const s = byId.get(r.staffId) ?? { staffId: r.staffId, name: r.name, depId: r.depId, post: r.post, permissions: [] };
    if (Array.isArray(r.permissions)) for (const p of r.permissions as string[]) if (!s.permissions.includes(p)) s.permissions.push(p);
    byId.set(r.staffId, s);
  }
  return [...byId.values()];
}

/** Active staff of the organisation whose roles cover the permission (light: id, name, department). */
export async function holdersOf(db: Db, orgId: number, permission: string | ((held: string[]) => boolean)) {
  const test = typeof permission === 'string' ? (held: string[]) => hasPermission(held, permission) : permission;
  return (await staffWithPermissions(db, orgId)).filter((s) => test(s.permissions)).map(({ staffId, name, depId, post }) => ({ staffId, name, depId, post }));
}

/**
 * An organisation of the caller's group the caller may read: its own, or any with 集团管理.
 * Another organisation is "not found" (the sibling rule of docs/decisions.md).
 */
export async function visibleOrg(db: Db, session: Session, orgId: number): Promise<{ orgId: number; name: string; corpId: number; disabled: boolean }> {
  if (orgId !== session.orgId && !seesWholeGroup(session)) throw notFound();
  const org = (await db.selectFrom('organization').select(['orgId', 'name', 'corpId', 'disabled'])
    .where('orgId', '=', orgId).where('corpId', '=', session.corpId).executeTakeFirst()) as { orgId: number; name: string; corpId: number; disabled: boolean } | undefined;
  if (!org) throw notFound();
  return org;
}

/** Organisations of the group the caller may read. */
export async function visibleOrgIds(db: Db, session: Session): Promise<number[]> {
  if (!seesWholeGroup(session)) return [session.orgId];
  const rows = (await db.selectFrom('organization').select('orgId').where('corpId', '=', session.corpId).orderBy('orgId').execute()) as { orgId: number }[];
  return rows.map((r) => r.orgId);
}
