import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, pick, rowAction, rowOf, switchTo } from './helpers';

// 对账单 by clicks (issue 19, DOMAIN §4.3), as 潘文娟 (finance): a customer's bill built from the
// open items of a month, 发送对账, 对方确认; a carrier's bill over a truck's freight, 提出异议,
// 调整 (扣款), 发送对账 again, 对方确认 — and the truck's schedule then reads 已结算, with no 结算
// button anywhere. API calls only set up the items and read results back.
test.use({ actionTimeout: 20_000 });

/** A row action, then its dialog (fields typed by placeholder) confirmed; the success message shows. */
async function step(page: Page, row: Locator, name: string, fields: Record<string, string> = {}) {
  await rowAction(page, row, name);
  const dialog = page.locator('.ant-modal-content:visible').last();
  await expect(dialog).toBeVisible();
  for (const [placeholder, value] of Object.entries(fields)) await dialog.getByPlaceholder(placeholder, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(new RegExp(`${name}成功|已结算`)).first()).toBeVisible();
  await expect(page.locator('.ant-modal-content:visible')).toHaveCount(0);
}

async function date(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** 新建对账单 in the drawer: the counterparty and the period; the server takes the open items. */
async function newBill(page: Page, partyPlaceholder: string, party: string, start: string, end: string) {
  await page.getByRole('button', { name: '新建对账单' }).click();
  const form = page.locator('.ant-drawer-content:visible');
  await pick(page, form, partyPlaceholder, party);
  await date(form, '请选择对账期间起', start);
  await date(form, '请选择对账期间止', end);
  await form.getByRole('button', { name: /保\s*存|确\s*定/ }).first().click();
  await expect(page.getByText(/保存成功|新增成功|新建对账单成功/).first()).toBeVisible();
}

test('finance reconciles a customer and a carrier by clicks; the confirmed carrier bill settles the truck', async ({ page }) => {
  test.setTimeout(180_000);

  // Set-up by API: an income item of the demo project in a month of its own (the customer's bill takes it).
  await switchTo(page, 'pm');
  const project = (await api(page, 'GET', '/api/v1/project-base/project/page?runState=10&pageSize=1')).list[0];
  const customer = (await api(page, 'GET', `/api/v1/project-base/project/${project.projectId}`)).refs?.customer?.[String(project.customerId)] as string;
  const month = `20${String(10 + (Date.now() % 9)).padStart(2, '0')}-0${1 + (Date.now() % 9)}`;
  await api(page, 'POST', '/api/v1/project-base/income-item/save', { projectId: project.projectId, summary: '月度运费', amount: '36800.00', taxRate: 9, occurredDate: `${month}-15` }); // set-up or check by API (see above), not a step a person performs

  // Read (set-up): a carrier truck back with its receipt whose freight is in no bill yet.
  const freight = (await api(page, 'GET', '/api/v1/project-base/cost-item/page?source=1&itemSettleStatus=0&pageSize=200')).list as any[];
  let target: any;
  for (const f of freight) {
    if (!f.scheduleId || f.settleBillId) continue;
    const s = await api(page, 'GET', `/api/v1/project-base/transport-schedule/${f.scheduleId}`);
    if (s.scheduleStatus === 40) { target = { ...f, schedule: s }; break; }
  }
  expect(target, 'a schedule at 回单已返 with open freight').toBeTruthy();
  const supplier = (await api(page, 'GET', `/api/v1/project-base/cost-item/${target.costItemId}`)).refs.supplier[String(target.supplierId)] as string;

  // 客户对账: 新建对账单 → 发送对账 → 对方确认
  await switchTo(page, 'finance');
  await page.goto('/finance/finance-settle-bill/customer-settle-list');
  await dismissNotices(page);
  await newBill(page, '请选择客户', customer, `${month}-01`, `${month}-28`);
  let row = rowOf(page, '草稿').filter({ hasText: '36,800.00' }).first();
  await expect(row).toBeVisible();
  const billNo = (await row.locator('td').filter({ hasText: /^DZ\d{10}$/ }).first().innerText()).trim();
  row = rowOf(page, billNo);
  await step(page, row, '发送对账');
  await expect(row).toContainText('待确认');
  await step(page, row, '对方确认', { 请输入对方确认人: '上海电气 财务部 李会计' });
  await expect(row).toContainText('已确认');

  // 供应商对账: the carrier's freight of that day; 提出异议 → 调整 → 发送对账 → 对方确认
  await page.goto('/finance/finance-settle-bill/supplier-settle-list');
  await dismissNotices(page);
  await newBill(page, '请选择供应商', supplier, target.occurredDate, target.occurredDate);
  row = rowOf(page, '草稿').first();
  const supplierBillNo = (await row.locator('td').filter({ hasText: /^DZ\d{10}$/ }).first().innerText()).trim();
  row = rowOf(page, supplierBillNo);
  await step(page, row, '发送对账');
  await step(page, row, '提出异议', { 请输入异议原因: '一车次货损，需扣款' });
  await expect(row).toContainText('有异议');
  await step(page, row, '调整', { 请输入调整金额: '-300', 请输入调整原因: '货损扣款300元' });
  await expect(row).toContainText('草稿');
  await step(page, row, '发送对账');
  await step(page, row, '对方确认', { 请输入对方确认人: '承运商 王经理' });
  await expect(row).toContainText('已确认');

  // The truck is settled: its schedule reads 已结算 (read back by API, then on the schedule list).
  await switchTo(page, 'pm');
  await expect.poll(async () => (await api(page, 'GET', `/api/v1/project-base/transport-schedule/${target.scheduleId}`)).scheduleStatus).toBe(45);
  await page.goto(`/project/transport-schedule/${target.schedule.projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('调度单号/车牌/司机').fill(target.schedule.scheduleNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rowOf(page, target.schedule.scheduleNo)).toContainText('已结算');
});
