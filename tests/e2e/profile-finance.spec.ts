import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, loginAs, rowAction, switchTo } from './helpers';

// 个人财务 (issue 19, types 5/6): the project manager 沈国良 claims a site trip's 差旅费 on
// 个人财务管理 by clicks, offsetting part of his petty cash; 财务经理 潘文娟 approves it on 合并管理
// (under 20,000 元 one node); the cashier 徐静 pays it on 资金管理; 沈国良 sees it 已执行 and his
// 借支余额 on 个人财务 lowered by the offset.
test.use({ actionTimeout: 20_000 });
test.setTimeout(120_000);

const M = '/api/v1/finance-base/finance-matters-merge';
const money = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function firstOption(page: Page, select: Locator, search?: string) {
  await select.click();
  if (search) await select.locator('input').fill(search);
  const listId = await select.locator('input').getAttribute('aria-controls');
  const option = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) }).locator('.ant-select-item-option');
  await (search ? option.filter({ hasText: search }) : option).first().click();
}

test('报销 by pm: applied, approved by 财务经理, paid by the cashier; the balance drops by the offset', async ({ page }) => {
  await loginAs(page, 'pm');
  // check: the balance before (the demo lends 沈国良 5,000 元 and offsets 1,000 of it)
  const before = await api<{ pettyCashBalance: string }>(page, 'GET', `${M}/stat-profile-matter`);
  expect(Number(before.pettyCashBalance)).toBeGreaterThanOrEqual(300);
  const title = `E2E报销${Date.now() % 100000}`;

  await page.goto('/profile/profile-finance');
  await dismissNotices(page);
  await expect(page.getByRole('tab', { name: '报销' })).toBeVisible({ timeout: 60_000 });
  await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: '新增报销' }).click();
  const drawer = page.locator('.ant-drawer-content').last();
  await drawer.getByPlaceholder('请输入报销事由').fill(title);
  await drawer.getByPlaceholder('请输入冲抵备用金').fill('300');
  await drawer.getByRole('button', { name: '添加' }).click();
  const line = drawer.locator('.designer-dynamic-table .ant-table-tbody tr.ant-table-row').first();
  await firstOption(page, line.locator('.ant-select').nth(0), '差旅费');
  const date = line.locator('.ant-picker input').first();
  await date.click();
  await date.fill(new Date(Date.now() + 8 * 3600_000 - 2 * 86400_000).toISOString().slice(0, 10));
  await date.press('Enter');
  await firstOption(page, line.locator('.ant-select').nth(1));
  await line.getByPlaceholder(/请输入本次/).fill('1280.50');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const mine = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await expect(mine).toContainText('待审核');
  await expect(mine).toContainText('1,280.50');

  await switchTo(page, 'finance');
  await page.goto('/finance/merge-manage?tab=project-fee');
  const review = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await rowAction(page, review, '审核');
  const dialog = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await dialog.getByTestId('approve-comment').fill('同意报销');
  await dialog.getByTestId('approve-ok').click();
  await expect(review).toContainText('已通过');

  await switchTo(page, 'cashier');
  await page.goto('/finance/finance-manage');
  const pending = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await expect(pending).toContainText('未执行');
  await rowAction(page, pending, '执行');
  const exec = page.locator('.ant-drawer-content').last();
  await firstOption(page, exec.locator('.ant-select').first(), '招商');
  await exec.getByPlaceholder('请输入流水号/凭证号').fill('BX-E2E-0001');
  await exec.getByRole('button', { name: /保\s*存/ }).click();
  await expect(pending).toHaveCount(0);

  await switchTo(page, 'pm');
  await page.goto('/profile/profile-finance');
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title })).toContainText('已执行');
  await page.goto('/profile/index');
  const expected = Number(before.pettyCashBalance) - 300;
  await expect(page.getByTestId('card-petty-cash')).toContainText(money(expected));
  // check: the server agrees
  expect((await api<{ pettyCashBalance: string }>(page, 'GET', `${M}/stat-profile-matter`)).pettyCashBalance).toBe(expected.toFixed(2));
});
