/**
 * 数字资产 (issue 20): category permissions are enforced on every asset call — a user without a
 * category's view permission can neither list, open, search, see the versions of nor download its
 * assets (by the asset call and by the generic file address); granting view through
 * `permission/{categoryId}` opens them, and a child inherits it; borrowing needs the borrow level,
 * keeps to maxBorrowDays, goes through approval (bizType 16), and the date job marks it overdue
 * and reminds the borrower (eventType 12). Category states and delete-only-when-empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login } from './project-helpers';

const C = '/api/v1/user-base/digital-asset-category';
const A = '/api/v1/user-base/digital-asset';
const B = '/api/v1/user-base/asset-borrow';
const china = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe.each(await backends())('数字资产 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, data?: unknown) => h.call(method, url, { token: t[who], data });
  let parentId = 0;
  let childId = 0;
  let assetId = 0;
  let fileName = '';
  let businessStaffId = 0;
  let archiveStaffId = 0;
  let pmStaffId = 0;
  let orgId = 0;
  const staffOf = async (name: string) => Number(((await h.database.db.selectFrom('staff').select('staffId').where('name', '=', name).where('orgId', '=', orgId).executeTakeFirstOrThrow()) as any).staffId);

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['archive', 'business', 'pm', 'admin']) t[u] = await login(h, u);
    const arch = (await h.database.db.selectFrom('staff').select(['staffId', 'orgId']).where('name', '=', '林晓燕').executeTakeFirstOrThrow()) as any;
    orgId = arch.orgId;
    archiveStaffId = arch.staffId;
    businessStaffId = await staffOf('周慧敏');
    pmStaffId = await staffOf('沈国良');
  });
  afterAll(async () => h?.close());

  it('demo data: 12 categories, 80 assets (one .mp4), 20 borrowings for 资料管理员', async () => {
    const cats = ok(await call('GET', `${C}/list?pageSize=100`, 'archive'));
    expect(cats.total).toBe(12);
    expect(cats.list.filter((c: any) => c.status === 10)).toHaveLength(10);
    const assets = ok(await call('GET', `${A}/page?pageSize=100&manage=true`, 'archive'));
    expect(assets.total).toBe(80);
    expect(assets.list.filter((a: any) => a.files.some((f: any) => /\.mp4$/i.test(f.name)))).toHaveLength(1);
    const level1 = ok(await call('GET', `${C}/list-all-level1`, 'archive'));
    expect(level1.map((c: any) => c.name)).toEqual(['合同档案', '项目资料', '资质证照', '培训资料']);
    const todo = ok(await call('GET', `${B}/page?todo=1`, 'archive'));
    expect(todo.total).toBeGreaterThanOrEqual(1);
  });

  it('a category with its metadata form; an asset is checked on the server with that form', async () => {
    parentId = ok(await call('POST', `${C}/save`, 'archive', { name: '测试档案', ownerStaffId: archiveStaffId })).categoryId;
    childId = ok(await call('POST', `${C}/save`, 'archive', { name: '测试子类', parentId, ownerStaffId: ok(await call('GET', `${C}/${parentId}`, 'archive')).ownerStaffId })).categoryId;
    expect(ok(await call('GET', `${C}/${childId}`, 'archive')).level).toBe(2);
    const definition = {
      title: '测试表单', config: { version: '1.10', labelWidth: 100, labelPosition: 'right', gutter: 0, size: 'medium' },
      list: [{ id: 'contractNo', compType: 'input', label: '合同编号', placeholder: '请输入合同编号', span: 24, required: true, ruleError: '请输入合同编号', maxLength: 30 }],
    };
    const form = ok(await call('POST', `${C}/${childId}/form`, 'archive', { definition }));
    expect(form.formName).toBeTruthy();
    // Not published yet: no asset goes in.
    const upload = ok(await h.call('POST', '/api/v1/file-base/file/upload', {
      token: t.archive,
      headers: { 'content-type': 'multipart/form-data; boundary=X' },
      body: '--X\r\nContent-Disposition: form-data; name="file"; filename="机密.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n--X--\r\n',
    }));
    fileName = upload.fileName;
    const files = [{ name: upload.name, url: upload.url, fileName }];
    expect((await call('POST', `${A}/save`, 'archive', { name: '测试资料', categoryId: childId, securityLevel: 2, files, customValues: { contractNo: 'HT-1' } })).status).toBe(400);
    ok(await call('POST', `${C}/publish`, 'archive', { ids: [parentId, childId] }));
    const missing = await call('POST', `${A}/save`, 'archive', { name: '测试资料', categoryId: childId, securityLevel: 2, files, customValues: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/合同编号/);
    assetId = ok(await call('POST', `${A}/save`, 'archive', { name: '测试资料甲乙丙', categoryId: childId, securityLevel: 2, files, tags: '测试标签', customValues: { contractNo: 'HT-ZX-0091' } })).assetId;
    const submitted = ok(await call('POST', `${A}/submit`, 'archive', { assetId }));
    expect(submitted.list[0].status === 15 || submitted.message).toBeTruthy();
    expect(ok(await call('GET', `${A}/${assetId}`, 'archive')).status).toBe(15);
  });

  it('without view permission: no list, no detail, no search, no versions, no download (every call)', async () => {
    const listed = ok(await call('GET', `${A}/page?pageSize=500`, 'business'));
    expect(listed.list.map((a: any) => a.assetId)).not.toContain(assetId);
    expect(ok(await call('GET', `${A}/page?categoryId=${childId}`, 'business')).total).toBe(0);
    expect(ok(await call('GET', `${A}/page?keyword=HT-ZX-0091`, 'business')).total).toBe(0);
    expect(ok(await call('GET', `${A}/page?keyword=测试资料甲乙丙`, 'business')).total).toBe(0);
    expect((await call('GET', `${A}/${assetId}`, 'business')).status).toBe(404);
    expect((await call('GET', `${A}/${assetId}/versions`, 'business')).status).toBe(404);
    expect((await call('GET', `${A}/${assetId}/file/${fileName}`, 'business')).status).toBe(404);
    expect((await call('GET', `/api/v1/file-base/file/${fileName}`, 'business')).status).toBe(404);
    expect((await call('GET', `/api/v1/meta/activity/digitalAsset/${assetId}`, 'business')).status).toBe(403);
    const tree = ok(await call('GET', `${C}/list-tree`, 'business')) as any[];
    expect(JSON.stringify(tree)).not.toContain('测试档案');
    // nor may she borrow it
    expect((await call('POST', `${B}/save`, 'business', { assetId, borrowType: 1, purpose: '投标', startDate: china(), endDate: china(2) })).status).toBe(400);
  });

  it('granted on the parent, inherited by the child: she finds it (also by its form values) and opens it', async () => {
    // A staff member without 数字资产:分类 neither reads nor writes permissions.
    expect((await call('GET', `${C}/permission/${parentId}`, 'business')).status).toBe(403);
    ok(await call('POST', `${C}/permission`, 'archive', { categoryId: parentId, permissions: [{ staffIds: [businessStaffId], level: 2 }] }));
    const rows = ok(await call('GET', `${C}/permission/${parentId}`, 'archive'));
    expect(rows).toEqual([expect.objectContaining({ subjectType: 1, subjectId: businessStaffId, level: 2 })]);
    expect(ok(await call('GET', `${A}/page?keyword=HT-ZX-0091`, 'business')).list.map((a: any) => a.assetId)).toEqual([assetId]);
    expect(ok(await call('GET', `${A}/page?keyword=测试标签`, 'business')).total).toBe(1);
    expect(ok(await call('GET', `${A}/${assetId}`, 'business')).name).toBe('测试资料甲乙丙');
    expect((await call('GET', `${A}/${assetId}/file/${fileName}`, 'business')).status).toBe(200);
    expect((await call('GET', `/api/v1/file-base/file/${fileName}`, 'business')).status).toBe(200);
    // 项目经理 has no grant here: still nothing
    expect((await call('GET', `${A}/${assetId}`, 'pm')).status).toBe(404);
    // The child overrides: a list of its own (pm only) stops the parent's grant reaching it.
    ok(await call('POST', `${C}/permission`, 'archive', { categoryId: childId, permissions: [{ staffIds: [pmStaffId], level: 1 }] }));
    expect((await call('GET', `${A}/${assetId}`, 'business')).status).toBe(404);
    expect((await call('GET', `${A}/${assetId}`, 'pm')).status).toBe(200);
    ok(await call('POST', `${C}/permission`, 'archive', { categoryId: childId, permissions: [] }));
    expect((await call('GET', `${A}/${assetId}`, 'business')).status).toBe(200);
  });

  it('borrowing: max days, approval by 资料管理员, overdue job and its reminder (eventType 12)', async () => {
    const tooLong = await call('POST', `${B}/save`, 'business', { assetId, borrowType: 1, purpose: '投标', startDate: china(), endDate: china(10) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('借阅天数不能超过7天');
    const borrow = ok(await call('POST', `${B}/save`, 'business', { assetId, borrowType: 1, purpose: '投标准备', startDate: china(), endDate: china(2) }));
    expect(ok(await call('GET', `${B}/${borrow.borrowId}`, 'business')).auditState).toBe(5);
    const todo = ok(await call('GET', `${B}/page?todo=1&pageSize=100`, 'archive'));
    expect(todo.list.map((b: any) => b.borrowId)).toContain(borrow.borrowId);
    // the borrower does not approve her own
    expect((await call('POST', `${B}/audit`, 'business', { borrowId: borrow.borrowId, pass: true })).status).toBe(403);
    ok(await call('POST', `${B}/audit`, 'archive', { borrowId: borrow.borrowId, pass: true, comment: '同意' }));
    const approved = ok(await call('GET', `${B}/${borrow.borrowId}`, 'business'));
    expect(approved).toMatchObject({ auditState: 15, borrowStatus: 5 });
    // The job as of three days on (the end date passed): overdue, and she is reminded.
    ok(await call('POST', `${B}/check-overdue`, 'archive', { asOf: china(3) }));
    expect(ok(await call('GET', `${B}/${borrow.borrowId}`, 'business')).borrowStatus).toBe(15);
    const notices = await h.database.db.selectFrom('notice').selectAll().where('recipientStaffId', '=', businessStaffId).where('eventType', '=', 12)
      .where('eventSubjectId', '=', borrow.borrowId).execute();
    expect(notices.some((n: any) => /已逾期/.test(n.message))).toBe(true);
    const mine = ok(await call('GET', `${B}/page?mine=1`, 'business'));
    expect(mine.list.map((b: any) => b.borrowId)).toContain(borrow.borrowId);
    ok(await call('POST', `${B}/${borrow.borrowId}/return`, 'business', {}));
    expect(ok(await call('GET', `${B}/${borrow.borrowId}`, 'business')).borrowStatus).toBe(10);
  });

  it('category states: disable hides the subtree from the library, enable shows it; delete only when empty', async () => {
    ok(await call('POST', `${C}/batch-disable`, 'archive', { ids: [parentId] }));
    expect((await call('GET', `${A}/${assetId}`, 'business')).status).toBe(404);
    expect((await call('POST', `${C}/publish`, 'archive', { ids: [parentId] })).status).toBe(409);
    ok(await call('POST', `${C}/enable`, 'archive', { ids: [parentId] }));
    expect((await call('GET', `${A}/${assetId}`, 'business')).status).toBe(200);
    expect((await call('DELETE', `${C}/${childId}`, 'archive')).body.msg).toBe('该分类下还有资料，不能删除');
    expect((await call('DELETE', `${C}/${parentId}`, 'archive')).body.msg).toMatch(/下级/);
    // a staff member without 数字资产:分类 changes no category
    expect((await call('POST', `${C}/batch-disable`, 'business', { ids: [parentId] })).status).toBe(403);
    const empty = ok(await call('POST', `${C}/save`, 'archive', { name: '空分类', parentId, ownerStaffId: ok(await call('GET', `${C}/${parentId}`, 'archive')).ownerStaffId })).categoryId;
    ok(await call('DELETE', `${C}/${empty}`, 'archive'));
  });
});
