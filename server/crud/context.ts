import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { CatalogueEntry, EntityMap, ResolvedEntity } from '../schema/types';
import type { Session } from '../auth/session-types';

export interface HandlerContext {
  db: Db;
  session: Session | null;
  params: Record<string, any>;
  query: Record<string, any>;
  /** the inner value of the {data: ...} body */
  body: any;
  entry: CatalogueEntry;
  entity?: ResolvedEntity;
  entities: EntityMap;
  /** every catalogue entry (generic calls decide read access by the entity's own entries) */
  catalogue: CatalogueEntry[];
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler = (ctx: HandlerContext) => Promise<unknown>;

/** Returned by a handler that has answered the request itself (e.g. 304 Not Modified). */
export const REPLIED = Symbol('replied');

export function requireSession(ctx: HandlerContext): Session {
  if (!ctx.session) throw new Error('handler needs a session but the route is public');
  return ctx.session;
}

export function requireEntity(ctx: HandlerContext): ResolvedEntity {
  if (!ctx.entity) throw new Error(`catalogue entry ${ctx.entry.id} uses ${ctx.entry.handler} without an entity`);
  return ctx.entity;
}
