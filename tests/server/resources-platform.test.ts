/**
 * 从平台添加 (DOMAIN §6.3 供应商列表): a supplier in use in a sister organisation of the group
 * becomes this organisation's supplier — a draft with its master data that goes through this
 * organisation's own audit. Only 集团管理 sees the sister organisations' suppliers; the caller
 * needs 运力资源:供应商:编辑; a supplier the organisation already has, or one not in use, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

const S = '/api/v1/user-base/supplier';

describe('从平台添加 suppliers', () => {
  let h: Harness;
  let admin: string;
  let suzhou: string;
  let dispatch: string;
  let business: string;
  let sh: number;
  let sz: number;
  const third = async (token = admin, query = '') => (await h.call('GET', `${S}/list-third-party-supplier?pageSize=200${query}`, { token })).body.data;
  const add = (supplierId: number, token = admin) => h.call('POST', `${S}/add-from-platform`, { token, data: { supplierId } });
  const sister = async (name: string) => ((await h.database.db.selectFrom('supplier').selectAll().where('orgId', '=', sz).where('shortName', '=', name).executeTakeFirstOrThrow()) as Record<string, any>);

  beforeAll(async () => {
    h = await startHarness('pglite');
    [admin, suzhou, dispatch, business] = [await h.login('admin'), await h.login('suzhou'), await h.login('dispatch'), await h.login('business')];
    sh = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
    sz = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.orgId;
  });
  afterAll(async () => h?.close());

  it('lists the sister organisations’ suppliers in use, with their organisation, only to 集团管理', async () => {
    const list = await third();
    expect(list.list.map((r: any) => r.shortName).sort()).toEqual(['港联短驳', '顺捷吊装']);
    const row = list.list.find((r: any) => r.shortName === '港联短驳');
    expect(row.orgId).toBe(sz);
    expect(list.refs.organization[String(sz)]).toMatch(/苏州/);
    expect((await third(admin, '&supplierType=4')).list.map((r: any) => r.shortName)).toEqual(['顺捷吊装']);
    expect((await third(admin, `&keyword=${encodeURIComponent('短驳')}`)).total).toBe(1);
    // Without 集团管理 the group stays out of sight.
    expect((await third(dispatch)).total).toBe(0);
    expect((await third(suzhou)).total).toBe(0);
  });

  it('refuses callers who may not see the group or may not edit suppliers, and suppliers not in use', async () => {
    const source = await sister('港联短驳');
    expect((await add(source.supplierId, dispatch)).status).toBe(404);
    expect((await add(source.supplierId, business)).status).toBe(403);
    // One of the organisation's own suppliers is not "from the platform".
    const own = (await h.database.db.selectFrom('supplier').select('supplierId').where('orgId', '=', sh).executeTakeFirstOrThrow()) as { supplierId: number };
    expect((await add(own.supplierId)).status).toBe(404);
    const crane = await sister('顺捷吊装');
    await h.database.db.updateTable('supplier').set({ status: 2 }).where('supplierId', '=', crane.supplierId).execute();
    const stopped = await add(crane.supplierId);
    expect(stopped.status).toBe(409);
    expect(stopped.body.msg).toBe('该供应商在其所属单位未审核通过或已停用，不能添加');
    await h.database.db.updateTable('supplier').set({ status: 1 }).where('supplierId', '=', crane.supplierId).execute();
    expect((await h.call('POST', `${S}/add-from-platform`, { token: admin, data: {} })).status).toBe(400);
  });

  it('adds a draft with the master data, managed by the caller, for this organisation’s own audit; never twice', async () => {
    const source = await sister('港联短驳');
    const r = await add(source.supplierId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.message).toBe('已添加为本单位供应商「苏州港联短驳运输有限公司」，请核对资料后提交审核');
    const me = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.staffId;
    const mine = (await h.call('GET', `${S}/${r.body.data.supplierId}`, { token: dispatch })).body.data;
    expect(mine).toMatchObject({
      orgId: sh, name: source.name, creditCode: source.creditCode, supplierType: source.supplierType, contactPhone: source.contactPhone,
      transportLicenseNo: source.transportLicenseNo, verifyStatus: 0, managerStaffId: me, platformSupplierId: null,
    });
    expect(mine.supplierId).not.toBe(source.supplierId);
    // The sister organisation's record is untouched; the group list no longer offers it.
    expect((await sister('港联短驳')).verifyStatus).toBe(15);
    expect((await third()).list.map((x: any) => x.shortName)).toEqual(['顺捷吊装']);
    const again = await add(source.supplierId);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('本单位已有供应商「苏州港联短驳运输有限公司」，不能重复添加');
    // It goes through this organisation's audit like any new supplier.
    expect((await h.call('POST', `${S}/submit`, { token: dispatch, data: { supplierId: mine.supplierId } })).status).toBe(200);
    expect((await h.call('GET', `${S}/${mine.supplierId}`, { token: dispatch })).body.data.verifyStatus).toBe(5);
  });
});
