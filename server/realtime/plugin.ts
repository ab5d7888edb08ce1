/**
 * Wires the real-time channel into a Fastify app: the STOMP gateway on WS_PATH of the app's own
 * HTTP server, the LISTEN side of the bus, session revocation -> socket close, and the bot
 * outbox retry timer. Everything it starts it stops in onClose, LISTEN client before the pool.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Db } from '../db/connect';
import { forgetSessions, onSessionRevoked, verifyToken } from '../auth/sessions';
import { appDestinations } from '../messaging/chat';
import { drainOutbox, releaseOutboxDb, useOutboxDb } from '../messaging/wechat-bot';
import { listen, publish } from './bus';
import { Gateway, type GatewayOptions } from './gateway';
import { WS_PATH } from './events';
import { rawEnvelopeReply } from '../http/hardening';
import { MSG } from '../http/errors';

export interface RealtimeOptions {
  db: Db;
  /** connection string of the dedicated LISTEN connection on PostgreSQL; defaults to DATABASE_URL */
  pgUrl?: string;
  heartbeatMs?: number;
  silentTimeoutMs?: number;
  maxBufferedBytes?: number;
  /** extra page origins allowed besides same-origin; defaults to REALTIME_ALLOWED_ORIGINS (comma-separated) */
  allowedOrigins?: string[];
  /** outbox retry period; 0 disables */
  outboxIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Gateway;
  }
}

export async function realtimePlugin(app: FastifyInstance, opts: RealtimeOptions): Promise<Gateway> {
  const { db } = opts;
  const gatewayOptions: GatewayOptions = {
    verify: (token) => verifyToken(db, token),
    onSend: appDestinations(db),
    heartbeatMs: opts.heartbeatMs,
    silentTimeoutMs: opts.silentTimeoutMs,
    maxBufferedBytes: opts.maxBufferedBytes,
    allowedOrigins: opts.allowedOrigins ?? (process.env.REALTIME_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    log: app.log,
  };
  const gateway = new Gateway(gatewayOptions);
  const listener = await listen(db, (m) => {
    if ('t' in m) return void gateway.deliver(m.t, m.e);
    if ('o' in m) return void gateway.deliverTopic(m.o, m.d, m.e);
    forgetSessions(m.k);
    gateway.kick(m.k);
  }, {
    pgUrl: opts.pgUrl ?? process.env.DATABASE_URL,
    log: (msg, err) => app.log.warn({ err }, msg),
  });

  // Revocations are announced on the bus (the sockets of those sessions close on every process,
  // and every process drops them from its session cache). The listener is process-wide; only
  // sessions of this app's database are announced.
  const offRevoked = onSessionRevoked(async (rows, revokedOn) => {
    if (revokedOn !== db) return;
    await publish(db, { k: rows.map((r) => r.sessionId) }).catch((err) => app.log.warn({ err }, 'realtime kick failed'));
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === WS_PATH) return gateway.handleUpgrade(req, socket, head);
    // Nobody else upgrades on this server: answer instead of leaving the socket hanging.
    if (app.server.listenerCount('upgrade') === 1) socket.once('finish', () => socket.destroy()).end(rawEnvelopeReply(404, 'Not Found', MSG.routeNotFound));
  };
  app.server.on('upgrade', onUpgrade);

  const outboxMs = opts.outboxIntervalMs ?? 30000;
  const outboxTimer = outboxMs > 0 ? setInterval(() => void drainOutbox(db).catch(() => undefined), outboxMs).unref() : null;
  useOutboxDb(db);

  app.decorate('realtime', gateway);
  app.addHook('onClose', async () => {
    offRevoked();
    if (outboxTimer) clearInterval(outboxTimer);
    releaseOutboxDb(db);
    app.server.off('upgrade', onUpgrade);
    await gateway.close();
    await listener.close();
  });
  app.log.debug({ mode: listener.mode, path: WS_PATH }, 'realtime channel ready');
  return gateway;
}
