import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, fillLogin, pick, rowAction, rowOf } from './helpers';

// 仓库 (issue 18), as 顾卫东 (wh, only 仓库 permissions): a work order for two 振华重工 parts,
// 下达; a new in-storage whose lines are added by typing barcodes + Enter into the scan field
// (as a USB scanner does), one line marked 货损; 提交, 验收入库; the stock shows on the part list.
test.use({ actionTimeout: 20_000 });
test.setTimeout(120_000);

async function asKeeper(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, 'wh', 'Wh@123');
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function dateTime(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function confirmDialog(page: Page) {
  const dialog = page.locator('.ant-modal-content:visible').last();
  await dialog.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
}

const A = 'ZPMC-QC2309-BJ-01';
const B = 'ZPMC-QC2309-BJ-03';

test('work order → 下达 → in-storage by scanning, one line 货损 → 提交 → 验收入库 → stock on the part list', async ({ page }) => {
  await asKeeper(page);
  const stamp = `GD-E2E-${Date.now() % 1_000_000}`;
  // read before (a check, not a step): the part's stock as the list shows it now
  const before = (await api(page, 'GET', `/api/v1/inventory-base/part-item/page?keyword=${A}`)).list[0].stockQty as number;

  // 工单: 新增 with two lines, then 下达
  await page.goto('/inventory/work-order-list');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.locator('.ant-drawer-content');
  await form.getByPlaceholder('请输入客户工单号').fill(stamp);
  await pick(page, form, '请选择客户', '振华重工');
  await form.getByPlaceholder('请输入产品/机组').fill('QC-2309岸桥 随机备件(补充)');
  for (const [i, [part, qty]] of ([[A, '3'], [B, '2']] as const).entries()) {
    await form.getByRole('button', { name: /添\s*加/ }).first().click();
    const line = form.locator('.designer-dynamic-table .ant-table-tbody tr.ant-table-row').nth(i);
    await pick(page, line, '请选择零件', part);
    await line.getByPlaceholder('请输入计划件数').fill(qty);
  }
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await page.getByPlaceholder('工单号/产品/目的地').fill(stamp);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rowOf(page, stamp)).toContainText('草稿');
  await rowAction(page, rowOf(page, stamp), '下达');
  await confirmDialog(page);
  await expect(rowOf(page, stamp)).toContainText('已下达');

  // 入库: 新增(扫码); the scan field has the focus; three scans of A, one of B
  await page.goto('/inventory/in-storage');
  await page.getByRole('button', { name: /新增\(扫码\)/ }).click();
  const doc = page.locator('.ant-drawer-content');
  await pick(page, doc, '请选择仓库', '苏州零件库');
  await pick(page, doc, '请选择工单', stamp);
  await dateTime(doc, '请选择到货时间', new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '));
  await doc.getByPlaceholder('请输入车牌号').fill('苏E·K8861');
  const scan = doc.getByTestId('scan-input');
  for (const code of [A, A, B, 'NO-SUCH-CODE', A]) {
    await scan.click();
    await scan.pressSequentially(code);
    await scan.press('Enter');
    if (code === 'NO-SUCH-CODE') await expect(doc.getByTestId('scan-status')).toHaveText('未找到条码为 NO-SUCH-CODE 的零件');
  }
  await expect(doc.getByTestId('scan-status')).toHaveText(`${A} 数量 +1，现为 3（第1行）`);
  const lines = doc.locator('.designer-dynamic-table .ant-table-tbody tr.ant-table-row');
  await expect(lines).toHaveCount(2);
  await lines.nth(0).getByPlaceholder('请输入库位').fill('A-03-02');
  await lines.nth(1).getByPlaceholder('请输入库位').fill('B-02-02');
  // the second line arrived damaged
  const condition = lines.nth(1).locator('.ant-select').filter({ hasText: '完好' });
  await condition.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '货损' }).click();
  await doc.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  const row = rowOf(page, stamp);
  await expect(row).toContainText('草稿');
  await rowAction(page, row, '提交');
  await confirmDialog(page);
  await expect(row).toContainText('待验收');
  await rowAction(page, row, '验收入库');
  await confirmDialog(page);
  await expect(page.getByText(/已验收入库 4 件，其中货损 1 件/)).toBeVisible();
  await expect(row).toContainText('已入库');

  // 零件列表: the part's stock, and its figure per 库位 behind 库存
  await page.goto('/inventory/part-item-list');
  await page.getByPlaceholder('零件号/名称/规格/条码').fill(A);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rowOf(page, A)).toContainText(String(before + 3));
  await rowAction(page, rowOf(page, A), '库存');
  await expect(page).toHaveURL(/\/inventory\/stock\?partItemId=\d+/);
  await expect(rowOf(page, 'A-03-02')).toContainText('苏州零件库');

  // 打印条码: an A4 sheet of 24 labels, each with the part's barcode
  await page.goto('/inventory/part-item-list');
  await page.getByPlaceholder('零件号/名称/规格/条码').fill(A);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await rowAction(page, rowOf(page, A), '打印条码');
  const sheet = page.getByTestId('label-sheet');
  await expect(sheet).toHaveCount(1);
  await expect(sheet.locator('.part-label')).toHaveCount(24);
  await expect(sheet.locator('.part-label svg rect').first()).toBeVisible();
  await expect(sheet.locator('.part-label').first()).toContainText(A);
});
