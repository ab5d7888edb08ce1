/** Builds the Fastify app: envelope + errors, the catalogue's route table, UI and OpenAPI files. */
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase, type Database, type Db } from './db/connect';
import { uniqueMessages } from './db/sync';
import { multipartBody } from './files/multipart';
import { installErrorHandler } from './http/error-handler';
import { edgeOptions, securityHeaders, trustProxy } from './http/hardening';
import { fail } from './http/envelope';
import { MSG } from './http/errors';
import { routeTable } from './crud/routes';
import { allHandlers } from './handlers/index';
import { sessionResolver } from './auth/resolve';
import { shareSessionsAcrossProcesses } from './auth/sessions';
import { loadCatalogue, loadEntities } from './schema/load';
import type { CatalogueEntry, EntityMap } from './schema/types';
import type { Handler } from './crud/context';
import { realtimePlugin, type RealtimeOptions } from './realtime/plugin';
import { startSmsOutbox } from './resources/sms';
import { scheduleContractDates } from './project/jobs';
import { scheduleHourly } from './ops/hourly';
import { prunePositions } from './tracking/retention';
import { remindExpiringTrucks } from './resources/expiry-jobs';
import { remindOverdueReceipts } from './dispatch/jobs';
import { closeExpiredEnquiries } from './biz/jobs';
import { scheduleBorrowDates } from './digital-asset/asset-borrow';
import { opsPlugin } from './ops/index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  /** a ready Kysely instance (tests); otherwise one is opened from the environment and closed with the app */
  db?: Db;
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  entities?: EntityMap;
  catalogue?: CatalogueEntry[];
  /** built UI folder; defaults to dist/ when it exists */
  uiDir?: string | false;
  /** extra named handlers (tests) */
  handlers?: Record<string, Handler>;
  /** STOMP channel on /ws (docs/realtime.md); false leaves it out */
  realtime?: Omit<RealtimeOptions, 'db'> | false;
}

export const REDACTED_PATHS = [
  'req.headers["access-token"]', 'req.headers.authorization', 'req.headers.cookie',
  'headers["access-token"]', 'headers.authorization', 'headers.cookie',
  'req.headers["x-gps-key"]', 'headers["x-gps-key"]', 'req.headers["x-sso-key"]', 'headers["x-sso-key"]',
  'body.password', 'body.data.password', 'body.data.oldPassword', 'body.data.newPassword',
  'password', 'passwordHash', 'token',
];

export function defaultLogger(): FastifyServerOptions['logger'] {
  return { level: process.env.LOG_LEVEL ?? 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const ownDatabase = !opts.db && !opts.database ? await connectDatabase() : undefined;
  const database = opts.database ?? ownDatabase;
  const db: Db = opts.db ?? database!.db;
  const entities = opts.entities ?? loadEntities();
  const catalogue = opts.catalogue ?? loadCatalogue();
  // Several processes may share PostgreSQL: a logout on one must hold on all at once.
  if (database?.kind === 'pg') shareSessionsAcrossProcesses(db);

  const app = Fastify({
    logger: opts.logger === undefined ? defaultLogger() : opts.logger,
    bodyLimit: Number(process.env.BODY_LIMIT) || 1024 * 1024,
    trustProxy: trustProxy(),
    requestTimeout: 60_000,
    // Fastify's own two JSON lines per request drown the start banner; one short line instead (below).
    logController: new LogController({ disableRequestLogging: true }),
    ...edgeOptions(),
  });
  await securityHeaders(app);
  // One line per answered request, without the query string (it may carry a ticket or a token).
  // `npm start` asks for them at debug level (REQUEST_LOG_LEVEL) so its login banner stays in view.
  const requestLogLevel = (process.env.REQUEST_LOG_LEVEL ?? 'info') as 'info' | 'debug' | 'trace';
  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLogLevel](`${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  });
  await opsPlugin(app, { db, database, catalogue });
  const messages = uniqueMessages(entities);
  installErrorHandler(app, () => messages);
  await app.register(multipartBody);

  await app.register(async (api) => {
    await routeTable(api, { db, entities, catalogue, handlers: { ...allHandlers, ...opts.handlers }, resolveSession: sessionResolver(db) });
  });

  if (opts.realtime !== false) await realtimePlugin(app, { ...opts.realtime, db });
  // Contracts come into force and expire by date (DOMAIN §4.2).
  scheduleContractDates(app, db, entities);
  scheduleBorrowDates(app, db, entities);
  // Receipts not back in time are chased once (DOMAIN §4.2 回单超期). In the background: no
  // request depends on a reminder, and a backlog of thousands (a restore, a long outage) must not
  // outlast Fastify's start-up timeout and stop the server from starting.
  scheduleHourly(app, '回单超期提醒失败', () => remindOverdueReceipts(db, entities), { background: true });
  // Enquiries past their quote deadline close (DOMAIN §4.1 enquiry 5 → 10).
  scheduleHourly(app, '询价自动截止失败', () => closeExpiredEnquiries(db, entities));
  // Own trucks' licences and insurance coming to an end are reminded once per date.
  scheduleHourly(app, '证照到期提醒失败', () => remindExpiringTrucks(db, entities), { background: true });
  // Positions beyond the organisation's 轨迹保留天数 are deleted.
  scheduleHourly(app, '轨迹清理失败', () => prunePositions(db), { background: true });

  const openapi = path.join(repoRoot, 'api/generated/openapi.json');
  app.get('/api/openapi.json', async (_req, reply) => {
    if (!existsSync(openapi)) return reply.code(404).send(fail(404, MSG.routeNotFound));
    return reply.type('application/json; charset=utf-8').send(readFileSync(openapi, 'utf8'));
  });

  const uiDir = opts.uiDir === false ? undefined : path.resolve(opts.uiDir ?? path.join(repoRoot, 'dist'));
  const hasUi = !!uiDir && existsSync(path.join(uiDir, 'index.html'));
  if (hasUi) await app.register(fastifyStatic, { root: uiDir!, wildcard: false, index: false, decorateReply: true });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const wantsHtml = request.method === 'GET' && /text\/html/.test(String(request.headers.accept ?? ''));
    if (hasUi && !url.startsWith('/api') && wantsHtml) {
      // SPA fallback: the browser router owns every non-API path.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(fail(404, MSG.routeNotFound));
  });

  // SMS wait in the outbox until a configured provider (SMS_WEBHOOK_URL) drains them.
  startSmsOutbox(app, db);
  if (ownDatabase) app.addHook('onClose', async () => ownDatabase.close());
  return app;
}
