// The date-driven jobs run at start-up: a job requests depend on is awaited before the first
// request; a reminder backlog runs in the background so it can't hold the server's start-up
// (Fastify gives up after its plugin timeout and the process exits).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleHourly } from '../../server/ops/hourly';

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('scheduleHourly', () => {
  it('awaits a foreground job before the server is ready, but not a background one', async () => {
    const app = Fastify();
    const slow = gate();
    let foregroundDone = false;
    let backgroundDone = false;
    scheduleHourly(app, 'fg', async () => { foregroundDone = true; });
    scheduleHourly(app, 'bg', async () => { await slow.promise; backgroundDone = true; }, { background: true });
    await app.ready();
    expect(foregroundDone).toBe(true);
    expect(backgroundDone).toBe(false);
    slow.open();
    // closing waits for the run in progress, so nothing is cut off half-way
    await app.close();
    expect(backgroundDone).toBe(true);
  });

  it('a failing job is logged and does not stop the server from starting', async () => {
    const logged: string[] = [];
    const app = Fastify();
    app.log.error = ((_obj: unknown, msg: string) => { logged.push(msg); }) as typeof app.log.error;
    scheduleHourly(app, '提醒失败', async () => { throw new Error('boom'); });
    await app.ready();
    expect(logged).toEqual(['提醒失败']);
    await app.close();
  });
});
