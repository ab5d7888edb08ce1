import { expect, test } from '@playwright/test';
import { api, loginAs, rowAction, switchTo } from './helpers';

// 统计报表 and 物流情报 by clicks: 沈伟民 (总经理) opens 数据统计 from the menu, narrows it to last
// month with the 期间 shortcut, and drills from the month's row to that month's clues; he opens the
// big-screen board from 看板门户. 周慧敏 (商务专员) turns a tender of 爬虫信息 into a clue.
test.use({ actionTimeout: 20_000 });

test('总经理 reads 数据统计 for a month and drills to its clues; opens the board from 看板门户', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await loginAs(page, 'gm');
  await page.locator('.ant-menu').getByText('统计报表', { exact: true }).click();
  await page.locator('.ant-menu').getByText('数据统计', { exact: true }).click();
  await expect(page).toHaveURL(/\/stat\/stat-data$/);
  const report = page.getByTestId('report').filter({ visible: true });
  await expect(report.getByTestId('chart').first()).toBeVisible();
  await expect(report.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

  // 期间: the 上月 shortcut
  await report.locator('.ant-picker-range').first().click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-presets').getByText('上月', { exact: true }).click();
  await report.getByRole('button', { name: /查\s*询/ }).click();
  const now = new Date(Date.now() + 8 * 3600_000);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`;
  const rows = report.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(month);
  // the figure equals what the statistic's call answers for that month (checked by API)
  const lastDay = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0)).getUTCDate();
  const data = await api(page, 'GET', `/api/v1/user-base/stat/data?dims=month&createdAtStart=${month}-01&createdAtEnd=${month}-${lastDay}`);
  const clues = String(data.rows[0]?.clues ?? 0);
  await expect(rows.first().locator('td').nth(1)).toHaveText(clues);

  // drill down: the month opens 线索列表 filtered to that month
  await rows.first().getByTestId('report-drill').click();
  await expect(page).toHaveURL(new RegExp(`/business/clue/clue-list\\?.*createdAtStart=${month}-01`));
  const list = page.locator('.ant-table-tbody:visible');
  if (Number(clues) > 0) await expect(list.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-pagination-total-text:visible, .ant-table-placeholder:visible').first()).toBeVisible();
  if (Number(clues) > 0) await expect(page.locator('.ant-pagination-total-text:visible').first()).toContainText(clues);

  // 看板门户 → 数据看板
  await page.locator('.ant-menu').getByText('看板门户', { exact: true }).click();
  await expect(page).toHaveURL(/\/kanban-portal$/);
  await page.getByTestId('card-screen-board').getByText('进入运营大屏').click();
  await expect(page).toHaveURL(/\/kanban$/);
  await expect(page.getByTestId('card-in-transit')).toBeVisible();
});

test('商务专员 turns a tender of 爬虫信息 into a clue', async ({ page }) => {
  test.setTimeout(120_000);
  await switchTo(page, 'business');
  await page.locator('.ant-menu').getByText('物流情报', { exact: true }).click();
  await page.locator('.ant-menu').getByText('爬虫信息', { exact: true }).click();
  await expect(page).toHaveURL(/\/logistics\/crawler\/list/);
  const table = page.locator('.ant-tabs-tabpane-active .ant-table-tbody');
  const row = table.locator('tr.ant-table-row').filter({ hasText: '未处理' }).first();
  await expect(row).toBeVisible();
  const title = (await row.locator('td').first().innerText()).trim();
  await rowAction(page, row, '转为线索');
  const dialog = page.locator('.ant-modal-content:visible').last();
  await dialog.locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await dialog.getByRole('button', { name: /确\s*定|提\s*交|转为线索/ }).last().click();
  await expect(page.getByText(/已生成线索 XS\d+/).first()).toBeVisible();
  const done = table.locator('tr.ant-table-row').filter({ hasText: title.slice(0, 20) }).first();
  await expect(done).toContainText('已转线索');
  // the clue exists with source 爬虫信息 and points back at the tender (checked by API)
  const items = await api(page, 'GET', `/api/v1/project-base/crawler-info/page?status=5&keyword=${encodeURIComponent(title.slice(0, 30))}`);
  const item = (items.list as { clueId: number | null }[])[0]!;
  expect(item.clueId).toBeTruthy();
  const clue = await api(page, 'GET', `/api/v1/project-base/clue/${item.clueId}`);
  expect(clue).toMatchObject({ source: 3 });
});
