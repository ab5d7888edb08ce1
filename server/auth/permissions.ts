import type { Db } from '../db/connect';

/** Union of the permission names of the staff member's roles in its organisation. */
export async function staffPermissions(db: Db, staffId: number, orgId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('staffRole as sr')
    .innerJoin('role as r', 'r.roleId', 'sr.roleId')
    .select('r.permissions')
    .where('sr.staffId', '=', staffId)
    .where('sr.orgId', '=', orgId)
    .execute();
  const names = new Set<string>();
  for (const r of rows as { permissions: unknown }[]) {
    if (Array.isArray(r.permissions)) for (const p of r.permissions) if (typeof p === 'string' && p) names.add(p);
  }
  return [...names].sort();
}
