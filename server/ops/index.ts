/**
 * What an operator needs from each process (issue 11, docs/deploy.md): liveness (/healthz),
 * readiness (/readyz: the database answers and the process is not draining), Prometheus metrics
 * (/metrics), and a graceful drain on SIGTERM (stop accepting, finish what is in flight, tell
 * socket clients to reconnect elsewhere).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database, Db } from '../db/connect';
import { fail, ok } from '../http/envelope';
import type { CatalogueEntry } from '../schema/types';
import { createMetrics } from './metrics';

export const OPS_MSG = {
  draining: '服务器正在重启，请稍后重试',
  notReady: '服务暂不可用',
  metricsForbidden: '无权读取监控指标',
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    ops: { draining: boolean; drain(): void };
  }
}

export interface OpsOptions {
  db: Db;
  database?: Database;
  catalogue: CatalogueEntry[];
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * /metrics is for the monitoring system, not the public: with METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>`; without, only a direct local connection that no proxy
 * forwarded (no X-Forwarded-For) may read it.
 */
function mayReadMetrics(request: FastifyRequest): boolean {
  const token = process.env.METRICS_TOKEN;
  if (token) {
    const given = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    return timingSafeEqual(digest(given), digest(token));
  }
  const remote = request.raw.socket.remoteAddress ?? '';
  const local = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
  return local && request.headers['x-forwarded-for'] === undefined;
}

export async function opsPlugin(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const state = { draining: false, drain: () => void (state.draining = true) };
  app.decorate('ops', state);
  const registry = createMetrics(app, {
    catalogue: opts.catalogue,
    pool: opts.database?.pool,
    sockets: () => (app.hasDecorator('realtime') ? app.realtime.size : 0),
  });

  // While draining, a request that still reaches this process (a kept-alive connection) is told to
  // go elsewhere, and the connection closes so the client's next request finds another process.
  app.addHook('onRequest', async (request, reply) => {
    if (!state.draining || request.url === '/healthz' || request.url === '/readyz') return;
    reply.header('connection', 'close').header('retry-after', '1');
    return reply.code(503).send(fail(503, OPS_MSG.draining));
  });

  app.get('/healthz', async () => ok({ status: 'ok' }, '正常'));

  app.get('/readyz', async (_request, reply) => {
    if (state.draining) return reply.code(503).send(fail(503, OPS_MSG.draining));
    try {
      await sql`select 1`.execute(opts.db);
    } catch (err) {
      reply.log.warn({ err }, 'readiness: database unreachable');
      return reply.code(503).send(fail(503, OPS_MSG.notReady));
    }
    return ok({ status: 'ready' }, '正常');
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request)) return reply.code(403).send(fail(403, OPS_MSG.metricsForbidden));
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
