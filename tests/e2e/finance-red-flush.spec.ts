import { expect, test } from '@playwright/test';
import { api, dismissNotices, rowAction, rowOf, switchTo } from './helpers';

// 红冲 (issue 19) by clicks: the 会计 谢丽娜 red-flushes an issued 数电票 on 合并管理 → 申请开票 with
// the 红字发票信息确认单编号; the 财务经理 潘文娟 approves the red matter; the cashier 徐静 records
// the red invoice's number on 资金管理 (开票登记); the original then reads 已红冲.
test.use({ actionTimeout: 20_000 });
test.setTimeout(180_000);

const M = '/api/v1/finance-base/finance-matters-merge';
interface Matter { reviewId: number; reviewNo: string; redFlush: boolean; auditState: number }

test('红冲 of an issued invoice: 会计 starts it, 财务经理 approves, 出纳 issues the red invoice; the original is 已红冲', async ({ page }) => {
  await switchTo(page, 'xielina');
  const issued = (await api<{ list: Matter[] }>(page, 'GET', `${M}/list-review?matterType=4&executeStatus=10&redFlushStatus=0&pageSize=100`)).list.find((r) => !r.redFlush)!; // set-up: an issued invoice of the demo
  expect(issued).toBeTruthy();

  await page.goto(`/finance/merge-manage?tab=issue-invoice&keyword=${encodeURIComponent(issued.reviewNo)}`);
  await dismissNotices(page);
  const original = rowOf(page, issued.reviewNo);
  await expect(original).toContainText('已执行', { timeout: 60_000 });
  await rowAction(page, original, '红冲');
  const dialog = page.locator('.ant-modal-content:visible').last();
  await dialog.getByPlaceholder('请输入红字信息确认单编号', { exact: true }).fill('31000026112800000001');
  await dialog.getByPlaceholder('请输入红冲原因', { exact: true }).fill('购买方名称有误');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const said = page.getByText(/已生成红冲开票事项「ZJ\d+」/).first();
  await expect(said).toBeVisible();
  const redNo = /ZJ\d+/.exec(await said.innerText())![0];
  await expect(original).toContainText('红冲中');

  // 财务经理 approves the red matter (the 申请开票 template's one node)
  await switchTo(page, 'finance');
  await page.goto(`/finance/merge-manage?tab=issue-invoice&keyword=${redNo}`);
  await dismissNotices(page);
  const red = rowOf(page, redNo);
  await expect(red).toContainText('待审核', { timeout: 60_000 });
  await rowAction(page, red, '审核');
  const approve = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await approve.getByTestId('approve-comment').fill('同意红冲');
  await approve.getByTestId('approve-ok').click();
  await expect(red).toContainText('已通过');

  // 出纳 records the red invoice on 资金管理
  await switchTo(page, 'cashier');
  await page.goto(`/finance/finance-manage?keyword=${redNo}`);
  await dismissNotices(page);
  const pending = rowOf(page, redNo);
  await expect(pending).toContainText('未执行', { timeout: 60_000 });
  await rowAction(page, pending, '开票登记');
  const form = page.locator('.ant-drawer-content:visible, .ant-modal-content:visible').last();
  await form.getByPlaceholder('请输入发票号码').fill('25312000000000099901');
  await form.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(pending).toHaveCount(0);

  await switchTo(page, 'xielina');
  await page.goto(`/finance/merge-manage?tab=issue-invoice&keyword=${encodeURIComponent(issued.reviewNo)}`);
  await expect(rowOf(page, issued.reviewNo)).toContainText('已红冲', { timeout: 60_000 });
  const after = (await api<{ list: Matter[] }>(page, 'GET', `${M}/list-review?matterType=4&keyword=${redNo}`)).list[0]!; // check
  expect(after).toMatchObject({ redFlush: true });
});
