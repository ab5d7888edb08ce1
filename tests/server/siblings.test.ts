/**
 * Sibling organisations (issue 11, docs/decisions.md): a company administrator of 苏州 without
 * 集团管理 reads and changes only 苏州. 上海's record is "not found", lists leave it out, and no
 * call answers 上海's rows; 集团管理 still sees the whole group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/schema/load';
import { startHarness, type Harness } from './helpers/harness';

const ORG = '/api/v1/user-base/organization';
const SHANGHAI = '华运物流(上海)有限公司';

describe('what a company administrator sees of its sibling organisations', () => {
  let h: Harness;
  let suzhou: string;
  let admin: string;
  let shanghaiId: number;
  let suzhouId: number;

  beforeAll(async () => {
    h = await startHarness('pglite');
    admin = await h.login('admin');
    suzhou = await h.login('suzhou');
    const orgs = (await h.call('GET', '/api/v1/auth/orgs', { token: admin })).body.data as { orgId: number; name: string }[];
    shanghaiId = orgs.find((o) => o.name === SHANGHAI)!.orgId;
    suzhouId = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.orgId;
  });
  afterAll(async () => h?.close());

  it('finds its own organisation and not the sibling one', async () => {
    expect((await h.call('GET', `${ORG}/${suzhouId}`, { token: suzhou })).body.data.orgId).toBe(suzhouId);
    const sibling = await h.call('GET', `${ORG}/${shanghaiId}`, { token: suzhou });
    expect(sibling.status).toBe(404);
    expect(sibling.body).toEqual({ code: 404, msg: '记录不存在', data: null });
    const list = (await h.call('GET', `${ORG}/list`, { token: suzhou })).body.data as { orgId: number }[];
    expect(list.map((o) => o.orgId)).toEqual([suzhouId]);
  });

  it('changes neither the sibling organisation nor its state', async () => {
    expect((await h.call('PUT', `${ORG}/${shanghaiId}`, { token: suzhou, data: { name: '改名', version: 1 } })).status).toBe(403);
    expect((await h.call('PUT', `${ORG}/${shanghaiId}/disable`, { token: suzhou, data: {} })).status).toBe(403);
  });

  it('lists only its own staff in the group staff list', async () => {
    const staff = (await h.call('GET', '/api/v1/user-base/staff/list-corp-staff-light', { token: suzhou })).body.data as { orgId: number }[];
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((s) => s.orgId === suzhouId)).toBe(true);
  });

  it('gets no row of the sibling organisation from any list call', async () => {
    // Every GET without path parameters, called as suzhou: none may answer a row of 上海. The
    // login page's public organisation list is the one place names of every organisation show.
    const publicNames = new Set(['/api/v1/user-base/organization/allow-anonymous/list']);
    const entries = loadCatalogue().filter((e) => e.method === 'GET' && !e.routeUrl.includes(':') && !publicNames.has(e.routeUrl));
    expect(entries.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (Array.isArray(value)) value.forEach((v) => visit(v, where));
      else if (value && typeof value === 'object') {
        const row = value as Record<string, unknown>;
        if (row.orgId === shanghaiId || row.orgName === SHANGHAI || row.name === SHANGHAI) leaks.push(`${where}: ${JSON.stringify(row).slice(0, 120)}`);
        Object.values(row).forEach((v) => visit(v, where));
      }
    };
    for (const entry of entries) {
      const r = await h.call('GET', entry.routeUrl, { token: suzhou });
      if (r.status === 200) visit(r.body.data, entry.routeUrl);
    }
    expect(leaks).toEqual([]);
  });

  it('leaves the group view to 集团管理', async () => {
    expect((await h.call('GET', `${ORG}/${shanghaiId}`, { token: admin })).body.data.name).toBe(SHANGHAI);
    expect(((await h.call('GET', `${ORG}/list`, { token: admin })).body.data as unknown[]).length).toBe(3);
    const staff = (await h.call('GET', '/api/v1/user-base/staff/list-corp-staff-light', { token: admin })).body.data as { orgId: number }[];
    expect(staff.some((s) => s.orgId === shanghaiId)).toBe(true);
  });
});
