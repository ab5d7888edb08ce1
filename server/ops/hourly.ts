/** Jobs that keep date-driven facts true: run once before the server takes requests, then hourly. */
import type { FastifyInstance } from 'fastify';

const HOUR = 3600_000;

/**
 * Runs `job` when the server is ready and every hour after; stops with the server. A failure is
 * logged with `failure` and retried next hour. The first run is awaited (no request is served
 * before it) unless `background`, for clean-ups no request depends on; a run in progress is
 * awaited when the server closes.
 */
export function scheduleHourly(app: FastifyInstance, failure: string, job: () => Promise<unknown>, opts: { background?: boolean } = {}): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => (running = job().catch((err) => app.log.error({ err }, failure)));
  app.addHook('onReady', async () => {
    if (opts.background) void run();
    else await run();
    timer = setInterval(run, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
