/**
 * Issue 11, probed from outside over real sockets: security headers on pages and API replies,
 * and the {code,msg,data} envelope with a Chinese msg for every failure, including the ones
 * Fastify and Node answer before a route runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/connect';
import { freshPglite } from './helpers/databases';

const CHINESE = /[\u4e00-\u9fff]/;

/** Sends raw bytes and reads the whole answer (the server closes after an error). */
function raw(port: number, request: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined); // the server may reset after answering
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      if (!statusLine) return reject(new Error('no answer'));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
    setTimeout(() => socket.end(), 2000).unref();
  });
}

describe('the edges of the HTTP server', () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  let base: string;

  beforeAll(async () => {
    database = await freshPglite();
    const uiDir = mkdtempSync(path.join(os.tmpdir(), 'ui-'));
    writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>华运</title>');
    app = await buildApp({ database, logger: false, uiDir, realtime: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('sends the security headers with pages and with API replies', async () => {
    for (const [url, accept] of [['/dashboard', 'text/html'], ['/api/v1/user-base/organization/allow-anonymous/list', 'application/json'], ['/api/v1/nope', 'application/json']]) {
      const r = await fetch(base + url, { headers: { accept: accept! } });
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('answers a 200-character path parameter with 414 in the envelope', async () => {
    const r = await fetch(`${base}/api/v1/user-base/organization/${'1'.repeat(200)}`);
    expect(r.status).toBe(414);
    expect(await r.json()).toEqual({ code: 414, msg: '请求地址过长', data: null });
  });

  it('answers a malformed URL with 400 in the envelope', async () => {
    const r = await fetch(`${base}/api/v1/user-base/organization/%E0%A4%A`);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 400, msg: '请求地址不正确', data: null });
  });

  it('answers a 16 KB query string with 431 in the envelope', async () => {
    const r = await raw(port, `GET /api/v1/auth/me?q=${'x'.repeat(16 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.body)).toEqual({ code: 431, msg: '请求头过大', data: null });
  });

  it('answers a request that is not HTTP with 400 in the envelope', async () => {
    const r = await raw(port, 'HELLO THERE\r\n\r\n');
    expect(r.status).toBe(400);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ code: 400, data: null });
    expect(body.msg).toMatch(CHINESE);
  });

  it('refuses a top-level key beside data, as the OpenAPI document says', async () => {
    const r = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { username: 'admin', password: 'Admin@123' }, isAdmin: true }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 400, msg: '请求体格式不正确，应为 {data: ...}，不允许的字段：isAdmin', data: null });
    const spec = JSON.parse(await (await fetch(`${base}/api/openapi.json`)).text());
    const body = spec.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
  });

  it('reads ids only as plain decimals: /organization/0x10 is not organisation 16', async () => {
    const login = await (await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { username: 'admin', password: 'Admin@123' } }),
    })).json();
    const token = login.data.token as string;
    for (const id of ['0x1', '1e0', '+1', ' 1', '1.0']) {
      const r = await fetch(`${base}/api/v1/user-base/organization/${encodeURIComponent(id)}`, { headers: { 'access-token': token } });
      expect(r.status, id).toBe(400);
      expect(await r.json()).toMatchObject({ code: 400, msg: '单位编号应为整数' });
    }
    const put = await fetch(`${base}/api/v1/user-base/organization/0x10`, {
      method: 'PUT', headers: { 'access-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: '改名', version: 1 } }),
    });
    expect(put.status).toBe(400);
    expect((await fetch(`${base}/api/v1/user-base/organization/1`, { headers: { 'access-token': token } })).status).toBe(200);
    const query = await fetch(`${base}/api/v1/user-base/customer/list-local-customer?pageNo=0x2`, { headers: { 'access-token': token } });
    expect(query.status).toBe(400);
  });
});
