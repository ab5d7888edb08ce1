/** Tenant scoping: every query is limited by the session, never by ids the client sends. */
import { sql, type SelectQueryBuilder, type UpdateQueryBuilder, type DeleteQueryBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { EntityMap, ResolvedEntity } from '../schema/types';
import type { Session } from '../auth/session-types';
import { HttpError } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { titleOf } from './title';
import { insertMany } from './bulk';

type Scopable = SelectQueryBuilder<any, any, any> | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;

export function scoped<Q extends Scopable>(q: Q, entity: ResolvedEntity, session: Session | null): Q {
  if (entity.tenant === 'none') return q;
  if (!session) throw new Error(`tenant entity ${entity.name} queried without a session`);
  if (entity.tenant === 'org') return (q as any).where(`${entity.table}.orgId`, '=', session.orgId) as Q;
  return (q as any).where(`${entity.table}.corpId`, '=', session.corpId) as Q;
}

/** Tenant columns of a new row, from the session only. */
export function tenantValues(entity: ResolvedEntity, session: Session | null): Record<string, number> {
  if (entity.tenant === 'none') return {};
  if (!session) throw new Error(`tenant entity ${entity.name} written without a session`);
  if (entity.tenant === 'org') return { corpId: session.corpId, orgId: session.orgId };
  return { corpId: session.corpId };
}

/**
 * Query builders by entity name, already scoped to the session's tenant: what hooks and named
 * handlers use so no business code can forget the organisation.
 */
export interface ScopedQueries {
  entity(name: string): ResolvedEntity;
  select(name: string): SelectQueryBuilder<any, any, any>;
  update(name: string): UpdateQueryBuilder<any, any, any, any>;
  delete(name: string): DeleteQueryBuilder<any, any, any>;
  /**
   * inserts rows with the session's tenant columns and author; returns them (`returning: false`:
   * returns nothing, so a 200-row ledger insert does not send its rows back to be parsed)
   */
  insert(name: string, values: Record<string, unknown> | Record<string, unknown>[], opts?: { returning?: boolean }): Promise<Record<string, any>[]>;
  /** one row by id, or undefined */
  get(name: string, id: number): Promise<Record<string, any> | undefined>;
}

export function scopedQueries(db: Db, entities: EntityMap, session: Session | null): ScopedQueries {
  const entity = (name: string) => {
    const e = entities[name];
    if (!e) throw new Error(`unknown entity ${name}`);
    return e;
  };
  return {
    entity,
    select: (name) => scoped(db.selectFrom(entity(name).table), entity(name), session),
    update: (name) => scoped(db.updateTable(entity(name).table), entity(name), session),
    delete: (name) => scoped(db.deleteFrom(entity(name).table), entity(name), session),
    async insert(name, values, opts = {}) {
      const e = entity(name);
      const list = Array.isArray(values) ? values : [values];
      if (!list.length) return [];
      const author = session ? { createdBy: session.staffId, updatedBy: session.staffId } : {};
      const rows = list.map((v) => ({ ...author, ...v, ...tenantValues(e, session) }));
      return insertMany(db, e, rows, { returning: opts.returning !== false });
    },
    async get(name, id) {
      const e = entity(name);
      if (!Number.isSafeInteger(id)) return undefined;
      return (await scoped(db.selectFrom(e.table), e, session).selectAll().where(e.idField, '=', id).executeTakeFirst()) as Record<string, any> | undefined;
    },
  };
}

/** The permission that may change every group-level row (docs/decisions.md, group-level rows). */
export const GROUP_MANAGEMENT = '集团管理';

/**
 * Group-level rows (tenant "corp") are read by every organisation of the group, but changed or
 * deleted only by the organisation whose staff created the row (or that the row names by its
 * orgId: an organisation's own record), or by a holder of 集团管理. A row without an author
 * (written by the system) is the group's: only 集团管理 changes it.
 */
export async function assertMayChange(db: Db, entity: ResolvedEntity, session: Session | null, row: Record<string, any>, action: '修改' | '删除'): Promise<void> {
  if (entity.tenant !== 'corp' || !session) return;
  if (hasPermission(session.permissions, GROUP_MANAGEMENT)) return;
  // A group-level row that names an organisation (the organisation's own record) is that organisation's.
  if (row.orgId !== undefined && row.orgId !== null && Number(row.orgId) === session.orgId) return;
  const author = row.createdBy === null || row.createdBy === undefined ? undefined
    : ((await db.selectFrom('staff').select('orgId').where('staffId', '=', Number(row.createdBy)).executeTakeFirst()) as { orgId: number } | undefined);
  if (author && Number(author.orgId) === session.orgId) return;
  throw new HttpError(403, `该${entity.title}由集团内其他单位创建，只有创建单位或集团管理员可以${action}`);
}

/** A row of a tree (parentField) is not deleted while rows still hang under it. */
export async function assertNoChildren(db: Db, entity: ResolvedEntity, id: number): Promise<void> {
  const parentField = entity.parentField;
  if (!parentField || !entity.fields[parentField]) return;
  // Counted across the whole table: a child another tenant can't see still points here.
  const children = (await db.selectFrom(entity.table).selectAll().where(parentField, '=', id).orderBy(entity.idField).limit(4).execute()) as Record<string, any>[];
  if (!children.length) return;
  const names = children.slice(0, 3).map((c) => titleOf(entity, c)).join('、');
  throw new HttpError(409, `该${entity.title}下还有下级（${names}${children.length > 3 ? '等' : ''}），请先删除下级`, { children: children.map((c) => Number(c[entity.idField])) });
}

/**
 * An entity declaring `inUseGuard` keeps a record other rows refer to: every reference or
 * references field of any entity naming it is looked at (across the whole table, as above: a
 * row another tenant can't see still points here), so a new referring entity is covered the day
 * it is declared, without a hook naming it.
 */
export async function assertNotInUse(db: Db, entities: EntityMap, entity: ResolvedEntity, id: number): Promise<void> {
  if (!entity.inUseGuard) return;
  for (const other of Object.values(entities)) {
    for (const [name, f] of Object.entries(other.fields)) {
      if (f.ref !== entity.name || (f.type !== 'reference' && f.type !== 'references')) continue;
      if (other.name === entity.name && name === entity.parentField) continue;
      const q = db.selectFrom(other.table).selectAll().limit(1);
      const row = (await (f.type === 'reference'
        ? q.where(name, '=', id)
        : q.where(sql<boolean>`${sql.ref(name)} @> ${JSON.stringify([id])}::jsonb`)
      ).executeTakeFirst()) as Record<string, any> | undefined;
      if (!row) continue;
      const title = titleOf(other, row);
      throw new HttpError(409, `该${entity.title}已被${other.title}${title && !title.startsWith('#') ? `（${title}）` : ''}使用，不能删除`);
    }
  }
}
