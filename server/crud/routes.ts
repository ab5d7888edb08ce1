/**
 * The route table: one Fastify route per catalogue entry. Order per request: session
 * (401), permission (403), validation (400), handler. Checking access before validation
 * keeps the shape of protected inputs hidden from callers without access.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, PUBLIC } from '../../schemas/src/permission';
import { HttpError, MSG } from '../http/errors';
import { ok } from '../http/envelope';
import type { Db } from '../db/connect';
import type { CatalogueEntry, EntityMap } from '../schema/types';
import type { Session } from '../auth/session-types';
import { type Handler, REPLIED } from './context';
import { check, compileEntry, dropConfirmations, splitQuery, unwrapBody } from './request-validation';

export interface RouteTableOptions {
  db: Db;
  entities: EntityMap;
  catalogue: CatalogueEntry[];
  handlers: Record<string, Handler>;
  resolveSession: (request: FastifyRequest) => Promise<Session | null>;
}

const notImplemented: Handler = async () => {
  throw new HttpError(501, '该功能尚未实现');
};

export async function routeTable(app: FastifyInstance, opts: RouteTableOptions): Promise<void> {
  const missing = opts.catalogue.filter((e) => !opts.handlers[e.handler]).map((e) => e.handler);
  if (missing.length) app.log.warn({ handlers: [...new Set(missing)] }, `${missing.length} catalogue entries have no handler yet; they answer 501`);
  for (const entry of opts.catalogue) {
    const handler = opts.handlers[entry.handler];
    const entity = entry.entity ? opts.entities[entry.entity] : undefined;
    if (entry.entity && !entity) throw new Error(`catalogue entry ${entry.id}: unknown entity ${entry.entity}`);
    const validators = compileEntry(entry);
    app.route({
      method: entry.method,
      url: entry.routeUrl,
      handler: async (request, reply) => {
        const session = await opts.resolveSession(request);
        if (entry.permission !== PUBLIC) {
          if (!session) throw new HttpError(401, MSG.unauthenticated);
          if (!hasPermission(session.permissions, entry.permission)) throw new HttpError(403, MSG.forbidden);
        }
        const params = { ...(request.params as Record<string, unknown>) };
        check(validators.params, params);
        const query = splitQuery(entry.query, request.query as Record<string, unknown>);
        check(validators.query, query);
        const body = unwrapBody(entry, request.method, request.body);
        check(validators.body, body);
        dropConfirmations(entry.body, body);
        const result = await (handler ?? notImplemented)({
          db: opts.db, session, params, query, body, entry, entity, entities: opts.entities, catalogue: opts.catalogue, request, reply,
        });
        // A handler that answered itself (a file, a stream) is not answered a second time.
        if (result === REPLIED || result === reply || reply.sent) return reply;
        return reply.send(ok(result ?? null));
      },
    });
  }
}
