/**
 * Catalogue-driven sweeps (issue 16). Every call comes from the generated catalogue, none from a
 * hand list:
 * (a) every call with a record id in its path, made by the administrator of 华运苏州 (`suzhou`,
 *     no 集团管理) with real ids of 华运上海, is refused — reads 404 (group-level rows, which the
 *     group shares, may be read), writes 403/404 — and the target rows stay byte for byte the same;
 * (b) every write (POST/PUT/DELETE), made by the group administrator with real ids of its own
 *     organisation, refuses malformed bodies with a 400 in Chinese and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadCatalogue, loadEntities } from '../../server/schema/load';
import type { CatalogueEntry, ResolvedEntity } from '../../server/schema/types';
import { startHarness, type Harness } from './helpers/harness';
import { backends } from './helpers/databases';
import { hasPermission } from '../../schemas/src/permission';

const SHANGHAI = '华运物流(上海)有限公司';
const CHINESE = /[\u4e00-\u9fa5]/;
const catalogue = loadCatalogue();
const entities = loadEntities();

/** Path parameters that name a record of an entity under another name than its id field. */
const ALIASES: Record<string, string> = { managerStaffId: 'staff', relationId: 'staff', platformSupplierId: 'supplier' };

function entityOfParam(entry: CatalogueEntry, param: string): ResolvedEntity | undefined {
  if (ALIASES[param]) return entities[ALIASES[param]];
  const own = entry.entity ? entities[entry.entity] : undefined;
  if (own?.idField === param) return own;
  const all = Object.values(entities).filter((e) => e.idField === param);
  return all.find((e) => e.tenant === 'org') ?? all[0];
}

const paramsOf = (entry: CatalogueEntry) => [...entry.routeUrl.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

interface Target { entity: ResolvedEntity; id: number; row: Record<string, any> }

describe.each(await backends())('security sweeps over the catalogue on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let suzhou: string;
  let shanghaiId: number;
  let shanghaiStaff: number[];
  let suzhouPermissions: string[];
  const rowCache = new Map<string, Record<string, any> | null>();

  /** A real row of 华运上海 (organisation rows by orgId, group-level rows by their author). */
  async function shanghaiRow(entity: ResolvedEntity): Promise<Record<string, any> | null> {
    if (rowCache.has(entity.name)) return rowCache.get(entity.name)!;
    let qb = h.database.db.selectFrom(entity.table).selectAll();
    if (entity.name === 'organization') qb = qb.where('orgId', '=', shanghaiId);
    else if (entity.tenant === 'org') qb = qb.where('orgId', '=', shanghaiId);
    else if (entity.tenant === 'corp') qb = qb.where('createdBy', 'in', shanghaiStaff);
    else { rowCache.set(entity.name, null); return null; }
    const row = ((await qb.orderBy(entity.idField).limit(1).executeTakeFirst()) as Record<string, any> | undefined) ?? null;
    rowCache.set(entity.name, row);
    return row;
  }

  /** The path filled with 华运上海's rows, or null when a parameter names no record of a tenant. */
  async function fill(entry: CatalogueEntry): Promise<{ url: string; targets: Target[] } | null> {
    const targets: Target[] = [];
    let url = entry.routeUrl;
    const names = paramsOf(entry);
    const own = entry.entity ? entities[entry.entity] : undefined;
    for (const name of names) {
      const entity = name === 'id' && names.includes('entity') ? entities.project : entityOfParam(entry, name);
      if (name === 'entity') { url = url.replace(':entity', 'project'); continue; }
      if (entity) {
        const row = await shanghaiRow(entity);
        if (!row) return null;
        targets.push({ entity, id: Number(row[entity.idField]), row });
        url = url.replace(`:${name}`, String(row[entity.idField]));
        continue;
      }
      // A non-id segment (a plate, a type): the value of the entry's own record, when it has one.
      const ownRow = own ? await shanghaiRow(own) : null;
      const value = ownRow?.[name];
      if (value === undefined || value === null) return null;
      url = url.replace(`:${name}`, encodeURIComponent(String(value)));
    }
    return targets.length ? { url, targets } : null;
  }

  async function checksum(targets: Target[]): Promise<string[]> {
    const out: string[] = [];
    for (const t of targets) {
      const r = await sql<{ sum: string | null }>`select md5(t::text) as sum from ${sql.table(t.entity.table)} t where ${sql.ref(t.entity.idField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${t.id}`.execute(h.database.db);
      out.push(`${t.entity.name}#${t.id}:${r.rows[0]?.sum ?? 'gone'}`);
    }
    return out;
  }

  /** A body that passes the call's schema, so the refusal tested is the tenant's, not validation's. */
  function sample(schema: any, name: string, targets: Target[]): unknown {
    if (!schema || typeof schema !== 'object') return {};
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const types = ([] as string[]).concat(schema.type ?? 'object').filter((t) => t !== 'null');
    const type = types.find((t) => t === 'number' || t === 'integer') ?? types[0] ?? 'object';
    if (type === 'object') {
      const props = (schema.properties ?? {}) as Record<string, any>;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(props)) {
        const hit = targets.find((t) => t.entity.idField === k);
        if (hit) out[k] = hit.id;
        else if (k === 'version' && targets[0]?.row.version !== undefined) out[k] = targets[0].row.version;
        else if ((schema.required ?? []).includes(k)) out[k] = sample(props[k], k, targets);
      }
      return out;
    }
    if (type === 'array') return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name, targets));
    if (type === 'integer' || type === 'number') {
      const hit = targets.find((t) => t.entity.idField === name);
      return hit ? hit.id : Math.max(1, schema.minimum ?? 1);
    }
    if (type === 'boolean') return true;
    if (schema.format === 'date') return '2026-06-01';
    if (schema.format === 'datetime') return '2026-06-01 08:00:00';
    if (schema.format === 'date-time') return '2026-06-01T08:00:00Z';
    if (schema.pattern) {
      const fits = ['/api/v1/file-base/file/sweep.jpg', '13800000000', '1', '2026-06-01', 'A1'].find((c) => new RegExp(schema.pattern).test(c));
      if (fits) return fits;
    }
    return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    admin = await h.login('admin');
    suzhou = await h.login('suzhou');
    const me = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data as { permissionScopes: { permissionName: string }[] };
    suzhouPermissions = me.permissionScopes.map((p) => p.permissionName);
    const orgs = (await h.call('GET', '/api/v1/auth/orgs', { token: admin })).body.data as { orgId: number; name: string }[];
    shanghaiId = orgs.find((o) => o.name === SHANGHAI)!.orgId;
    shanghaiStaff = ((await h.database.db.selectFrom('staff').select('staffId').where('orgId', '=', shanghaiId).execute()) as { staffId: number }[]).map((s) => s.staffId);
  }, 120_000);
  afterAll(async () => h?.close());

  it('(a) the sibling organisation reaches no record of 上海 through any call with an id in its path', async () => {
    const withIds = catalogue.filter((e) => e.permission !== '@public' && paramsOf(e).length);
    const leaks: string[] = [];
    const uncovered: string[] = [];
    let reads = 0;
    let writes = 0;
    for (const entry of withIds) {
      const filled = await fill(entry);
      if (!filled) { uncovered.push(entry.id); continue; }
      const before = await checksum(filled.targets);
      const data = entry.method === 'GET' || entry.method === 'DELETE' ? undefined : (entry.body ? sample(entry.body, '', filled.targets) : {});
      const r = await h.call(entry.method, filled.url, { token: suzhou, ...(data !== undefined ? { data } : {}) });
      const groupLevel = filled.targets.every((t) => t.entity.tenant === 'corp');
      const lacks = !hasPermission(suzhouPermissions, entry.permission);
      const allowed = entry.method === 'GET' ? [...(groupLevel ? [200, 404] : [404]), ...(lacks ? [403] : [])] : [403, 404];
      if (!allowed.includes(r.status)) leaks.push(`${entry.method} ${filled.url} (${entry.id}) → ${r.status} ${r.body?.msg ?? ''}`);
      else if (r.status !== 200 && !CHINESE.test(String(r.body?.msg))) leaks.push(`${entry.id}: message not in Chinese: ${r.body?.msg}`);
      const after = await checksum(filled.targets);
      if (after.join() !== before.join()) leaks.push(`${entry.id} changed ${after.filter((x, i) => x !== before[i]).join(', ')}`);
      if (entry.method === 'GET') reads++; else writes++;
    }
    console.info(`sweep (a): ${reads} reads and ${writes} writes with 上海's ids; ${uncovered.length} calls without a tenant record in the path: ${uncovered.join(', ')}`);
    expect(leaks).toEqual([]);
    expect(reads + writes).toBeGreaterThan(150);
  }, 600_000);

  it('(b) every write refuses malformed bodies with a 400 in Chinese and changes nothing', async () => {
    const writes = catalogue.filter((e) => e.method !== 'GET');
    const MALFORMED: { name: string; payload?: string }[] = [
      { name: 'no body' }, { name: 'null', payload: 'null' }, { name: '[]', payload: '[]' },
      { name: '{"data":1e308}', payload: '{"data":1e308}' }, { name: '{"data":"x"}', payload: '{"data":"x"}' },
    ];
    const wrong: string[] = [];
    const skipped: string[] = [];
    let calls = 0;
    const shanghaiAdmin = admin;
    // Rows of the admin's own organisation (上海), as a real call would name them.
    for (const entry of writes) {
      const filled = paramsOf(entry).length ? await fill(entry) : { url: entry.routeUrl, targets: [] };
      if (!filled) { skipped.push(entry.id); continue; }
      const table = entry.entity ? entities[entry.entity] : undefined;
      const count = async () => (table ? Number(((await h.database.db.selectFrom(table.table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: number }).n) : 0);
      const before = [...(await checksum(filled.targets)), String(await count())];
      for (const m of MALFORMED) {
        // A DELETE takes no body: sent without one it is the well-formed call.
        if (entry.method === 'DELETE' && m.payload === undefined) continue;
        const headers = m.payload === undefined ? undefined : { 'content-type': 'application/json' };
        const r = await h.call(entry.method, filled.url, { token: shanghaiAdmin, ...(m.payload !== undefined ? { body: m.payload } : {}), headers });
        calls++;
        if (r.status !== 400 || !CHINESE.test(String(r.body?.msg))) wrong.push(`${entry.method} ${filled.url} (${entry.id}) with ${m.name} → ${r.status} ${r.body?.msg ?? ''}`);
      }
      const after = [...(await checksum(filled.targets)), String(await count())];
      if (after.join() !== before.join()) wrong.push(`${entry.id} changed: ${before.join()} → ${after.join()}`);
    }
    console.info(`sweep (b): ${writes.length - skipped.length} of ${writes.length} write calls, ${calls} malformed requests; without a record of 上海 for the path: ${skipped.join(', ')}`);
    // Left out: calls on records the demo keeps only in 苏州 (warehouse 出库, 物料入库/领用) or not at all
    // in 上海 (a feed, a bot rule), and the driver's token calls (a token, not an id, in the path).
    expect(skipped.length).toBeLessThan(20);
    expect(wrong).toEqual([]);
    expect(writes.length).toBeGreaterThan(200);
  }, 600_000);
});

describe('the rules the sweeps rest on', () => {
  let h: Harness;
  const t: Record<string, string> = {};
  let shanghaiId: number;
  const P = '/api/v1/project-base/insurance-rate';
  const B = '/api/v1/user-base/bill-platform';
  const ORG = '/api/v1/user-base/organization';

  beforeAll(async () => {
    h = await startHarness('pglite');
    for (const u of ['admin', 'suzhou', 'archive', 'business', 'dispatch', 'pm']) t[u] = await h.login(u);
    shanghaiId = (await h.call('GET', '/api/v1/auth/me', { token: t.admin })).body.data.orgId;
  }, 120_000);
  afterAll(async () => h?.close());

  const shanghaiRate = async (withChildren: boolean) => {
    const rows = (await h.database.db.selectFrom('insuranceRate as r').selectAll('r')
      .where((eb) => {
        const hasChild = eb.exists(eb.selectFrom('insuranceRate as c').select('c.rateId').whereRef('c.parentId', '=', 'r.rateId'));
        return withChildren ? hasChild : eb.not(hasChild);
      })
      .orderBy('r.rateId').execute()) as Record<string, any>[];
    return rows[0]!;
  };

  it('a sibling organisation reads the group-level rows of 上海 but neither changes nor deletes them', async () => {
    const leaf = await shanghaiRate(false);
    expect((await h.call('GET', `${P}/${leaf.rateId}`, { token: t.suzhou })).status).toBe(200);
    const put = await h.call('PUT', `${P}/${leaf.rateId}`, { token: t.suzhou, data: { name: '苏州改的', version: leaf.version } });
    expect(put.status).toBe(403);
    expect(put.body.msg).toBe('该运输保险费率由集团内其他单位创建，只有创建单位或集团管理员可以修改');
    const del = await h.call('DELETE', `${P}/${leaf.rateId}`, { token: t.suzhou });
    expect(del.status).toBe(403);
    expect(del.body.msg).toMatch(/只有创建单位或集团管理员可以删除/);
    const platform = (await h.database.db.selectFrom('billPlatform').selectAll().orderBy('billPlatformId').executeTakeFirstOrThrow()) as Record<string, any>;
    expect((await h.call('PUT', `${B}/${platform.billPlatformId}`, { token: t.suzhou, data: { remark: 'x', version: platform.version } })).status).toBe(403);
    expect((await h.call('DELETE', `${B}/${platform.billPlatformId}`, { token: t.suzhou })).status).toBe(403);
    const after = (await h.database.db.selectFrom('insuranceRate').selectAll().where('rateId', '=', leaf.rateId).executeTakeFirstOrThrow()) as Record<string, any>;
    expect(after.name).toBe(leaf.name);
  });

  it('the creating organisation changes and deletes its own group-level rows; 集团管理 changes any', async () => {
    const made = await h.call('POST', `${B}/save`, { token: t.suzhou, data: { name: '苏州自建开票平台', invoiceTaxRate: 6 } });
    expect(made.status).toBe(200);
    const id = made.body.data.billPlatformId;
    expect((await h.call('PUT', `${B}/${id}`, { token: t.suzhou, data: { remark: '苏州改', version: made.body.data.version } })).status).toBe(200);
    const leaf = await shanghaiRate(false);
    expect((await h.call('PUT', `${P}/${leaf.rateId}`, { token: t.admin, data: { sort: 9, version: leaf.version } })).status).toBe(200);
    expect((await h.call('DELETE', `${B}/${id}`, { token: t.suzhou })).status).toBe(200);
  });

  it('a parent with children is not deleted, and says which children', async () => {
    const parent = await shanghaiRate(true);
    const r = await h.call('DELETE', `${P}/${parent.rateId}`, { token: t.admin });
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/^该运输保险费率下还有下级（.+），请先删除下级$/);
    expect(await h.database.db.selectFrom('insuranceRate').select('rateId').where('rateId', '=', parent.rateId).executeTakeFirst()).toBeTruthy();
  });

  it('disabling an organisation reads its body and its version, and never the organisation one works in', async () => {
    const org = (await h.database.db.selectFrom('organization').selectAll().where('orgId', '=', shanghaiId).executeTakeFirstOrThrow()) as Record<string, any>;
    for (const body of [undefined, 'null', '[]', '{"data":1e308}']) {
      const r = await h.call('PUT', `${ORG}/${shanghaiId}/disable`, { token: t.admin, ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}) });
      expect(r.status).toBe(400);
    }
    expect((await h.call('PUT', `${ORG}/${shanghaiId}/disable`, { token: t.admin, data: { version: 'x' } })).status).toBe(400);
    expect((await h.call('PUT', `${ORG}/${shanghaiId}/disable`, { token: t.admin, data: { version: org.version + 5 } })).status).toBe(409);
    const own = await h.call('PUT', `${ORG}/${shanghaiId}/disable`, { token: t.admin, data: { version: org.version } });
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe('不能禁用当前登录的单位，请切换到其他单位后再操作');
    expect((await h.call('GET', '/api/v1/auth/me', { token: t.admin })).status).toBe(200);
    const still = (await h.database.db.selectFrom('organization').select(['disabled', 'version']).where('orgId', '=', shanghaiId).executeTakeFirstOrThrow()) as Record<string, any>;
    expect(still).toEqual({ disabled: false, version: org.version });
  });

  it('staff and process templates check the version; nobody disables themselves', async () => {
    const me = (await h.call('GET', '/api/v1/auth/me', { token: t.admin })).body.data.staffId as number;
    const row = (await h.database.db.selectFrom('staff').select('version').where('staffId', '=', me).executeTakeFirstOrThrow()) as { version: number };
    expect((await h.call('PUT', `/api/v1/user-base/staff/${me}/disable`, { token: t.admin, data: { version: row.version } })).body.msg).toBe('不能停用自己');
    const other = (await h.database.db.selectFrom('staff').select(['staffId', 'version']).where('orgId', '=', shanghaiId).where('name', '=', '周慧敏').executeTakeFirstOrThrow()) as { staffId: number; version: number };
    expect((await h.call('PUT', `/api/v1/user-base/staff/${other.staffId}/disable`, { token: t.admin, data: { version: other.version - 1 } })).status).toBe(409);
    const tpl = (await h.database.db.selectFrom('processTemplate').select(['processTemplateId', 'version', 'enabled']).where('orgId', '=', shanghaiId).where('enabled', '=', true).executeTakeFirstOrThrow()) as Record<string, any>;
    expect((await h.call('PUT', `/api/v1/user-base/process-template/${tpl.processTemplateId}/disable`, { token: t.admin, data: { version: tpl.version + 1 } })).status).toBe(409);
    expect((await h.call('PUT', `/api/v1/user-base/process-template/${tpl.processTemplateId}/disable`, { token: t.admin })).status).toBe(400);
  });

  it('picker titles go to those whose screens pick the entity, and only to them', async () => {
    const options = (token: string, entity: string) => h.call('GET', `/api/v1/meta/options/${entity}`, { token });
    // The archivist links an asset to a project or a customer (数字资产), never to a schedule or a contract.
    for (const entity of ['contract', 'transportSchedule', 'supplier', 'companyTruck']) expect((await options(t.archive!, entity)).status, entity).toBe(403);
    for (const entity of ['project', 'customer']) expect((await options(t.archive!, entity)).status, entity).toBe(200);
    // Every staff member files their own 报销 (/profile): its lines pick a fee subject and a project,
    // which opens those two pickers to everyone, and not the finance records the form writes.
    const subjects = await options(t.archive!, 'financeFeeSubjectConfig');
    expect(subjects.status).toBe(200);
    expect(subjects.body.data.length).toBeGreaterThan(0);
    expect((await options(t.archive!, 'financeReview')).status).toBe(403);
    // A salesperson picks a customer, a dispatcher a carrier (supplier) and a truck, a project manager a contract.
    for (const [user, entity] of [['business', 'customer'], ['dispatch', 'supplier'], ['dispatch', 'companyTruck'], ['pm', 'contract'], ['pm', 'customer']] as const) {
      const r = await options(t[user]!, entity);
      expect(r.status, `${user} ${entity}`).toBe(200);
      expect(r.body.data.length, `${user} ${entity}`).toBeGreaterThan(0);
    }
  });

  it('the customer export takes every column the list shows (更新时间 too); a template download is answered once', async () => {
    const r = await h.call('GET', '/api/v1/user-base/customer/export-excel?columns=name,shortName,updatedAt', { token: t.business });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/spreadsheetml/);
    const tpl = await h.call('GET', '/api/v1/user-base/customer/import-template', { token: t.business });
    expect(tpl.status).toBe(200);
    expect(String(tpl.headers['content-type'])).toMatch(/spreadsheetml/);
  });

  it('the dispatch roles the contract call names read an income contract', async () => {
    const income = (await h.database.db.selectFrom('contract').select('contractId').where('orgId', '=', shanghaiId).where('contractType', '=', 1).executeTakeFirstOrThrow()) as { contractId: number };
    for (const user of ['dispatch', 'pm']) expect((await h.call('GET', `/api/v1/project-base/contract/${income.contractId}`, { token: t[user] })).status, user).toBe(200);
    expect((await h.call('GET', `/api/v1/project-base/contract/${income.contractId}`, { token: t.archive })).status).toBe(403);
  });
});
