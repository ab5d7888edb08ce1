import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, rowAction, switchTo } from './helpers';

// 资金事项 (issue 19) by clicks: the 会计 谢丽娜 merges carrier payment nodes of more than
// 200,000 元 (a payment node and the carrier's monthly 外协运费) into one 批量付款 on 合并管理; 财务经理 潘文娟 approves, then 总经理 沈伟民 (the
// template's node from 200,000 元); the cashier 徐静 executes it on 资金管理 and the nodes are paid.
// Then the cashier imports the bank's statement and confirms the suggested match of a receipt.
test.use({ actionTimeout: 20_000 });
test.setTimeout(180_000);

const M = '/api/v1/finance-base/finance-matters-merge';

interface Target { targetType: number; targetId: number; label: string; counterpartyName: string; amount: string; openAmount: string; status: number }

async function pickIn(page: Page, select: Locator, search: string, option: string) {
  await select.click();
  await select.locator('input').fill(search);
  const listId = await select.locator('input').getAttribute('aria-controls');
  await page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) })
    .locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

async function approve(page: Page, title: string, expected: string) {
  await page.goto('/finance/merge-manage');
  const row = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await rowAction(page, row, '审核');
  const dialog = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await dialog.getByTestId('approve-comment').fill('同意付款');
  await dialog.getByTestId('approve-ok').click();
  await expect(row).toContainText(expected);
}

test('批量付款 over 200,000 元: 会计 applies, 财务经理 and 总经理 approve, 出纳 pays; a receipt is matched from the imported bank statement', async ({ page }) => {
  await switchTo(page, 'xielina');
  // set-up: what the flow pays — a carrier's payment node and that carrier's monthly 外协运费 (the
  // demo's nodes are small; together they pass the 总经理's 200,000 元)
  const open = await api<Target[]>(page, 'GET', `${M}/list-target-matters?matterType=1`);
  const cost = open.filter((t) => t.targetType === 3).sort((a, b) => Number(b.openAmount) - Number(a.openAmount))[0]!;
  const node = open.filter((t) => t.targetType === 1).sort((a, b) => Number(b.openAmount) - Number(a.openAmount))[0]!;
  const total = Number(cost.openAmount) + Number(node.openAmount);
  expect(total).toBeGreaterThan(200000);
  const title = `E2E合并付款${Date.now() % 100000}`;

  await page.goto('/finance/merge-manage');
  await expect(page.getByRole('tab', { name: '批量付款' })).toBeVisible({ timeout: 60_000 });
  await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: '合并付款' }).click();
  const drawer = page.locator('.ant-drawer-content').last();
  await drawer.getByPlaceholder('请输入事项名称').fill(title);
  await drawer.getByPlaceholder('请输入收款人').fill(cost.counterpartyName);
  const rows = drawer.locator('.designer-dynamic-table .ant-table-tbody tr.ant-table-row');
  await drawer.getByRole('button', { name: '添加' }).click();
  const plate = node.label.split(' ')[0]!;
  await pickIn(page, rows.nth(0).locator('.ant-select').nth(0), plate, `${plate} ${node.amount}`);
  await rows.nth(0).getByPlaceholder(/请输入本次/).fill(node.openAmount);
  await drawer.getByRole('button', { name: '添加' }).click();
  // the line's pickers: 运费支付节点, 对账单, 成本明细
  await pickIn(page, rows.nth(1).locator('.ant-select').nth(2), cost.label, `${cost.label} ${cost.amount}`);
  await rows.nth(1).getByPlaceholder(/请输入本次/).fill(cost.openAmount);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const mine = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await expect(mine).toContainText('待审核');

  await switchTo(page, 'finance');
  await approve(page, title, '待审核'); // 财务经理 passed; the 总经理's node is next
  await switchTo(page, 'gm');
  await approve(page, title, '已通过');

  await switchTo(page, 'cashier');
  await page.goto('/finance/finance-manage');
  const pending = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await expect(pending).toContainText('未执行');
  await rowAction(page, pending, '执行');
  const exec = page.locator('.ant-drawer-content').last();
  await pickIn(page, exec.locator('.ant-select').first(), '招商', '招商银行');
  await exec.getByPlaceholder('请输入流水号/凭证号').fill('CMB-E2E-0001');
  await exec.getByRole('button', { name: /保\s*存/ }).click();
  await expect(pending).toHaveCount(0);
  await page.getByRole('tab', { name: '已执行' }).click();
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ hasText: title })).toContainText('已执行');


  // set-up: an approved 收款 matter for a customer's open income (as the 会计 and 财务经理 would)
  await switchTo(page, 'xielina');
  const income = (await api<Target[]>(page, 'GET', `${M}/list-target-matters?matterType=2`)).find((t) => Number(t.amount) > 1000 && t.counterpartyName)!;
  const receipt = await api<{ reviewId: number; reviewNo: string; totalAmount: string }>(page, 'POST', `${M}/batch-receipt`, { items: [{ incomeItemId: income.targetId }], payerName: income.counterpartyName });
  await switchTo(page, 'finance');
  // set-up: the 财务经理 approves that 收款 matter (approving by clicks is the 批量付款 flow above)
  await api(page, 'POST', `${M}/audit`, { ids: [receipt.reviewId], pass: true }); // set-up (approval by clicks: 批量付款 above)
  // check: the node the cashier paid is 已支付
  expect((await api<{ payNodeStatus: number }>(page, 'GET', `/api/v1/project-base/schedule-payment/${node.targetId}`)).payNodeStatus).toBe(15);

  // the cashier imports the bank's export and confirms the suggested match
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('流水');
  sheet.addRow(['交易日期', '流水号', '对方户名', '借方发生额', '贷方发生额', '摘要']);
  const serial = `E2E${Date.now() % 10000000}`;
  sheet.addRow([new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) /* the China date the matter carries */, serial, income.counterpartyName, '', receipt.totalAmount, '运费']);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  await switchTo(page, 'cashier');
  await page.goto('/bank-statement');
  await dismissNotices(page);
  await page.getByRole('button', { name: '导入流水' }).click();
  const wizard = page.getByRole('dialog').filter({ hasText: '导入流水' });
  await wizard.getByTestId('import-choice').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '招商银行' }).first().click();
  await wizard.locator('input[type=file]').setInputFiles({ name: '招商银行流水.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await wizard.getByTestId('import-commit').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已导入 1 条').first()).toBeVisible(); // a sheet without errors closes the wizard
  await expect(wizard).toHaveCount(0);
  await page.getByPlaceholder('开户银行/对方户名/摘要').fill(income.counterpartyName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const line = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: serial });
  // the best suggestion is an approved receipt of that customer and amount (the oldest first when several)
  await expect(line).toContainText(/ZJ\d+金额一致；户名相似 100%；日期相差 0 天/);
  await rowAction(page, line, '确认匹配');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(line).not.toContainText('金额一致');
  // check: the line is matched and its receipt executed with the line's 流水号
  const matched = (await api<{ list: { matchedReviewId: number }[] }>(page, 'GET', `/api/v1/finance-base/bank-statement/page?keyword=${encodeURIComponent(income.counterpartyName)}&pageSize=200`))
    .list.find((l: any) => l.serialNo === serial)!;
  const after = await api<{ executeStatus: number; voucherNo: string; matterType: number }>(page, 'GET', `${M}/review/${matched.matchedReviewId}`);
  expect(after).toMatchObject({ matterType: 2, executeStatus: 10, voucherNo: serial });
});
