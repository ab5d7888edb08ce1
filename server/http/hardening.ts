/**
 * The edges of the HTTP server that the route table never sees: failures Fastify or Node answer
 * before routing (a path parameter too long, a bad URL, headers too large, a timeout), the
 * request id, and the security headers (issue 11). Every one of them answers the {code,msg,data}
 * envelope with a Chinese message, like any other reply.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { fail } from './envelope';
import { MSG } from './errors';

export const EDGE_MSG = {
  badUrl: '请求地址不正确',
  paramTooLong: '请求地址过长',
  headersTooLarge: '请求头过大',
  timeout: '请求超时，请重试',
  badRequest: MSG.badRequest,
} as const;

/** What the framework raises before a route runs (find-my-way's URL checks). */
function frameworkErrors(err: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, msg] = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, EDGE_MSG.paramTooLong]
    : err.code === 'FST_ERR_BAD_URL' ? [400, EDGE_MSG.badUrl]
    : [400, EDGE_MSG.badRequest];
  void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(fail(status, msg));
}

/**
 * What Node's HTTP parser refuses before Fastify has a request (431 headers too large, 408, any
 * malformed request): written straight to the socket, so the headers are written here too.
 */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', EDGE_MSG.headersTooLarge]
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT' ? [408, 'Request Timeout', EDGE_MSG.timeout]
    : [400, 'Bad Request', EDGE_MSG.badRequest];
  if (socket.writable) socket.write(rawEnvelopeReply(status, reason, msg));
  socket.destroy(err);
}

/** A complete HTTP/1.1 error reply with the envelope, for places that only hold a raw socket. */
export function rawEnvelopeReply(status: number, reason: string, msg: string): string {
  const body = JSON.stringify(fail(status, msg));
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
    + `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Each request gets an id, logged with every line about it and sent back as `x-request-id` (and
 * inside 5xx messages), so a user can quote it. Behind a trusted proxy the proxy's id is kept,
 * so one id follows the request through both logs.
 */
function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const fromProxy = trustProxy() ? req.headers['x-request-id'] : undefined;
  if (typeof fromProxy === 'string' && REQUEST_ID.test(fromProxy)) return fromProxy;
  return randomBytes(8).toString('hex');
}

export function trustProxy(): boolean {
  return process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true';
}

/** Constructor options of the Fastify instance. */
export function edgeOptions(): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler' | 'genReqId' | 'return503OnClosing'> {
  // Fastify's own 503 while closing is English and outside the envelope: server/ops answers instead.
  return { frameworkErrors, clientErrorHandler, genReqId, return503OnClosing: false };
}

/**
 * The Content-Security-Policy allows what the app itself loads and nothing else: its own scripts
 * (no inline script, no eval), inline styles (antd and monaco inject <style> at run time), images
 * from itself, data: (captcha, ECharts exports) and blob:, monaco's workers from its own files,
 * and no framing by anyone (clickjacking).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  // A fetched PDF is previewed from its object URL in a frame (the file's own address is sandboxed).
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Not upgrade-insecure-requests: a plain-HTTP intranet deployment would break.
  upgradeInsecureRequests: null,
};

export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // One year, this host only: other hosts of the same domain may still be plain HTTP.
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: false },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
