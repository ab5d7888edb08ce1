import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('the menu follows the roles: business sees only the groups of its role bundle', async ({ page }) => {
  await loginAs(page, 'business');
  const menu = page.locator('.ant-layout-sider .ant-menu');
  await expect(menu.getByText('首页')).toBeVisible();
  // 商务专员: 商务, plus the library and borrowing of 数字资产 and the intelligence it turns into clues
  await expect(menu.locator(':scope > .ant-menu-submenu > .ant-menu-submenu-title')).toHaveText(['商务拓展', '物流情报', '数字资产']);
  await menu.getByText('商务拓展').click();
  await menu.getByText('客户列表').click();
  await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);
});

test('admin sees the customer list and switches organisation through the dialog', async ({ page }) => {
  await loginAs(page, 'admin');
  const menu = page.locator('.ant-layout-sider .ant-menu');
  await menu.getByText('商务拓展').click();
  await expect(menu.getByText('客户列表')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByText('切换单位').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('华运物流(上海)有限公司')).toBeVisible();
  const switchButton = dialog.getByRole('button', { name: /切\s*换/ });
  await expect(switchButton).toBeDisabled();
  await dialog.locator('.ant-select').click();
  await expect(page.locator('.ant-select-item-option-disabled')).toContainText('华运冷链(广州)有限公司【已禁用】');
  await expect(page.locator('.ant-select-item-option').filter({ hasText: '华运物流(上海)有限公司' })).toHaveCount(0);
  await page.locator('.ant-select-item-option').filter({ hasText: '华运仓储(苏州)有限公司' }).click();
  await expect(switchButton).toBeEnabled();
  await switchButton.click();
  await expect(page.getByTestId('user-menu')).toContainText('华运仓储(苏州)有限公司');
});
