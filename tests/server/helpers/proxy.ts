/**
 * A small reverse proxy for the multi-process tests: round-robin over the upstreams (skipping one
 * that refused a connection), WebSocket upgrades piped through, X-Forwarded-For appended the way
 * nginx does. A test may pin a request to one upstream with `x-test-upstream: <index>`; every
 * answer says which upstream served it in `x-upstream`.
 */
import http from 'node:http';
import net from 'node:net';

export interface Proxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startProxy(upstreams: number[]): Promise<Proxy> {
  let next = 0;
  const dead = new Set<number>();
  const pick = (pinned: string | string[] | undefined): number => {
    if (typeof pinned === 'string' && pinned !== '') return Number(pinned);
    for (let i = 0; i < upstreams.length; i++) {
      const n = next++ % upstreams.length;
      if (!dead.has(n)) return n;
    }
    return 0;
  };
  const forwarded = (req: http.IncomingMessage) => {
    const prior = req.headers['x-forwarded-for'];
    return prior ? `${prior}, ${req.socket.remoteAddress}` : String(req.socket.remoteAddress);
  };

  const server = http.createServer((req, res) => {
    const n = pick(req.headers['x-test-upstream']);
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwarded(req) };
    delete headers['x-test-upstream'];
    const up = http.request({ host: '127.0.0.1', port: upstreams[n], method: req.method, path: req.url, headers, agent: false }, (r) => {
      res.writeHead(r.statusCode ?? 502, { ...r.headers, 'x-upstream': String(n) });
      r.pipe(res);
    });
    up.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') dead.add(n);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'x-upstream': String(n) });
      res.end(JSON.stringify({ code: 502, msg: '上游服务不可用', data: null }));
    });
    req.pipe(up);
  });

  server.on('upgrade', (req, socket, head) => {
    const n = pick(req.headers['x-test-upstream']);
    const up = net.connect(upstreams[n]!, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
