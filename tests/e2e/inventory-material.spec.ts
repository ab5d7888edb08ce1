import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, fillLogin, pick } from './helpers';

// 物料入库 and 领用 (issue 18), as 顾卫东 (wh, only 仓库 permissions): a new 物料入库单 whose line is
// added by scanning the 物料编码 twice and priced by hand, 领用 of one unit,
// then 物料统计 shows the material's 入库/领用 figures and 工时统计 the crew's hours with overtime.
test.use({ actionTimeout: 20_000 });
test.setTimeout(120_000);

async function asKeeper(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, 'wh', 'Wh@123');
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function date(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const CODE = 'WL-BZ-003'; // 缠绕膜 50cm×23μm, 参考单价 36.00
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('物料入库 by scanning → 领用 → 物料统计 and 工时统计 figures', async ({ page }) => {
  await asKeeper(page);
  // read before (a check, not a step): the material's id and figures as the statistic shows them now
  const material = (await api(page, 'GET', `/api/v1/inventory-base/material-item/list-all`)).find((m: any) => m.materialNo === CODE);
  const statOf = async () => (await api(page, 'GET', `/api/v1/inventory-base/stat/material?dims=materialId&materialId=${material.materialId}`)).rows[0] ?? { inQty: 0, useQty: 0 };
  const before = await statOf();

  // 物料入库: 新增(扫码), two scans of the same code make one line of 2
  await page.goto('/inventory/material-in-storage');
  await page.getByRole('button', { name: /新增\(扫码\)/ }).click();
  const doc = page.locator('.ant-drawer-content');
  await pick(page, doc, '请选择仓库', '苏州物料库');
  await pick(page, doc, '请选择供应商', '恒信包装');
  await date(doc, '请选择入库日期', today());
  const invoiceNo = `E2E${Date.now() % 1_000_000}`;
  await doc.getByPlaceholder('请输入发票号').fill(invoiceNo);
  const scan = doc.getByTestId('scan-input');
  for (const code of [CODE, CODE]) {
    await scan.click();
    await scan.pressSequentially(code);
    await scan.press('Enter');
  }
  await expect(doc.getByTestId('scan-status')).toContainText('现为 2');
  const line = doc.locator('.designer-dynamic-table .ant-table-tbody tr.ant-table-row');
  await expect(line).toHaveCount(1);
  await line.getByPlaceholder('请输入单价').fill('36');
  await doc.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await page.getByPlaceholder('入库单号/发票号').fill(invoiceNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const saved = page.locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true }).filter({ hasText: invoiceNo });
  await expect(saved).toContainText('72.00');
  await expect(saved).toContainText('已入库');

  // 领用 one of them on the 物料领用 tab
  await page.getByRole('tab', { name: '物料领用' }).click();
  await page.getByRole('button', { name: /领\s*用/ }).filter({ visible: true }).click();
  const use = page.locator('.ant-drawer-content:visible');
  await pick(page, use, '请选择仓库', '苏州物料库');
  await pick(page, use, '请选择物料', CODE, /缠绕膜/);
  await use.getByPlaceholder('请输入领用数量').fill('1');
  await date(use, '请选择领用日期', today());
  await use.getByPlaceholder('请输入用途').fill('e2e 打包');
  await use.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // 物料统计: the material's row shows 2 more in and 1 more used
  await page.goto('/inventory/stat-material');
  const report = page.getByTestId('report').filter({ visible: true });
  const row = report.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '缠绕膜' });
  await expect(row).toBeVisible();
  const after = await statOf();
  expect(after.inQty - before.inQty).toBe(2);
  expect(after.useQty - before.useQty).toBe(1);
  await expect(row).toContainText(String(after.inQty));
  await expect(row).toContainText(String(after.useQty));
  await expect(report.locator('canvas').first()).toBeVisible();

  // 工时统计: per person, the normal hours and overtime at 150 / 200 / 300 %
  await page.goto('/inventory/stat-work-time');
  const hours = page.getByTestId('report').filter({ visible: true });
  for (const title of ['正常工时', '加班(150%)', '休息日加班(200%)', '法定节假日加班(300%)']) await expect(hours.locator('th').filter({ hasText: title }).first()).toBeVisible();
  const crane = hours.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '陶明' });
  await expect(crane).toBeVisible();
  const figures = (await api(page, 'GET', '/api/v1/inventory-base/stat/work-time?dims=staffId')).rows as any[];
  expect(figures.reduce((s, r) => s + r.overtime150, 0)).toBeGreaterThan(0);
});
