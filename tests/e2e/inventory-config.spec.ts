import { expect, test, type Page } from '@playwright/test';
import { fillLogin, rowAction } from './helpers';

// 仓库配置: 顾卫东 (仓库主管 of 华运苏州, only 仓库 permissions) opens the 车间 tab, adds a workshop by
// clicking, is told the name is taken when he adds it twice, and finds the delivery addresses tab
// with 洋山港四期码头.
test.use({ actionTimeout: 20_000 });

async function saveDrawer(page: Page) {
  await page.locator('.ant-drawer-content').last().getByRole('button', { name: /保\s*存/ }).click();
}

test('仓库主管 adds a workshop on 仓库配置; a second one of the same name is refused', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'wh', 'Wh@123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/inventory/inventory-config');
  for (const tab of ['仓库', '车间', '物料', '物料供应商', '收货地址', '员工岗位', '岗位系数', '作业计量标准']) {
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-tbody')).toContainText('苏州零件库');

  await page.getByRole('tab', { name: '车间', exact: true }).click();
  const table = page.locator('.ant-tabs-tabpane-active .ant-table-tbody');
  await expect(table).toContainText('振华长兴岛3号总装车间');
  const name = `E2E冲压二车间${Date.now() % 100000}`;
  for (const attempt of [1, 2]) {
    await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: '新增车间' }).click();
    const drawer = page.locator('.ant-drawer-content').last();
    await drawer.getByPlaceholder('请输入车间名称').fill(name);
    await drawer.getByPlaceholder('请输入车间负责人').fill('钱工');
    await drawer.getByPlaceholder('请输入负责人电话').fill('13962250000');
    await saveDrawer(page);
    if (attempt === 1) {
      await expect(page.getByText('保存成功').first()).toBeVisible();
      await expect(table).toContainText(name);
    } else {
      await expect(page.getByText('本单位已有同名车间').first()).toBeVisible();
    }
  }
  // leave the refused form: the drawer asks before dropping what was typed
  await page.locator('.ant-drawer-content').last().getByRole('button', { name: /取\s*消/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /关\s*闭/ }).click();
  await expect(page.locator('.ant-drawer-content')).toHaveCount(0);

  // a workshop a delivery address or a work order names can't be deleted: the refusal is said and the question closes
  const used = table.locator('tr.ant-table-row').filter({ hasText: '振华长兴岛3号总装车间' });
  await rowAction(page, used, '删除');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText(/该车间已被.+（.+）使用，不能删除/).first()).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(used).toHaveCount(1);

  await page.getByRole('tab', { name: '收货地址', exact: true }).click();
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-tbody')).toContainText('洋山港四期码头');
});
