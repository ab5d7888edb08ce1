import { expect, test, type Page } from '@playwright/test';
import { apiToken, loginAs } from './helpers';

const LIST = '/business/clue/customer-list';

async function search(page: Page, keyword: string) {
  await page.getByPlaceholder('客户名称/简称/信用代码/联系人/电话').fill(keyword);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

function rowOf(page: Page, name: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
}

async function openEdit(page: Page, name: string) {
  await search(page, name);
  await rowOf(page, name).getByRole('button', { name: /编\s*辑/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByPlaceholder('请输入客户名称')).toHaveValue(name);
  return drawer;
}

test.describe.serial('客户', () => {
  const name = `测试客户${Date.now()}`;

  test('the list is in Chinese and paginates on the server', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto(LIST);
    await expect(page.locator('.ant-pagination')).toContainText('条/页');
    await expect(page.locator('.ant-pagination')).toContainText(/共 \d+ 条/);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(20);

    const sorted = page.waitForRequest((req) => req.url().includes('list-local-customer') && req.url().includes('sortField=name') && req.url().includes('sortOrder=asc'));
    await page.locator('.ant-table-thead th').filter({ hasText: '客户名称' }).click();
    await sorted;
    const paged = page.waitForRequest((req) => req.url().includes('list-local-customer') && req.url().includes('pageNo=2'));
    await page.locator('.ant-pagination-item-2').click();
    await paged;
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
  });

  test('create, edit and reload a customer: the change persists', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto(LIST);
    await page.getByRole('button', { name: '新增客户' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer.getByText('客户名称不能为空')).toBeVisible();
    await drawer.getByPlaceholder('请输入客户名称').fill(name);
    await drawer.getByPlaceholder('请输入联系电话').fill('123');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer.getByText('联系电话格式不正确')).toBeVisible();
    await drawer.getByPlaceholder('请输入联系电话').fill('13800138000');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.locator('.ant-drawer-content')).toHaveCount(0);

    const editor = await openEdit(page, name);
    await editor.getByPlaceholder('请输入联系人').fill('王五');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();

    await page.reload();
    await search(page, name);
    await expect(rowOf(page, name)).toContainText('王五');
    await expect(rowOf(page, name)).toContainText('13800138000');
  });

  test('another organisation does not see it, and its API answers 404', async ({ page, request }) => {
    const adminToken = await apiToken(request, 'admin');
    const found = await request.get(`/api/v1/user-base/customer/list-local-customer?keyword=${encodeURIComponent(name)}`, { headers: { 'access-token': adminToken } });
    const customerId = (await found.json()).data.list[0].customerId;

    await loginAs(page, 'suzhou');
    await page.goto(LIST);
    await search(page, name);
    await expect(page.locator('.ant-table-placeholder')).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);

    const suzhouToken = await apiToken(request, 'suzhou');
    const response = await request.get(`/api/v1/user-base/customer/${customerId}`, { headers: { 'access-token': suzhouToken } });
    expect(response.status()).toBe(404);
    expect((await response.json()).code).toBe(404);
  });

  test('a stale concurrent save gets 409 and keeps the input', async ({ browser }) => {
    const first = await (await browser.newContext()).newPage();
    const second = await (await browser.newContext()).newPage();
    for (const page of [first, second]) {
      await loginAs(page, 'admin');
      await page.goto(LIST);
    }
    const firstDrawer = await openEdit(first, name);
    const secondDrawer = await openEdit(second, name);

    await firstDrawer.getByPlaceholder('请输入客户简称').fill('先保存');
    await firstDrawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(first.getByText('保存成功')).toBeVisible();

    await secondDrawer.getByPlaceholder('请输入客户简称').fill('后保存');
    await secondDrawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(second.getByTestId('form-error')).toHaveText('该记录已被他人修改，请刷新后重试');
    await expect(secondDrawer.getByPlaceholder('请输入客户简称')).toHaveValue('后保存');
  });
});

test('a person\'s column settings and density follow them to another browser', async ({ page, browser }) => {
  const header = (p: Page) => p.locator('.ant-table-thead');
  await loginAs(page, 'gm');
  await page.goto(LIST);
  await page.getByRole('button', { name: '列设置' }).click();
  // from the definition's own columns, whatever an earlier run left
  await page.getByTestId('column-settings').getByRole('button', { name: '恢复默认' }).click();
  await expect(header(page).getByText('简称', { exact: true })).toBeVisible();
  await page.getByTestId('column-settings').getByRole('checkbox', { name: '简称' }).uncheck();
  await expect(header(page).getByText('简称', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '列设置' }).click();
  await expect(page.getByTestId('column-settings')).toBeHidden();
  await page.getByRole('button', { name: '密度' }).hover();
  // the settings reach the server after a short pause; this save carries both changes
  const saved = page.waitForResponse((r) => r.url().includes('/user-preference/save') && r.ok() && /"density":"small"/.test(r.request().postData() ?? ''));
  await page.getByRole('menuitem', { name: '紧凑' }).click();
  await expect(page.locator('.ant-table.ant-table-small')).toBeVisible();
  expect((await saved).request().postDataJSON().data.value.hidden).toContain('shortName');

  // Another device: a new browser with nothing stored, the same person.
  const other = await browser.newContext();
  const there = await other.newPage();
  await loginAs(there, 'gm');
  await there.goto(LIST);
  await expect(there.locator('.ant-table.ant-table-small')).toBeVisible();
  await expect(header(there).getByText('客户名称', { exact: true }).first()).toBeVisible();
  await expect(header(there).getByText('简称', { exact: true })).toHaveCount(0);
  // 恢复默认 there brings the column back everywhere
  await there.getByRole('button', { name: '列设置' }).click();
  const restored = there.waitForResponse((r) => r.url().includes('/user-preference/save') && r.ok());
  await there.getByTestId('column-settings').getByRole('button', { name: '恢复默认' }).click();
  await expect(header(there).getByText('简称', { exact: true })).toBeVisible();
  await restored;
  await other.close();
  await page.reload();
  await expect(header(page).getByText('简称', { exact: true })).toBeVisible();
});
