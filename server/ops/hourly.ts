/** Jobs that keep date-driven facts true: run once before the server takes requests, then hourly. */
import type { FastifyInstance } from 'fastify';

const HOUR = 3600_000;

/** Runs `job` when the server is ready (awaited) and every hour after; stops with the server. A failure is logged with `failure` and retried next hour. */
export function scheduleHourly(app: FastifyInstance, failure: string, job: () => Promise<unknown>): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () => job().catch((err) => app.log.error({ err }, failure));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
