/**
 * Issue 16's smaller defects, as a user meets them: a role without any permission is refused; 核验
 * of a platform truck says what came out (认证失败 is not 「核验成功」); the operation log lists
 * what was entered (no empty uploads, empty multi-selects or untouched defaults) and a role's
 * permissions by name; the demo data holds nothing dated after now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { makeUscc } from '../../schemas/src/validators';

const U = '/api/v1/user-base';
const PT = '/api/v1/project-base/platform-truck';
type Row = Record<string, any>;
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

describe.each(await backends())('smaller defects on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let dispatch: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    admin = await h.login('admin');
    dispatch = await h.login('dispatch', 'Dispatch@123');
  }, 240_000);
  afterAll(async () => h?.close());

  const logOf = async (entity: string, subjectId: number) => h.database.db.selectFrom('operationLog').select(['action', 'content'])
    .where('entity', '=', entity).where('subjectId', '=', subjectId).orderBy('logId').execute() as Promise<Row[]>;
  const contentOf = (l: Row) => (typeof l.content === 'string' ? JSON.parse(l.content) : l.content) as Row[];

  it('a role is saved with at least one permission, else refused on the field with the consequence', async () => {
    const none = await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '空角色', code: 'emptyRole', permissions: [] } });
    expect(none.body).toMatchObject({ code: 400, msg: '请至少勾选一项权限：没有任何权限的角色，其员工将无法登录使用系统', data: { field: 'permissions' } });
    const role = (await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '客户查看', code: 'customerView', permissions: ['首页', '商务:客户列表'] } })).body.data;
    const emptied = await h.call('PUT', `${U}/role/${role.roleId}`, { token: admin, data: { permissions: [], version: role.version } });
    expect(emptied.body).toMatchObject({ code: 400, data: { field: 'permissions' } });
  });

  it('a role can grant 客户列表 to read only: its staff list and open customers but may not add or edit one', async () => {
    const role = await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '客户只读', code: 'customerReadOnly', permissions: ['首页', '商务:客户列表:仅查看'] } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const staff = await h.call('POST', `${U}/staff/save`, { token: admin, data: { name: '只读员工', username: 'creadonly', initialPassword: 'Start@2026', roleIds: [role.body.data.roleId] } });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const token = await h.login('creadonly', 'Start@2026');
    const list = await h.call('GET', `${U}/customer/list-local-customer?pageNo=1&pageSize=5`, { token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const first = list.body.data.list[0];
    expect((await h.call('GET', `${U}/customer/${first.customerId}`, { token })).status).toBe(200);
    const save = await h.call('POST', `${U}/customer/save`, { token, data: { name: '只读员工新增的客户' } });
    expect(save.status).toBe(403);
    const edit = await h.call('PUT', `${U}/customer/${first.customerId}`, { token, data: { remark: '改一下', version: first.version } });
    expect(edit.status).toBe(403);
    // Nor does it reach the sibling screens of 商务.
    expect((await h.call('GET', `/api/v1/project-base/clue/page?pageNo=1&pageSize=5`, { token })).status).toBe(403);
  });

  it('a role’s permissions read as their names in the operation log, never as codes', async () => {
    const role = (await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '日志角色', code: 'logRole', permissions: ['首页'] } })).body.data;
    const r = await h.call('PUT', `${U}/role/${role.roleId}`, { token: admin, data: { permissions: ['首页', '商务:客户列表:编辑'], version: role.version } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [, change] = await logOf('role', role.roleId);
    const line = contentOf(change!).find((c) => c.field === 'permissions')!;
    expect(line.before).toBe('首页与工作台');
    expect(line.after).toBe('商务拓展/客户列表/客户编辑、首页与工作台');
    expect(JSON.stringify(line)).not.toContain('商务:');
  });

  it('a new supplier’s log lists what was entered: no empty uploads or selections, no untouched defaults', async () => {
    const r = await h.call('POST', `${U}/supplier/save`, { token: dispatch, data: {
      name: `日志承运商${Math.random().toString(36).slice(2, 6)}`, supplierType: 1, creditCode: makeUscc('310115', 700001), contactName: '钱经理',
      contactPhone: '13816620000', transportLicenseNo: '310115200001', transportLicenseExpiry: day(200), attachments: [], serviceCategories: [] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [created] = await logOf('supplier', r.body.data.supplierId);
    const labels = contentOf(created!).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['供应商名称', '联系人']));
    for (const l of ['证照附件', '服务类别', '审核状态', '平台注册']) expect(labels, l).not.toContain(l);
    expect(contentOf(created!).every((c) => c.after !== '' && c.after !== null)).toBe(true);
  });

  it('核验 of a truck whose documents fail says 认证失败 and 人工审核, not 核验成功', async () => {
    const supplier = (await h.database.db.selectFrom('supplier').select('supplierId').where('supplierType', '=', 1).where('verifyStatus', '=', 15)
      .where('orgId', '=', (await h.database.db.selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow() as Row).orgId)
      .orderBy('supplierId').executeTakeFirstOrThrow()) as Row;
    const save = (plate: string, expiry: string) => h.call('POST', `${PT}/save`, { token: dispatch, data: {
      truckLicensePlate: plate, plateColor: 2, vehicleKind: 8, supplierId: supplier.supplierId, ownerName: '王德明',
      roadTransportNo: '340100001234', roadTransportExpiry: expiry, inspectionExpiry: day(100) } });
    const bad = await save('皖A6K301', day(-3));
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    const failed = await h.call('POST', `${PT}/verify`, { token: dispatch, data: { platformTruckId: bad.body.data.platformTruckId } });
    expect(failed.body.data.failed).toBe(1);
    expect(failed.body.data.message).toMatch(/^核验未通过：皖A6K301 认证失败（.+），已转人工审核$/);
    const good = await save('皖A6K302', day(100));
    const passed = await h.call('POST', `${PT}/verify`, { token: dispatch, data: { platformTruckId: good.body.data.platformTruckId } });
    expect(passed.body.data.message).toBe('核验通过：皖A6K302 已认证');
  });

  it('the demo data holds nothing dated after now: no log, timeline or follow-up in the future', async () => {
    const now = new Date(Date.now() + 60_000).toISOString();
    for (const table of ['operationLog', 'transitionLog', 'clueFollow', 'driverIncome', 'enquiry', 'quotation']) {
      const later = await h.database.db.selectFrom(table).select('createdAt').where('createdAt', '>', now).limit(3).execute();
      expect(later, table).toEqual([]);
    }
  });
});
