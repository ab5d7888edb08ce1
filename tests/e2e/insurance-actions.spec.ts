import { expect, test } from '@playwright/test';
import { dismissNotices, rowAction, rowOf, switchTo } from './helpers';

// 保险询价's actions by clicks (the administrator, who holds 项目管理:保险询价): 录入报价's quotes
// table fits its dialog; 确认投保's 保险机构 picker offers insurers only (the demo has one, 人保财险
// 上海分公司, among 24 suppliers, individual drivers included), and 确认投保 goes through.
test.use({ actionTimeout: 20_000 });

test('录入报价 fits its dialog; 确认投保 picks among insurers only and succeeds', async ({ page }) => {
  await switchTo(page, 'admin');
  await page.goto('/project/insurance-enquiries');
  await dismissNotices(page);

  await rowAction(page, rowOf(page, '叶片工装'), '录入报价');
  const quote = page.locator('.ant-modal-content:visible').last();
  // With a quote line (inputs in every cell) the table's own columns — the HTML table, not its
  // scroll container — still end inside the dialog.
  await quote.getByRole('button', { name: /添\s*加/ }).click();
  const table = quote.locator('.ant-table table').first();
  await expect(table.locator('tbody input').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('quote-dialog.png') });
  const [box, tableBox] = [await quote.boundingBox(), await table.boundingBox()];
  expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
  await quote.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.locator('.ant-modal-content:visible')).toHaveCount(0);

  await rowAction(page, rowOf(page, '塔筒节段'), '确认投保');
  const confirm = page.locator('.ant-modal-content:visible').last();
  await confirm.getByPlaceholder('请输入保单号').fill('PYDL202611270001');
  const select = confirm.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: '保险机构' }) });
  await select.click();
  const listId = await select.locator('input').getAttribute('aria-controls');
  const options = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) }).locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('人民财产保险');
  await options.first().click();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('确认投保成功').first()).toBeVisible();
  await expect(page.getByText('连接服务器失败')).toHaveCount(0);
  await expect(rowOf(page, '塔筒节段')).toContainText('PYDL202611270001');
});
