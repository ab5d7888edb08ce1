/**
 * 仓库配置 (issue 18, configuration part): every seed 002 §7.7 call of workshops, warehouses,
 * materials, material suppliers, staff posts, post ratios, work ratios and delivery addresses
 * answers in the shape the seed reads, on 华运苏州's demo data; the rules a user meets (unique
 * names and codes, the same post twice, ratio range, a record in use can't be deleted, writes need
 * 仓库:配置) and the organisation boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login } from './project-helpers';
import { resolveFixture } from './helpers/fixture';

const B = '/api/v1/inventory-base';
const WS = `${B}/workshop`;
const C = `${B}/config`;

/**
 * The documents that will use materials and addresses (出库, 物料入库) are not declared yet: a
 * definitions-only entity stands in for them, so the generic in-use rule is shown on a reference
 * and on a references (id list) field.
 */
const { entities: withProbe, catalogue: probeCatalogue, problems } = resolveFixture((d) => {
  d.entities.push({ name: 'stockProbe', title: '出库单', fields: {
    probeNo: { type: 'string', title: '单号', maxLength: 20 },
    materialId: { type: 'reference', ref: 'materialItem', title: '物料' },
    addressIds: { type: 'references', ref: 'deliveryAddress', title: '收货地址' },
  }, titleField: 'probeNo' });
});

describe.each(await backends())('仓库配置 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const get = async (url: string, who = 'wh') => ok(await h.call('GET', url, { token: t[who] }));
  const refused = async (r: Promise<{ status: number; body: any }>, status: number, msg?: string | RegExp) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
    else if (msg) expect(res.body.msg).toMatch(msg);
    return res.body;
  };

  beforeAll(async () => {
    expect(problems).toEqual([]);
    h = await startHarness(backend, { entities: withProbe, catalogue: probeCatalogue });
    t.wh = await login(h, 'wh');
    t.admin = await login(h, 'admin');
    t.business = await login(h, 'business');
    // 严国强 is a 仓管员 (every 仓库 permission but 仓库:配置)
    t.keeper = await h.login('yanguoqiang', 'Yanguoqiang@123');
  });
  afterAll(async () => h?.close());

  it('demo data: the seed calls answer 华运苏州\'s configuration in the seed\'s shapes', async () => {
    const workshops = (await get(`${WS}/list-all`)) as any[];
    expect(workshops.map((w) => w.name)).toContain('振华长兴岛3号总装车间');
    expect(workshops).toHaveLength(5);
    const page = await get(`${WS}/list?pageNo=1&pageSize=2`);
    expect(page.total).toBe(5);
    expect(page.list).toHaveLength(2);
    const one = await get(`${WS}/${workshops[0].workshopId}`);
    expect(one.name).toBe(workshops[0].name);

    // the seed reads the warehouses with pageSize 100 from data.list
    const warehouses = await get(`${B}/warehouse/list?pageSize=100`);
    expect(warehouses.list.map((w: any) => w.name).sort()).toEqual(['太仓港中转堆场', '苏州物料库', '苏州零件库'].sort());

    const materials = (await get(`${B}/material-item/list-all`)) as any[];
    expect(materials).toHaveLength(39); // the 40th is disabled and no longer offered
    expect(materials.filter((m) => m.safetyStock !== null).length).toBeGreaterThan(10);
    expect(materials.find((m) => m.materialNo === 'WL-JG-001')).toMatchObject({ name: '钢丝绳', unit: '米', category: 2, safetyStock: '300.000' });
    expect(((await get(`${B}/material-supplier/list-all`)) as any[]).length).toBeGreaterThanOrEqual(5);

    const ratios = (await get(`${C}/work-post-ratio/list-all`)) as any[];
    expect(ratios).toHaveLength(15);
    expect(ratios.find((r) => r.post === 3 && r.docType === 2)?.ratio).toBe('1.20');
    expect(ratios.find((r) => r.post === 1 && r.docType === 1)?.ratio).toBe('0.60');
    expect(((await get(`${C}/work-ratio/list-all`)) as any[]).length).toBeGreaterThanOrEqual(5);

    const posts = await get(`${C}/staff-post/list?pageSize=100`);
    expect(posts.total).toBeGreaterThanOrEqual(14);
    const people = (await get(`${C}/staff-post/list-all-no-duplicate`)) as any[];
    expect(new Set(people.map((p) => p.staffId)).size).toBe(people.length);
    expect(people.find((p) => p.name === '顾卫东')?.posts.sort()).toEqual([2, 3]);
    const all = (await get(`${C}/staff-post/data-all`)) as any[];
    expect(all.length).toBe(posts.total);
    const cranes = (await get(`${C}/staff-post/data-all?post=4`)) as any[];
    expect(cranes.map((c) => c.name).sort()).toEqual(['姜立', '秦海', '陶明'].sort());
    expect(cranes.every((c) => c.post === 4)).toBe(true);
    for (const post of [1, 2, 3, 5]) expect(((await get(`${C}/staff-post/data-all?post=${post}`)) as any[]).length, `post ${post}`).toBeGreaterThan(0);

    const addresses = (await get(`${B}/delivery/list-delivery-address`)) as any[];
    expect(addresses).toHaveLength(10);
    expect(addresses.map((a) => a.name)).toContain('洋山港四期码头');
  });

  it('a 仓管员 reads the lists but may not change the configuration (403); nobody outside 仓库 reads them', async () => {
    expect(((await get(`${WS}/list-all`, 'keeper')) as any[]).length).toBe(5);
    expect(((await get(`${C}/staff-post/list-all-no-duplicate`, 'keeper')) as any[]).length).toBeGreaterThan(0);
    const someone = ((await get(`${C}/staff-post/list-all-no-duplicate`)) as any[])[0].staffId;
    await refused(h.call('POST', `${WS}/save`, { token: t.keeper, data: { name: '仓管员的车间' } }), 403);
    await refused(h.call('POST', `${C}/staff-post/save`, { token: t.keeper, data: { staffId: someone, post: 1 } }), 403);
    await refused(h.call('POST', `${C}/work-post-ratio/save`, { token: t.keeper, data: { post: 1, docType: 1, ratio: 2 } }), 403);
    await refused(h.call('POST', `${C}/work-ratio/save`, { token: t.keeper, data: { operation: 1, unit: 3, pointsPerUnit: 2 } }), 403);
    await refused(h.call('POST', `${B}/delivery-address/save`, { token: t.keeper, data: { name: 'x', regionCode: '310115', address: 'x' } }), 403);
    const ws = ((await get(`${WS}/list-all`)) as any[])[0];
    await refused(h.call('DELETE', `${WS}/${ws.workshopId}`, { token: t.keeper }), 403);
    await refused(h.call('GET', `${WS}/list-all`, { token: t.business }), 403);
    await refused(h.call('GET', `${C}/staff-post/data-all`, { token: t.business }), 403);
  });

  it('workshops: save, update, remove by the seed\'s paths; names and codes unique in the organisation', async () => {
    const made = ok(await h.call('POST', `${WS}/save`, { token: t.wh, data: { name: '测试车间甲', code: 'T-01', leaderName: '王工', leaderPhone: '13800138000' } }));
    await refused(h.call('POST', `${WS}/save`, { token: t.wh, data: { name: '测试车间甲', code: 'T-02' } }), 409, '本单位已有同名车间');
    await refused(h.call('POST', `${WS}/save`, { token: t.wh, data: { name: '测试车间乙', code: 'T-01' } }), 409, '本单位已有该车间编码');
    await refused(h.call('POST', `${WS}/save`, { token: t.wh, data: { name: '测试车间乙', code: 'T 01' } }), 400, /车间编码只能由字母、数字和-组成/);
    const updated = ok(await h.call('PUT', `${WS}/${made.workshopId}`, { token: t.wh, data: { name: '测试车间甲(改)', version: made.version } }));
    expect(updated.name).toBe('测试车间甲(改)');
    // another organisation may use the same name
    const other = ok(await h.call('POST', `${WS}/save`, { token: t.admin, data: { name: '测试车间甲(改)', code: 'T-01' } }));
    ok(await h.call('DELETE', `${WS}/${other.workshopId}`, { token: t.admin }));
    ok(await h.call('DELETE', `${WS}/${made.workshopId}`, { token: t.wh }));
    await refused(h.call('GET', `${WS}/${made.workshopId}`, { token: t.wh }), 404);
  });

  it('a material or delivery address a document names is not deleted (409), whatever the document', async () => {
    const material = ok(await h.call('POST', `${B}/material-item/save`, { token: t.wh, data: { materialNo: 'T-USED-1', name: '测试物料', unit: '个', category: 4 } }));
    const address = ok(await h.call('POST', `${B}/delivery-address/save`, { token: t.wh, data: { name: '测试工地', regionCode: '310115', address: '浦东新区测试路1号' } }));
    const sz = ((await h.database.db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运仓储(苏州)有限公司').executeTakeFirstOrThrow()) as { orgId: number; corpId: number });
    const probe = (await h.database.db.insertInto('stock_probe').values({ ...sz, probeNo: 'CK2611280001', materialId: material.materialId, addressIds: JSON.stringify([999999, address.deliveryAddressId]) })
      .returning('stockProbeId').executeTakeFirstOrThrow()) as { stockProbeId: number };
    await refused(h.call('DELETE', `${B}/material-item/${material.materialId}`, { token: t.wh }), 409, '该物料已被出库单（CK2611280001）使用，不能删除');
    await refused(h.call('DELETE', `${B}/delivery-address/${address.deliveryAddressId}`, { token: t.wh }), 409, '该收货地址已被出库单（CK2611280001）使用，不能删除');
    await h.database.db.deleteFrom('stock_probe').where('stockProbeId', '=', probe.stockProbeId).execute();
    ok(await h.call('DELETE', `${B}/material-item/${material.materialId}`, { token: t.wh }));
    ok(await h.call('DELETE', `${B}/delivery-address/${address.deliveryAddressId}`, { token: t.wh }));
  });

  it('a workshop or warehouse in use is not deleted (409 naming what uses it); unused ones are', async () => {
    const shop = ok(await h.call('POST', `${WS}/save`, { token: t.wh, data: { name: '在用车间', code: 'USED-1' } }));
    const addr = ok(await h.call('POST', `${B}/delivery-address/save`, { token: t.wh, data: { name: '在用车间门口', workshopId: shop.workshopId, regionCode: '320505', address: '苏州市虎丘区长江路1号' } }));
    await refused(h.call('DELETE', `${WS}/${shop.workshopId}`, { token: t.wh }), 409, '该车间已被收货地址（在用车间门口）使用，不能删除');
    expect((await get(`${WS}/${shop.workshopId}`)).name).toBe('在用车间');
    // once the address is gone the workshop may go too
    ok(await h.call('DELETE', `${B}/delivery-address/${addr.deliveryAddressId}`, { token: t.wh }));
    ok(await h.call('DELETE', `${WS}/${shop.workshopId}`, { token: t.wh }));

    const store = ok(await h.call('POST', `${B}/warehouse/save`, { token: t.wh, data: { name: '临时周转库', code: 'TMP-01', warehouseType: 1 } }));
    const someone = ((await get(`${C}/staff-post/list-all-no-duplicate`)) as any[])[0].staffId;
    const post = ok(await h.call('POST', `${C}/staff-post/save`, { token: t.wh, data: { staffId: someone, post: 1, warehouseId: store.warehouseId } }));
    await refused(h.call('DELETE', `${B}/warehouse/${store.warehouseId}`, { token: t.wh }), 409, /^该仓库已被员工岗位使用，不能删除$/);
    ok(await h.call('DELETE', `${C}/staff-post/${post.recordId}`, { token: t.wh }));
    ok(await h.call('DELETE', `${B}/warehouse/${store.warehouseId}`, { token: t.wh }));
  });

  it('staff posts: one person may hold several posts but not the same one twice', async () => {
    const people = (await get(`${C}/staff-post/list-all-no-duplicate`)) as any[];
    const operator = people.find((p) => p.name === '石磊');
    expect(operator.posts).toEqual([5]);
    await refused(h.call('POST', `${C}/staff-post/save`, { token: t.wh, data: { staffId: operator.staffId, post: 5 } }), 409, '该员工已担任此岗位，同一岗位不能重复设置');
    const second = ok(await h.call('POST', `${C}/staff-post/save`, { token: t.wh, data: { staffId: operator.staffId, post: 4 } }));
    const after = ((await get(`${C}/staff-post/list-all-no-duplicate`)) as any[]).find((p) => p.staffId === operator.staffId);
    expect(after.posts.sort()).toEqual([4, 5]);
    expect(((await get(`${C}/staff-post/data-all?post=4`)) as any[]).some((r) => r.staffId === operator.staffId)).toBe(true);
    ok(await h.call('DELETE', `${C}/staff-post/${second.recordId}`, { token: t.wh }));
    expect(((await get(`${C}/staff-post/data-all?post=4`)) as any[]).some((r) => r.staffId === operator.staffId)).toBe(false);
    await refused(h.call('POST', `${C}/staff-post/save`, { token: t.wh, data: { staffId: operator.staffId, post: 9 } }), 400);
  });

  it('post ratios lie between 0.01 and 9.99, one per post and document type; work ratios are saved by config/work-ratio/save', async () => {
    const ratios = (await get(`${C}/work-post-ratio/list-all`)) as any[];
    const leader = ratios.find((r) => r.post === 3 && r.docType === 1);
    await refused(h.call('POST', `${C}/work-post-ratio/save`, { token: t.wh, data: { post: 3, docType: 1, ratio: 1.5 } }), 409, '该岗位的此作业类型已设置系数，请修改原有记录');
    for (const ratio of [0, 10, -1]) {
      await refused(h.call('PUT', `${C}/work-post-ratio/${leader.workPostRatioId}`, { token: t.wh, data: { ratio, version: leader.version } }), 400);
    }
    await refused(h.call('PUT', `${C}/work-post-ratio/${leader.workPostRatioId}`, { token: t.wh, data: { ratio: '1.255', version: leader.version } }), 400);
    const changed = ok(await h.call('PUT', `${C}/work-post-ratio/${leader.workPostRatioId}`, { token: t.wh, data: { ratio: '9.99', version: leader.version } }));
    expect(changed.ratio).toBe('9.99');
    ok(await h.call('PUT', `${C}/work-post-ratio/${leader.workPostRatioId}`, { token: t.wh, data: { ratio: '1.20', version: changed.version } }));

    const made = ok(await h.call('POST', `${C}/work-ratio/save`, { token: t.wh, data: { operation: 5, unit: 3, pointsPerUnit: '12.50' } }));
    expect(((await get(`${C}/work-ratio/list-all`)) as any[]).some((r) => r.workRatioId === made.workRatioId && r.pointsPerUnit === '12.50')).toBe(true);
    await refused(h.call('POST', `${C}/work-ratio/save`, { token: t.wh, data: { operation: 5, unit: 3, pointsPerUnit: 1 } }), 409, '该作业项目按此单位已有计量标准，请修改原有记录');
    ok(await h.call('DELETE', `${C}/work-ratio/${made.workRatioId}`, { token: t.wh }));
  });

  it('materials and suppliers: codes and names unique; another organisation sees none of 华运苏州\'s configuration', async () => {
    await refused(h.call('POST', `${B}/material-item/save`, { token: t.wh, data: { materialNo: 'WL-JG-001', name: '钢丝绳', unit: '米', category: 2 } }), 409, '本单位已有该物料编码');
    await refused(h.call('POST', `${B}/material-supplier/save`, { token: t.wh, data: { name: '苏州恒信包装材料有限公司' } }), 409, '本单位已有同名物料供应商');
    await refused(h.call('POST', `${B}/delivery-address/save`, { token: t.wh, data: { name: '洋山港四期码头', regionCode: '310115', address: '另一个地址' } }), 409, '本单位已有同名收货地址');

    // 华运上海 (the admin's default organisation) keeps a small configuration of its own for its yard;
    // neither organisation sees a row of the other's
    const szShop = ((await get(`${WS}/list-all`)) as any[])[0];
    const szAddress = ((await get(`${B}/delivery/list-delivery-address`)) as any[])[0];
    const szPost = ((await get(`${C}/staff-post/data-all`)) as any[])[0];
    const ids = (rows: any[], field: string) => rows.map((r) => r[field]);
    const disjoint = async (url: string, field: string, rows?: (d: any) => any[]) => {
      const pick = rows ?? ((d: any) => d as any[]);
      const mine = ids(pick(await get(url)), field);
      const theirs = ids(pick(await get(url, 'admin')), field);
      expect(theirs.length, url).toBeGreaterThan(0);
      expect(theirs.filter((id) => mine.includes(id)), url).toEqual([]);
    };
    await disjoint(`${WS}/list-all`, 'workshopId');
    await disjoint(`${WS}/list`, 'workshopId', (d) => d.list);
    await disjoint(`${B}/delivery/list-delivery-address`, 'deliveryAddressId');
    await disjoint(`${B}/material-item/list-all`, 'materialId');
    await disjoint(`${B}/material-supplier/list-all`, 'materialSupplierId');
    await disjoint(`${C}/staff-post/data-all`, 'recordId');
    await disjoint(`${C}/staff-post/list-all-no-duplicate`, 'staffId');
    await disjoint(`${C}/work-post-ratio/list-all`, 'workPostRatioId');
    await disjoint(`${C}/work-ratio/list-all`, 'workRatioId');
    expect((await get(`${B}/warehouse/list?pageSize=100`, 'admin')).list.map((w: any) => w.name)).toEqual(['太仓港中转堆场']);
    await refused(h.call('GET', `${WS}/${szShop.workshopId}`, { token: t.admin }), 404);
    await refused(h.call('PUT', `${WS}/${szShop.workshopId}`, { token: t.admin, data: { name: '越权修改', version: szShop.version } }), 404);
    await refused(h.call('DELETE', `${WS}/${szShop.workshopId}`, { token: t.admin }), 404);
    await refused(h.call('DELETE', `${B}/delivery-address/${szAddress.deliveryAddressId}`, { token: t.admin }), 404);
    await refused(h.call('DELETE', `${C}/staff-post/${szPost.recordId}`, { token: t.admin }), 404);
    // a reference to another organisation's workshop is refused
    await refused(h.call('POST', `${B}/delivery-address/save`, { token: t.admin, data: { name: '越权地址', workshopId: szShop.workshopId, regionCode: '310115', address: 'x' } }), 400);
  });
});
