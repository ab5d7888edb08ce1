/**
 * Prometheus metrics (prom-client): request rate and latency per catalogue entry, the database
 * pool, open sockets, and the process's own figures. One registry per app, so several apps in a
 * test process don't collide.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';
import type { CatalogueEntry } from '../schema/types';

export interface MetricsSources {
  catalogue: CatalogueEntry[];
  pool?: pg.Pool;
  /** open STOMP sockets of this process */
  sockets?: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    metricsStart?: bigint;
  }
}

export function createMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // A route is labelled by its catalogue entry id, so a dashboard speaks the catalogue's language;
  // other routes by their pattern (never the raw URL: ids in URLs would explode the label set).
  const entryOf = new Map(sources.catalogue.map((e) => [`${e.method} ${e.routeUrl}`, e.id]));
  const label = (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url) return 'unmatched';
    return entryOf.get(`${request.method} ${url}`) ?? url;
  };

  const requests = new Counter({
    name: 'http_requests_total', help: 'HTTP requests answered, by catalogue entry (or route), method and status',
    labelNames: ['entry', 'method', 'status'] as const, registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time from request to reply, by catalogue entry (or route)',
    labelNames: ['entry', 'method'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
  });
  new Gauge({
    name: 'http_connections', help: 'Open HTTP connections of this process', registers: [registry],
    async collect() {
      this.set(await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n))));
    },
  });
  new Gauge({
    name: 'realtime_sockets', help: 'Open STOMP sockets of this process', registers: [registry],
    collect() {
      this.set(sources.sockets?.() ?? 0);
    },
  });
  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'db_pool_connections', help: 'PostgreSQL pool connections by state', labelNames: ['state'] as const, registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onRequest', async (request) => {
    request.metricsStart = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const entry = label(request);
    requests.inc({ entry, method: request.method, status: String(reply.statusCode) });
    if (request.metricsStart !== undefined) {
      duration.observe({ entry, method: request.method }, Number(process.hrtime.bigint() - request.metricsStart) / 1e9);
    }
  });
  return registry;
}
