/** Tenant scoping: every query is limited by the session, never by ids the client sends. */
import type { SelectQueryBuilder, UpdateQueryBuilder, DeleteQueryBuilder } from 'kysely';
import type { ResolvedEntity } from '../schema/types';
import type { Session } from '../auth/session-types';

type Scopable = SelectQueryBuilder<any, any, any> | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;

export function scoped<Q extends Scopable>(q: Q, entity: ResolvedEntity, session: Session | null): Q {
  if (entity.tenant === 'none') return q;
  if (!session) throw new Error(`tenant entity ${entity.name} queried without a session`);
  if (entity.tenant === 'org') return (q as any).where('orgId', '=', session.orgId) as Q;
  return (q as any).where('corpId', '=', session.corpId) as Q;
}

/** Tenant columns of a new row, from the session only. */
export function tenantValues(entity: ResolvedEntity, session: Session | null): Record<string, number> {
  if (entity.tenant === 'none') return {};
  if (!session) throw new Error(`tenant entity ${entity.name} written without a session`);
  if (entity.tenant === 'org') return { corpId: session.corpId, orgId: session.orgId };
  return { corpId: session.corpId };
}
