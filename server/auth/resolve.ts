import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Session } from './session-types';
import { verifyToken } from './sessions';

/** Reads the `access-token` header once per request. */
export function sessionResolver(db: Db) {
  const cache = new WeakMap<FastifyRequest, Promise<Session | null>>();
  return (request: FastifyRequest): Promise<Session | null> => {
    let p = cache.get(request);
    if (!p) {
      const header = request.headers['access-token'];
      p = verifyToken(db, Array.isArray(header) ? header[0] : header);
      cache.set(request, p);
    }
    return p;
  };
}
