import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './helpers';

// 财务配置: 潘文娟 (财务经理) finds the 收支类型 tree beside its list and the 损益科目 of the fee
// subjects, adds a bank account (a bank outside the bank list is refused), and reads 收入成本报表 by
// 损益科目.
test.use({ actionTimeout: 20_000 });

async function saveDrawer(page: Page) {
  await page.locator('.ant-drawer-content').last().getByRole('button', { name: /保\s*存/ }).click();
}

test('财务经理 reads the finance configuration, adds a bank account and reads 收入成本报表', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'finance', 'Finance@123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/finance/config');
  for (const tab of ['开票平台', '发票税率', '费用科目', '收支类型', '银行账户']) {
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  await page.getByRole('tab', { name: '发票税率', exact: true }).click();
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-tbody')).toContainText('*运输服务*国内道路货物运输服务');

  await page.getByRole('tab', { name: '费用科目', exact: true }).click();
  const subjects = page.locator('.ant-tabs-tabpane-active .ant-table-tbody');
  await expect(subjects).toContainText('外协运费');
  await expect(subjects).toContainText('主营业务成本');

  await page.getByRole('tab', { name: '收支类型', exact: true }).click();
  const pane = page.locator('.ant-tabs-tabpane-active');
  await expect(pane.locator('.ant-tree')).toContainText('运输成本');
  await expect(pane.locator('.ant-tree')).toContainText('运输收入');

  await page.getByRole('tab', { name: '银行账户', exact: true }).click();
  const accounts = page.locator('.ant-tabs-tabpane-active .ant-table-tbody');
  await expect(accounts).toContainText('中国工商银行');
  const accountNo = `622202${String(Date.now()).slice(-10)}`; // unique: the number is unique within the organisation
  for (const bank of ['火星银行', '招商银行']) {
    if (bank === '火星银行') await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: '新增银行账户' }).click();
    const drawer = page.locator('.ant-drawer-content').last();
    await drawer.getByPlaceholder('请输入账户名称').fill('华运物流(上海)有限公司');
    await drawer.getByPlaceholder('请输入开户银行').fill(bank);
    await drawer.getByPlaceholder('请输入银行账号').fill(accountNo);
    await saveDrawer(page);
    if (bank === '火星银行') await expect(page.getByText('开户银行「火星银行」不在银行列表中，请从列表选择').first()).toBeVisible();
    else await expect(page.getByText('保存成功').first()).toBeVisible();
  }
  await expect(accounts).toContainText(accountNo);

  await page.goto('/finance/income-cost-report');
  await expect(page.locator('.ant-table-tbody')).toContainText('主营业务收入');
  await expect(page.locator('.ant-table-thead')).toContainText('上年同期收入');
});
