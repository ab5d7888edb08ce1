/** An app on a fresh seeded database, driven with inject(), plus small request helpers. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/connect';
import { freshDatabase, TEST_ADMIN_PASSWORD, type Backend } from './databases';
import { syncEntities } from '../../../server/db/sync';
import type { CatalogueEntry, EntityMap } from '../../../server/schema/types';

export const PASSWORDS: Record<string, string> = {
  admin: TEST_ADMIN_PASSWORD,
  business: 'Business@123',
  nobody: 'Nobody@123',
  suzhou: 'Suzhou@123',
  orphan: 'Orphan@123',
  gm: 'Gm@123',
  bizmgr: 'Bizmgr@123',
  planner: 'Planner@123',
  pm: 'Pm@123',
  dispatch: 'Dispatch@123',
  finance: 'Finance@123',
  cashier: 'Cashier@123',
  wh: 'Wh@123',
  archive: 'Archive@123',
  screen: 'Screen@123',
};

export interface Harness {
  app: FastifyInstance;
  database: Database;
  call(method: InjectOptions['method'], url: string, opts?: { token?: string; data?: unknown; body?: unknown; headers?: Record<string, string>; ip?: string }): Promise<{ status: number; body: any; headers: Record<string, any> }>;
  login(username: string, password?: string, orgId?: number): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** definitions beyond the repo's (fixtures): their tables are synced into the fresh database */
  entities?: EntityMap;
  catalogue?: CatalogueEntry[];
}

export async function startHarness(backend: Backend, opts: HarnessOptions = {}): Promise<Harness> {
  const database = await freshDatabase(backend);
  if (opts.entities) await syncEntities(database.db, opts.entities);
  const app = await buildApp({ database, logger: false, uiDir: false, entities: opts.entities, catalogue: opts.catalogue });
  await app.ready();
  const call: Harness['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers['access-token'] = opts.token;
    let payload: string | undefined;
    if (opts.body !== undefined) payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    else if (opts.data !== undefined) payload = JSON.stringify({ data: opts.data });
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await app.inject({ method, url, headers, payload, remoteAddress: opts.ip });
    let body: any = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      /* non-JSON bodies stay text */
    }
    return { status: res.statusCode, body, headers: res.headers as Record<string, any> };
  };
  return {
    app,
    database,
    call,
    async login(username, password = PASSWORDS[username], orgId) {
      const r = await call('POST', '/api/v1/auth/login', { data: { username, password, ...(orgId ? { orgId } : {}) } });
      if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
