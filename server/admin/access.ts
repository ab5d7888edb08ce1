/**
 * Who may manage whom in 组织架构 (issue 10, "Security that needs tests"):
 * - nobody grants a permission they don't hold: every permission a role carries, and every role
 *   given to or taken from a staff member, must be covered by the caller's own permissions;
 * - nobody manages a colleague who holds more than they do (edit, move, disable, reset password,
 *   remove, hand over), so a company administrator can't lock out the group administrator;
 * - roles and staff belong to one organisation (tenant "org"): another organisation's rows are
 *   not found; 集团管理 sees the group (organisations and their lists), 公司管理 only its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { HttpError } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { staffPermissions } from '../auth/permissions';

export const GROUP_MANAGEMENT = '集团管理';
export const COMPANY_MANAGEMENT = '公司管理';

export const ACCESS_MSG = {
  grant: (p: string) => `不能授予您自己没有的权限：${p}`,
  superiorStaff: '不能管理权限高于您的员工',
  superiorRole: '不能修改权限高于您的角色',
  unknownPermission: (p: string) => `权限不存在：${p}`,
  otherOrg: '只能管理本单位的数据',
} as const;

const permissionsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/permissions.json');

export interface PermissionDef { name: string; title: string }
export interface RoleBundle { code: string; name: string; permissions: string[] }

let catalogue: { permissions: PermissionDef[]; roles: RoleBundle[] } | undefined;

/** schemas/permissions.json: every permission name, and the demo role bundles (DOMAIN §1.1). */
export function permissionCatalogue(): { permissions: PermissionDef[]; roles: RoleBundle[] } {
  catalogue ??= JSON.parse(readFileSync(permissionsFile, 'utf8')) as { permissions: PermissionDef[]; roles: RoleBundle[] };
  return catalogue;
}

export function isKnownPermission(name: string): boolean {
  return permissionCatalogue().permissions.some((p) => p.name === name);
}

export const seesWholeGroup = (s: Session): boolean => hasPermission(s.permissions, GROUP_MANAGEMENT);

/** Every one of `wanted` is covered by `held` (a held parent covers its colon subtree). */
export function covers(held: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((p) => hasPermission(held, p));
}

/** The first of `wanted` that `held` does not cover, or undefined. */
export function firstUncovered(held: readonly string[], wanted: readonly string[]): string | undefined {
  return wanted.find((p) => !hasPermission(held, p));
}

export function assertCanGrant(session: Session | null, wanted: readonly string[]): void {
  if (!session) return;
  const missing = firstUncovered(session.permissions, wanted);
  if (missing) throw new HttpError(403, ACCESS_MSG.grant(missing));
}

/**
 * The caller may manage this staff member of its organisation: everything the member holds, the
 * caller holds too (oneself always qualifies). System work (no session) may.
 */
export async function assertCanManageStaff(db: Db, session: Session | null, staff: { staffId: number; orgId: number }): Promise<void> {
  if (!session) return;
  if (staff.orgId !== session.orgId) throw new HttpError(403, ACCESS_MSG.otherOrg);
  if (staff.staffId === session.staffId) return;
  const theirs = await staffPermissions(db, staff.staffId, staff.orgId);
  if (!covers(session.permissions, theirs)) throw new HttpError(403, ACCESS_MSG.superiorStaff);
}

/** Permission names of roles (of one organisation), for grant checks. */
export async function rolePermissions(db: Db, orgId: number, roleIds: readonly number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = (await db.selectFrom('role').select('permissions').where('orgId', '=', orgId).where('roleId', 'in', [...roleIds]).execute()) as { permissions: unknown }[];
  return [...new Set(rows.flatMap((r) => (Array.isArray(r.permissions) ? (r.permissions as string[]) : [])))];
}

/**
 * Names reduced to what they mean: unique, sorted, and without a name its held parent already
 * covers (checking 商务 and 商务:线索列表 stores 商务).
 */
export function normalisePermissions(names: readonly string[]): string[] {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  return unique.filter((n) => !unique.some((other) => other !== n && n.startsWith(`${other}:`))).sort();
}
