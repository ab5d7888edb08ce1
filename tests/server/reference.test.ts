import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { seedIfEmpty } from '../../server/seed/seed';
import { regionLabel } from '../../server/reference/regions';
import entities from '../../schemas/generated/entities.json';

describe.each(await backends())('reference data, http edge cases and seed on %s', (backend) => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    token = await h.login('business');
  });
  afterAll(async () => h?.close());

  describe('region tree', () => {
    let tree: any[];
    const find = (id: string, nodes = tree): any => {
      for (const n of nodes) {
        if (n.regionId === id) return n;
        const hit = n.children ? find(id, n.children) : undefined;
        if (hit) return hit;
      }
      return undefined;
    };
    beforeAll(async () => {
      const r = await h.call('GET', '/api/v1/user-base/region/tree', { token });
      expect(r.status).toBe(200);
      tree = r.body.data;
    });

    it('has six-digit ids and parentId "0" at the top', () => {
      expect(find('110000')).toMatchObject({ name: '北京市', parentId: '0' });
      expect(find('110100')).toMatchObject({ parentId: '110000' });
      expect(find('110101')).toMatchObject({ name: '东城区', parentId: '110100', children: null });
      expect(tree.every((p) => p.parentId === '0' && /^\d{6}$/.test(p.regionId))).toBe(true);
    });

    it('keeps Chongqing\'s 500100 and 500200', () => {
      expect(find('500000').children.map((c: any) => c.regionId)).toEqual(['500100', '500200']);
    });

    it('makes prefecture cities without districts and county-level cities leaves', () => {
      for (const id of ['441900', '442000', '460400', '620200']) expect(find(id).children).toBeNull();
      const direct = find('429000');
      expect(direct.name).toMatch(/直辖县级行政区划$/);
      expect(direct.children.map((c: any) => c.name)).toContain('仙桃市');
      expect(direct.children.every((c: any) => c.children === null)).toBe(true);
    });

    it('has Taiwan, Hong Kong and Macao as top-level leaves', () => {
      for (const [id, name] of [['710000', '台湾省'], ['810000', '香港特别行政区'], ['820000', '澳门特别行政区']]) {
        expect(tree.find((p) => p.regionId === id)).toEqual({ regionId: id, parentId: '0', name, children: null });
      }
    });

    it('is cacheable with an ETag', async () => {
      const first = await h.call('GET', '/api/v1/user-base/region/tree', { token });
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers['cache-control']).toContain('max-age');
      const again = await h.call('GET', '/api/v1/user-base/region/tree', { token, headers: { 'if-none-match': first.headers.etag } });
      expect(again.status).toBe(304);
    });
  });

  it('lists banks without duplicates', async () => {
    const r = await h.call('GET', '/api/v1/user-base/bank/list-all', { token });
    const banks = r.body.data as { bankId: number; bankCode: string; bankName: string }[];
    expect(banks.length).toBeGreaterThan(50);
    expect(new Set(banks.map((b) => b.bankName)).size).toBe(banks.length);
    expect(banks.map((b) => b.bankName)).toEqual(expect.arrayContaining(['中国工商银行', '中国建设银行']));
    expect(banks[0]).toEqual({ bankId: 1, bankCode: expect.any(String), bankName: expect.any(String) });
    expect((await h.call('GET', '/api/v1/user-base/bank/list-all')).status).toBe(401);
  });

  it('lists active organisations for the login page without a session', async () => {
    const r = await h.call('GET', '/api/v1/user-base/organization/allow-anonymous/list');
    expect(r.body.data.map((o: any) => o.name)).toEqual(['华运物流(上海)有限公司', '华运仓储(苏州)有限公司']);
  });

  describe('http envelope', () => {
    it('answers an unknown API route with a JSON 404', async () => {
      const r = await h.call('GET', '/api/v1/nothing-here', { token });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: 404, msg: '接口不存在', data: null });
    });

    it('answers 415 for an unsupported media type', async () => {
      const r = await h.call('POST', '/api/v1/auth/login', { body: '<xml/>', headers: { 'content-type': 'application/xml' } });
      expect(r.status).toBe(415);
      expect(r.body.code).toBe(415);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    });

    it('answers 413 for an oversized body', async () => {
      const r = await h.call('POST', '/api/v1/auth/login', { data: { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' } });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ code: 413, msg: '请求体过大', data: null });
    });
  });

  // A code the tree doesn't hold shows as digits in lists and details (320982 was 大丰 before 2015).
  it('every region in the demo data is one the region tree names', async () => {
    const unknown: string[] = [];
    for (const e of Object.values(entities as Record<string, { table: string; fields: Record<string, { type: string; column?: string }> }>)) {
      for (const [name, f] of Object.entries(e.fields)) {
        if (f.type !== 'region') continue;
        const rows = await h.database.db.selectFrom(e.table as never).select(`${name} as code` as never).distinct().execute() as { code: string | null }[];
        for (const { code } of rows) if (code && !regionLabel(code)) unknown.push(`${e.table}.${name}=${code}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  // The dispatch board's 30-day trend counts by 派车 time: the demo's trucks went out over weeks.
  it('the demo trucks were dispatched on their demands\' days, not all at seeding', async () => {
    const rows = await h.database.db.selectFrom('transportSchedule').select('dispatchedAt').where('dispatchedAt', 'is not', null).execute() as { dispatchedAt: Date | string }[];
    const days = new Set(rows.map((r) => new Date(r.dispatchedAt).toISOString().slice(0, 10)));
    expect(rows.length).toBeGreaterThan(10);
    expect(days.size).toBeGreaterThan(5);
  });

  it('seeding twice changes nothing', async () => {
    const count = async () => ((await h.database.db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()) as any).n;
    const before = Number(await count());
    expect(await seedIfEmpty(h.database.db)).toBe(false);
    expect(Number(await count())).toBe(before);
  });
});
