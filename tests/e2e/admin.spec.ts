/**
 * 组织架构 and 系统管理 in Chromium (issue 10), as the company administrator of 苏州 (单位管理员,
 * without 集团管理): a department, a role with a subtree of permissions, a colleague in that
 * department with that role who then sees exactly that menu; a process template given a second
 * approver from 1,000,000 元; 50 staff imported from a spreadsheet with two bad rows.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, fillLogin, loginAs } from './helpers';

const U = '/api/v1/user-base';
const stamp = Date.now().toString(36).slice(-4);
const DEPT = `质检部${stamp}`;
const ROLE = `出库员${stamp}`;
const PERSON = `钱质检${stamp}`;
const USERNAME = `qc${stamp}`;
const PASSWORD = 'Outbound@2026';

const drawer = (page: Page) => page.locator('.ant-drawer-content');
const menu = (page: Page) => page.locator('.ant-layout-sider .ant-menu-root');

async function selectOption(page: Page, field: ReturnType<Page['locator']>, text: string) {
  await field.click();
  await field.locator('input').fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test.describe.serial('组织架构 as a company administrator', () => {
  test('a department, a role with a subtree of permissions, and a colleague who sees exactly that menu', async ({ page, request }) => {
    // Three forms, two logins, and the suite's first screens (34 s alone on an idle 2-core machine).
    test.setTimeout(120_000);
    await loginAs(page, 'suzhou');
    await menu(page).getByText('组织架构').click();
    await expect(menu(page).getByText('部门管理')).toBeVisible();
    // 集团架构 belongs to 集团管理, which a company administrator doesn't hold.
    await expect(menu(page).getByText('集团架构')).toHaveCount(0);

    // The department, added in the tree.
    await page.goto('/organization/management');
    const tree = page.getByTestId('list-tree');
    await expect(tree.getByText('仓储运营部')).toBeVisible();
    await expect(tree.getByText('总经理办公室')).toHaveCount(0); // 上海's departments are not 苏州's
    await tree.getByRole('button', { name: '新增部门' }).click();
    await drawer(page).getByPlaceholder('请输入部门名称').fill(DEPT);
    await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(tree.getByText(DEPT)).toBeVisible();

    // The role: 首页 and the 出库 subtree (出库 with its 作废), checked in the permission tree.
    await page.goto('/organization/role-list');
    await page.getByRole('button', { name: /新增角色/ }).click();
    await drawer(page).getByPlaceholder('请输入角色名称').fill(ROLE);
    await drawer(page).getByPlaceholder('请输入角色编码').fill(`outbound${stamp}`);
    const perms = drawer(page).getByTestId('tree-check');
    await perms.getByPlaceholder('搜索').fill('出库');
    const outbound = perms.locator('.ant-tree-treenode').filter({ hasText: /^出库$/ });
    await outbound.locator('.ant-tree-checkbox').click();
    // Checking a node checks its subtree.
    await expect(perms.locator('.ant-tree-treenode').filter({ hasText: /^出库作废$/ }).locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await perms.getByPlaceholder('搜索').fill('首页');
    await perms.locator('.ant-tree-treenode').filter({ hasText: '首页与工作台' }).locator('.ant-tree-checkbox').click();
    // What the administrator doesn't hold can't be given.
    await perms.getByPlaceholder('搜索').fill('集团管理');
    await expect(perms.locator('.ant-tree-treenode').filter({ hasText: '集团管理' }).locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-disabled/);
    await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('.ant-table-tbody')).toContainText(ROLE);
    const token = await apiToken(request, 'suzhou');
    const roles = (await (await request.get(`${U}/role/page?keyword=${encodeURIComponent(ROLE)}`, { headers: { 'access-token': token } })).json()).data.list;
    expect(roles[0].permissions).toEqual(['仓库:出库', '首页']);

    // The colleague, in that department with that role and a login.
    await page.goto('/organization/management');
    await tree.getByText(DEPT).click();
    await page.getByRole('button', { name: /新增员工/ }).click();
    const form = drawer(page);
    await form.getByPlaceholder('请输入姓名').fill(PERSON);
    await form.getByPlaceholder('请输入手机号').fill('13962001234');
    await selectOption(page, form.locator('.ant-formily-item').filter({ hasText: /^角色/ }).locator('.ant-select'), ROLE);
    await form.getByPlaceholder('请输入登录账号').fill(USERNAME);
    await form.getByPlaceholder(/新建登录账号时填写/).fill(PASSWORD);
    await expect(form.getByPlaceholder(/新建登录账号时填写/)).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PERSON });
    await expect(row).toContainText(DEPT);
    await expect(row).toContainText(ROLE);

    // They log in and see exactly that menu: the shell's own pages and 仓库管理 › 出库.
    await page.getByTestId('user-menu').click();
    // logging out reloads the page on /login: wait for that document before navigating again
    const reloaded = page.waitForEvent('load');
    await page.getByText('退出登录').click();
    await reloaded;
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/login');
    await fillLogin(page, USERNAME, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const groups = menu(page).locator(':scope > .ant-menu-submenu');
    await expect(groups).toHaveCount(1);
    await expect(groups.first()).toContainText('仓库管理');
    await groups.first().click();
    await expect(groups.first().locator('.ant-menu-item')).toHaveText(['出库']);
    await expect(menu(page).locator(':scope > .ant-menu-item')).toHaveText([/^首页$/, /^工作台$/, /^日常事项\s*\d*$/]);
  });

  test('a permission taken from the role is refused on the holder\'s next request, without logging them out', async ({ page, request }) => {
    await page.goto('/login');
    await fillLogin(page, USERNAME, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/inventory/delivery');
    await expect(page).toHaveURL(/\/inventory\/delivery$/);
    const headers = { 'access-token': await apiToken(request, 'suzhou') };
    const role = (await (await request.get(`${U}/role/page?keyword=${encodeURIComponent(ROLE)}`, { headers })).json()).data.list[0];
    // set-up: another actor (the administrator, elsewhere) narrows the role; the check is what the holder's screen does next
    const res = await request.put(`${U}/role/${role.roleId}`, { headers, data: { data: { permissions: ['首页'], version: role.version } } }); // set-up or check by API (see above), not a step a person performs
    expect((await res.json()).code).toBe(0);
    await page.goto('/inventory/delivery');
    await expect(page).toHaveURL(/\/401/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(menu(page).locator(':scope > .ant-menu-submenu')).toHaveCount(0);
  });
});

test('业务流程设置: an enquiry quotation over 1,000,000 元 needs a second approver', async ({ page, request }) => {
  await loginAs(page, 'admin');
  await page.goto('/organization/process-template-list?bizType=18');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '对客报价' }).first();
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const form = drawer(page);
  // The demo chain (商务经理, and 总经理 below the margin alert) gets one more node.
  const token = await apiToken(request, 'admin');
  const before = (await (await request.get('/api/v1/user-base/process-template/page?bizType=18&enabled=true', { headers: { 'access-token': token } })).json()).data.list[0].nodes.length as number;
  await expect(form.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(before);
  await form.getByRole('button', { name: /添\s*加/ }).click();
  const line = form.locator('.ant-table-tbody tr.ant-table-row').nth(before);
  await line.locator('input').first().fill('总经理审批');
  await selectOption(page, line.locator('.ant-select').nth(0), '角色');
  await selectOption(page, line.locator('.ant-select').nth(2), '总经理');
  await line.locator('.ant-input-number input').fill('1000000');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toHaveCount(0);
  const list = (await (await request.get('/api/v1/user-base/process-template/page?bizType=18&enabled=true', { headers: { 'access-token': token } })).json()).data.list;
  expect(list[0].nodes).toHaveLength(before + 1);
  expect(list[0].nodes[before]).toMatchObject({ name: '总经理审批', approverType: 2, minAmount: 1000000 });
});

test('数据导入: 50 staff from a spreadsheet, two bad rows reported and left out', async ({ page }) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('员工');
  sheet.addRow(['*姓名', '手机号', '部门', '岗位']);
  for (let i = 1; i <= 50; i++) {
    const bad = i === 17 ? { mobile: '1390000' } : i === 33 ? { dep: '不存在的部门' } : {};
    sheet.addRow([`导入员工${stamp}${String(i).padStart(2, '0')}`, bad.mobile ?? `139${String(62000000 + i).padStart(8, '0')}`, bad.dep ?? '出库组', '操作工']);
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await loginAs(page, 'suzhou');
  await page.goto('/user/system/data-import');
  const jobs = page.getByTestId('list-dataImportJob');
  await jobs.getByRole('button', { name: '导入数据' }).click();
  const wizard = page.getByRole('dialog').filter({ hasText: '导入数据' });
  await wizard.getByTestId('import-choice').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '员工' }).click();
  const download = page.waitForEvent('download');
  await wizard.getByRole('button', { name: '下载导入模板' }).click();
  expect((await download).suggestedFilename()).toBe('员工导入模板.xlsx');
  await wizard.locator('input[type=file]').setInputFiles({ name: `员工花名册${stamp}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await expect(wizard.getByTestId('import-report')).toContainText('共 50 行：有效 48 行，有错误 2 行');
  await expect(wizard.getByTestId('import-errors').locator('tbody tr')).toHaveCount(2);
  await expect(wizard.getByTestId('import-errors')).toContainText('第18行');
  await expect(wizard.getByTestId('import-errors')).toContainText('不存在的部门');
  // Nothing is written yet: the checked sheet waits in the job list behind the wizard.
  const row = jobs.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `员工花名册${stamp}.xlsx` });
  await expect(row).toContainText('待确认');
  await wizard.getByTestId('import-commit').click();
  await page.locator('.ant-modal-confirm').filter({ hasText: '导入有效的行（有错误的行不导入），确定提交？' }).getByRole('button', { name: /确\s*定/ }).click();
  await expect(wizard.getByTestId('import-report')).toContainText('已导入 48 条，2 行未导入');
  await wizard.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(row).toContainText('已导入');
  await expect(row).toContainText('48');
  await page.goto('/organization/management');
  await page.getByPlaceholder('姓名/手机号/登录账号').fill(`导入员工${stamp}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-pagination')).toContainText('共 48 条');
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function sheetOf(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('客户列表 → 导入: every problem of a row at once, a Shanghai district as written, the same confirm, and the job in 数据导入', async ({ page }) => {
  const name = `导入客户${stamp}有限公司`;
  const buffer = await sheetOf([
    ['*客户名称', '客户类型', '联系电话', '联系邮箱', '所在地区', '账期(天)'],
    ['', '企业', '12345', 'not-an-email', '', '三十'],
    [name, '政府/事业单位', '13900000051', '', '上海市/上海市/浦东新区', '30'],
  ]);
  await loginAs(page, 'admin');
  await page.goto('/business/clue/customer-list');
  await page.getByRole('button', { name: /导\s*入/ }).first().click();
  const wizard = page.getByRole('dialog').filter({ hasText: '下载导入模板' });
  await wizard.locator('input[type=file]').setInputFiles({ name: `客户名单${stamp}.xlsx`, mimeType: XLSX_TYPE, buffer });
  await expect(wizard.getByTestId('import-report')).toContainText('共 2 行：有效 1 行，有错误 1 行');
  const errors = wizard.getByTestId('import-errors');
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  for (const part of ['第2行：', '客户名称', '联系电话格式不正确', '邮箱格式不正确', '账期(天)']) await expect(errors).toContainText(part);
  await wizard.getByTestId('import-commit').click();
  await page.locator('.ant-modal-confirm').filter({ hasText: '导入有效的行（有错误的行不导入），确定提交？' }).getByRole('button', { name: /确\s*定/ }).click();
  await expect(wizard.getByTestId('import-report')).toContainText('已导入 1 条，1 行未导入');

  // The list's import is in 数据导入's history, once, imported.
  await page.goto('/user/system/data-import');
  const jobs = page.getByTestId('list-dataImportJob');
  const row = jobs.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `客户名单${stamp}.xlsx` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已导入');

  // A check without a valid row offers nothing to import and leaves no job waiting to be confirmed.
  await jobs.getByRole('button', { name: '导入数据' }).click();
  const wizard2 = page.getByRole('dialog').filter({ hasText: '导入数据' });
  await expect(wizard2.getByTestId('import-choice')).toContainText('客户');
  await wizard2.locator('input[type=file]').setInputFiles({ name: `全错${stamp}.xlsx`, mimeType: XLSX_TYPE, buffer: await sheetOf([['*客户名称', '联系电话'], ['', '1']]) });
  await expect(wizard2.getByTestId('import-report')).toContainText('没有可导入的行');
  await expect(wizard2.getByTestId('import-commit')).toHaveCount(0);
  await wizard2.getByRole('button', { name: /取\s*消/ }).click();
  const failed = jobs.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `全错${stamp}.xlsx` });
  await expect(failed).toContainText('失败');
  await expect(failed.getByRole('button', { name: '提交导入' })).toHaveCount(0);
});

test('数据导入 at 1440 px: 操作人 and 导入时间 clear of the pinned 操作 column; 零件 and 物料 import, a closed type says why', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'suzhou');
  await page.goto('/user/system/data-import');
  const jobs = page.getByTestId('list-dataImportJob');
  const head = (title: string) => jobs.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title}$`) }).first();
  await expect(head('操作')).toBeVisible();
  const pinned = (await head('操作').boundingBox())!;
  for (const title of ['操作人', '导入时间']) {
    const box = (await head(title).boundingBox())!;
    expect(box.x + box.width, title).toBeLessThanOrEqual(pinned.x + 1);
  }
  await jobs.getByRole('button', { name: '导入数据' }).click();
  const wizard = page.getByRole('dialog').filter({ hasText: '导入数据' });
  await wizard.getByTestId('import-choice').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  // the warehouse's 零件 and 物料 import now (the server test covers the reasons of closed types);
  // any type still closed here says why
  for (const title of ['零件', '物料']) await expect(options.filter({ hasText: title })).not.toHaveClass(/ant-select-item-option-disabled/);
  const closed = options.filter({ has: page.locator('[data-testid="import-choice-reason"]') });
  for (let i = 0; i < (await closed.count()); i++) {
    await expect(closed.nth(i)).toHaveClass(/ant-select-item-option-disabled/);
    await expect(closed.nth(i).getByTestId('import-choice-reason')).toHaveText(/.+/);
  }
});

test('短信发送记录: the failed messages are found by status, read in detail and put back in the outbox', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/user/system/short-message-send-record');
  await expect(page.locator('.ant-pagination')).toContainText('共 40 条');
  await page.getByLabel('发送状态').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '失败' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-pagination')).toContainText('共 2 条');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('号码状态异常');
  await row.locator('a, .ant-typography').first().click();
  await expect(drawer(page)).toContainText('供应商注册邀请');
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: '重发' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/已放回发送队列 1 条短信/)).toBeVisible();
  await expect(page.locator('.ant-pagination')).toContainText('共 1 条');
});
