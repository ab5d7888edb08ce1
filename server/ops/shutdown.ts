/**
 * Graceful shutdown on SIGTERM/SIGINT: readiness turns 503 and new requests are sent elsewhere,
 * STOMP clients get an ERROR frame telling them to reconnect (the browser does after 5 s, through
 * the proxy to another process), the listener stops accepting, requests in flight finish, then
 * the database closes. A second signal, or SHUTDOWN_TIMEOUT_MS, ends the process at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';

export const RESTART_MSG = '服务器正在重启，请稍后自动重新连接';

export function installGracefulShutdown(app: FastifyInstance, database: Database): void {
  let closing = false;
  const timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 30_000;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'draining: no new requests, finishing the ones in flight');
    app.ops.drain();
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, timeoutMs).unref();
    let code = 0;
    try {
      if (app.hasDecorator('realtime')) app.realtime.drain(RESTART_MSG);
      // Stops accepting, waits for requests in flight, closes idle keep-alive connections, then
      // runs onClose hooks (LISTEN connection, outbox timer, database when the app owns it).
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      await database.close().catch(() => undefined);
    }
    app.log.info('stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
