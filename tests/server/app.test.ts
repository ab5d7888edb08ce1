import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, defaultLogger } from '../../server/app';
import { loadCatalogue } from '../../server/schema/load';
import type { Database } from '../../server/db/connect';
import { freshPglite } from './helpers/databases';

describe('app shell: UI fallback, OpenAPI, internal errors', () => {
  let database: Database;
  let app: FastifyInstance;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await freshPglite();
    const uiDir = mkdtempSync(path.join(os.tmpdir(), 'ui-'));
    writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>华运</title>');
    writeFileSync(path.join(uiDir, 'app.js'), 'console.log(1)');
    const catalogue = [
      ...loadCatalogue(),
      { id: 'test.boom', catalogue: 'test', name: 'boom', method: 'POST' as const, path: '/api/v1/test/boom', routeUrl: '/api/v1/test/boom', permission: '@public', handler: 'test.boom' },
    ];
    const stream = { write: (line: string) => void logged.push(line) };
    app = await buildApp({
      database, uiDir, catalogue,
      logger: { ...(defaultLogger() as object), level: 'info', stream },
      handlers: { 'test.boom': async () => { throw new Error('secret internal detail at db.ts:42'); } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('serves index.html for browser navigation and static files by name', async () => {
    const page = await app.inject({ method: 'GET', url: '/customer/list?x=1', headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>华运</title>');
    const js = await app.inject({ method: 'GET', url: '/app.js' });
    expect(js.body).toBe('console.log(1)');
  });

  it('never answers an unknown /api path with the page', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v1/unknown', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('hides internal errors behind a Chinese 500 and logs them without the token', async () => {
    const r = await app.inject({
      method: 'POST', url: '/api/v1/test/boom', headers: { 'access-token': 'tok-should-not-be-logged' },
      payload: { data: { password: 'pw-should-not-be-logged' } },
    });
    expect(r.statusCode).toBe(500);
    // The user can quote the request id: it is in the reply and on the log line of the failure.
    const id = r.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(r.json()).toEqual({ code: 500, msg: `服务器内部错误（请求编号：${id}）`, data: null });
    expect(r.body).not.toContain('secret internal detail');
    const failure = logged.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({ reqId: id, err: { message: 'secret internal detail at db.ts:42' } });
    const log = logged.join('\n');
    expect(log).not.toContain('tok-should-not-be-logged');
    expect(log).not.toContain('pw-should-not-be-logged');
  });
});
