/**
 * Fill-ins and formulas, declared (issue 17), by clicks: 新增询价 on a clue's row arrives with the
 * clue's title, customer, cargo and route; 对客报价 on the awarded enquiry arrives with the customer
 * and the cost, and works out 不含税金额 and 毛利率 while the amount is typed; 标记中标 drafts the
 * income contract with the quotation's customer and amount; a dispatcher picking a 司机档案 sees
 * the name, phone and ID number appear. API calls only set up what other people do (the clue
 * exists, suppliers quote, the manager approves) or read results back; each says so.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, apiToken, dismissNotices, pick, rowAction, rowOf, switchTo } from './helpers';

const PB = '/api/v1/project-base';
test.use({ timezoneId: 'Asia/Shanghai', actionTimeout: 20_000 });

async function saveDrawer(page: Page) {
  await page.locator('.ant-drawer-content').last().getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
}

async function dateTime(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const ymdhms = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
};

test('询价 → 对客报价 → 中标 → 合同: each fill-in arrives by itself', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const clueName = `带出测试线索${stamp}`;
  await switchTo(page, 'business');
  const customers = (await api(page, 'GET', '/api/v1/user-base/customer/list-local-customer?pageSize=50&verifyStatus=15')).list as { customerId: number; name: string }[];
  const customer = customers.find((c) => c.name.startsWith('上海电气集团')) ?? customers[0]!;
  // Set-up: the clue a salesperson entered earlier (entering clues is not under test here).
  await api(page, 'POST', `${PB}/clue/save`, { // set-up or check by API (see above), not a step a person performs
    name: clueName, customerId: customer.customerId, serviceCategory: 1, cargoName: '220kV主变压器', pieces: 1, maxPieceWeight: '218.5',
    fromRegionCode: '310115', fromAddress: '临港重装备产业区', toRegionCode: '310115', toAddress: '洋山港四期',
  });

  // 新增询价 on the clue's row: the form opens with the clue's values.
  await page.goto(`/business/clue/clue-list?keyword=${encodeURIComponent(clueName)}`);
  await dismissNotices(page);
  await rowAction(page, rowOf(page, clueName), '新增询价');
  const enquiryForm = page.locator('.ant-drawer-content').last();
  await expect(enquiryForm.getByPlaceholder('请输入询价标题')).toHaveValue(clueName, { timeout: 30_000 });
  await expect(enquiryForm.getByPlaceholder('请输入货物名称')).toHaveValue('220kV主变压器');
  // 重量 is the clue's 最重件
  await expect(enquiryForm.getByPlaceholder('请输入重量(吨)')).toHaveValue(/^218\.5(00)?$/);
  await expect(enquiryForm.getByPlaceholder('请输入起运地址')).toHaveValue('临港重装备产业区');
  await expect(enquiryForm.getByPlaceholder('请输入目的地址')).toHaveValue('洋山港四期');
  await expect(enquiryForm).toContainText(customer.name);
  await expect(enquiryForm).toContainText('运输');
  await pick(page, enquiryForm, '请选择报价方式', '按车');
  await enquiryForm.getByPlaceholder('请输入计价数量').fill('1');
  await dateTime(enquiryForm, '请选择报价截止', ymdhms(new Date(Date.now() + 3 * 86400_000)));
  // A multiple picker loses its placeholder as soon as something is typed: held by its label.
  const invited = enquiryForm.locator('.ant-formily-item').filter({ has: page.getByText('受邀供应商', { exact: true }) }).locator('.ant-select').first();
  await invited.click();
  await invited.locator('input').fill('通程物流');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '通程物流' }).first().click();
  await page.keyboard.press('Escape');
  await saveDrawer(page);

  // Set-up: the enquiry goes out, the supplier quotes 109,000 含9%税 and the salesperson awards it
  // (the enquiry rounds are business.spec.ts's subject).
  const enquiry = (await api(page, 'GET', `${PB}/enquiry/page?keyword=${encodeURIComponent(clueName)}`)).list[0];
  await api(page, 'POST', `${PB}/enquiry/publish`, { enquiryId: enquiry.enquiryId }); // set-up or check by API (see above), not a step a person performs
  const [quote] = (await api(page, 'GET', `${PB}/enquiry-quote/page?enquiryId=${enquiry.enquiryId}`)).list;
  await api(page, 'POST', `${PB}/enquiry-quote/save`, { quoteId: quote.quoteId, unitPrice: '109000', quantity: '1', taxRate: 9, transitDays: '3', quotedByName: '孙海峰' }); // set-up or check by API (see above), not a step a person performs
  await api(page, 'POST', `${PB}/enquiry/close`, { enquiryId: enquiry.enquiryId }); // set-up or check by API (see above), not a step a person performs
  await api(page, 'POST', `${PB}/enquiry/award`, { enquiryId: enquiry.enquiryId, quoteIds: [quote.quoteId] }); // set-up or check by API (see above), not a step a person performs

  // 对客报价 on the awarded enquiry's row: customer and cost arrive; amounts follow the typing.
  await page.goto(`/business/clue/enquiry-list?keyword=${encodeURIComponent(clueName)}`);
  await dismissNotices(page);
  await rowAction(page, rowOf(page, clueName), '对客报价');
  const quoteForm = page.locator('.ant-drawer-content').last();
  await expect(quoteForm).toContainText(customer.name, { timeout: 30_000 });
  await expect(quoteForm.getByPlaceholder('请输入成本合计(不含税)')).toHaveValue(/^100,?000\.00$/);
  await quoteForm.getByPlaceholder('请输入报价金额(含税)').fill('136250');
  await expect(quoteForm.getByPlaceholder('请输入不含税金额')).toHaveValue(/^125,?000\.00$/);
  await expect(quoteForm.getByPlaceholder('请输入毛利率(%)')).toHaveValue('20.00');
  await expect(quoteForm.getByPlaceholder('请输入不含税金额')).toHaveAttribute('readonly', '');
  await saveDrawer(page);

  // Set-up: submitted, and approved by the manager (another person).
  const quotation = (await api(page, 'GET', `${PB}/quotation/page?clueId=${enquiry.clueId}`)).list[0];
  expect(quotation).toMatchObject({ customerId: customer.customerId, costAmount: '100000.00', amountExclTax: '125000.00', marginRate: '20.00' });
  await api(page, 'POST', `${PB}/quotation/submit`, { quotationId: quotation.quotationId }); // set-up or check by API (see above), not a step a person performs
  const manager = await apiToken(page.request, 'bizmgr');
  const audit = await page.request.post(`${PB}/quotation/audit`, { headers: { 'access-token': manager }, data: { data: { quotationId: quotation.quotationId, pass: true } } }); // set-up or check by API (see above), not a step a person performs
  expect((await audit.json()).code).toBe(0);

  // 标记中标: the income contract's draft takes the quotation's customer and amount.
  await page.goto('/business/clue/enquiry-seq-quote-list');
  await dismissNotices(page);
  await page.getByRole('tab', { name: '对客报价' }).click();
  const pane = page.locator('.ant-tabs-tabpane-active');
  await pane.getByPlaceholder('报价单号').fill(quotation.quotationNo);
  await pane.getByRole('button', { name: /查\s*询/ }).click();
  const row = pane.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: quotation.quotationNo });
  await rowAction(page, row, '标记中标');
  await page.locator('.ant-modal-content:visible').last().getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('中标');
  // the salesperson is told the contract draft the server made
  await expect(page.locator('.ant-message')).toContainText(/已生成收入合同草稿 HTS\d{10}，请到收入合同完善后提交审核/);

  // The contract's owner side (商务 alone does not see contracts): the draft waits there, filled.
  await switchTo(page, 'admin');
  await page.goto(`/contract/income-contract/income-contract-list?keyword=${encodeURIComponent(clueName)}`);
  await dismissNotices(page);
  const contract = rowOf(page, clueName);
  await expect(contract).toContainText(customer.name.slice(0, 6));
  await expect(contract).toContainText('136,250.00');
});

test('a dispatcher picks a 司机档案 of the carrier and the phone appears', async ({ page }) => {
  test.setTimeout(120_000);
  await switchTo(page, 'dispatch');
  // Read (set-up): a draft schedule with an outside carrier, and a driver registered under that carrier.
  const schedules = (await api(page, 'GET', `${PB}/transport-schedule/page?scheduleStatus=0&pageSize=100`)).list as Record<string, any>[];
  const drivers = (await api(page, 'GET', `/api/v1/meta/options/driver?limit=200`)) as { value: number; label: string; supplierId: number | null; mobile: string }[];
  const schedule = schedules.find((s) => s.supplierId && drivers.some((d) => d.supplierId === s.supplierId && d.label !== s.driverName));
  expect(schedule, 'a draft schedule whose carrier has a registered driver').toBeTruthy();
  const driver = drivers.find((d) => d.supplierId === schedule!.supplierId && d.label !== schedule!.driverName)!;
  const elsewhere = drivers.find((d) => d.supplierId !== schedule!.supplierId);

  await page.goto(`/project/transport-schedule-list?keyword=${encodeURIComponent(schedule!.scheduleNo)}`);
  await dismissNotices(page);
  await rowAction(page, rowOf(page, schedule!.scheduleNo), '编辑');
  const form = page.locator('.ant-drawer-content').last();
  const picker = form.locator('.ant-formily-item').filter({ has: page.getByText('司机档案', { exact: true }) }).locator('.ant-select').first();
  await picker.click();
  const list = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(list.filter({ hasText: driver.label }).first()).toBeVisible();
  // Only the chosen carrier's drivers are offered.
  if (elsewhere) await expect(list.filter({ hasText: elsewhere.label })).toHaveCount(0);
  await list.filter({ hasText: driver.label }).first().click();
  await expect(form.getByPlaceholder('请输入司机电话')).toHaveValue(driver.mobile);
  await expect(form.getByPlaceholder('请输入司机', { exact: true })).toHaveValue(driver.label);
  // Saving is the server's half (tests/server/fill-ins.test.ts): a demo draft may sit in an approval that refuses edits.
});
