/**
 * The guard's own test (issue 22): with BENCH_SLOW_LIST=1 the bench preloads this module into the
 * product's process, and every `list-local-customer` request holds the event loop for
 * BENCH_SLOW_LIST_MS (default 3 ms) before the server sees it. The list's ratio then falls and
 * the regression report must name it. Only the bench harness loads this; the server knows nothing of it.
 */
import http from 'node:http';

const ms = Number(process.env.BENCH_SLOW_LIST_MS ?? 3);
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: any[]) {
  if (event === 'request' && String((args[0] as http.IncomingMessage).url).includes('list-local-customer')) {
    const until = performance.now() + ms;
    while (performance.now() < until) { /* burn: the slowdown under test */ }
  }
  return (emit as (...a: any[]) => boolean).call(this, event, ...args);
} as typeof emit;
