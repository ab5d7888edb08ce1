/**
 * 商务拓展, end to end in Chromium as the area's own people (商务专员 周慧敏 holding only 商务,
 * 商务经理 杨帆 approving): a clue, its follow-up, an enquiry to three suppliers quoting in two
 * rounds, the award, a quotation submitted and approved by the manager who got the notice, its
 * timeline and operation log; then the clue list exported and re-imported with one bad row.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fillLogin } from './helpers';

const CLUES = '/business/clue/clue-list';
const ENQUIRIES = '/business/clue/enquiry-list';
const QUOTES = '/business/clue/enquiry-seq-quote-list';

async function login(page: Page, username: string, password: string) {
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function logout(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/login');
}

/** An antd select (enum or reference picker) found by its placeholder: search, then choose. */
async function choose(page: Page, scope: Locator, placeholder: string, option: string, search = true) {
  const select = scope.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: placeholder }) }).first();
  await select.click();
  if (search) await select.locator('input').fill(option);
  const item = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first();
  await item.click();
}

async function chooseMany(page: Page, scope: Locator, placeholder: string, options: string[]) {
  const select = scope.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: placeholder }) }).first();
  // the placeholder goes once something is chosen: keep hold of the input by its id
  const id = await select.locator('input').getAttribute('id');
  const input = scope.locator(`[id="${id}"]`);
  await select.click();
  for (const o of options) {
    // typed first: the option may be far down a long list, out of the virtual list's rendered rows
    await input.fill(o);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: o }).first().click();
  }
  await page.keyboard.press('Escape');
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

async function saveDrawer(page: Page) {
  const drawer = page.locator('.ant-drawer-content').last();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
}

/** A row action: shown directly, or under 更多 when the row has more than three. */
async function rowAction(page: Page, row: Locator, name: string) {
  const direct = row.getByRole('button', { name, exact: true });
  if (await direct.count()) return direct.click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: name });
  // The menu opens on hover; a re-render under the pointer can swallow it, so hover again until it shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await row.getByRole('button', { name: /更多/ }).hover();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
}

async function confirm(page: Page) {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
}

// The people who use it are in China: forms and cells read China time.
test.use({ timezoneId: 'Asia/Shanghai' });

test.describe.serial('商务拓展：线索 → 询价 → 报价 → 审核', () => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString().slice(-6);
  const clueName = `临港变压器运输E2E${stamp}`;
  let enquiryUrl = '';
  let quotationNo = '';

  test('商务专员 creates a clue and follows it up', async ({ page }) => {
    await login(page, 'business', 'Business@123');
    await page.goto(CLUES);
    await page.getByRole('button', { name: '新增线索' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByPlaceholder('请输入线索名称').fill(clueName);
    await choose(page, drawer, '请选择客户', '上海电气集团');
    await drawer.getByPlaceholder('请输入货物名称').fill('220kV主变压器');
    await drawer.getByPlaceholder('请输入最重件(吨)').fill('220');
    await drawer.getByPlaceholder('请输入高(米)').fill('4.3');
    await saveDrawer(page);

    await page.getByPlaceholder('线索名称/编号/货物').fill(clueName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: clueName });
    await expect(row).toContainText('待跟进');
    await row.getByRole('button', { name: '跟进' }).click();
    const detail = page.locator('.ant-drawer-content').filter({ hasText: '线索详情' });
    await detail.getByRole('button', { name: '新增跟进' }).click();
    const form = page.locator('.ant-drawer-content').last();
    await choose(page, form, '请选择跟进方式', '拜访', false);
    await dateTime(form, '请选择跟进时间', ymdhms(new Date(Date.now() - 3600_000)));
    await form.getByPlaceholder('请输入跟进内容').fill('拜访客户物流经理，确认月底发运，需要护送与超限许可');
    await saveDrawer(page);
    await expect(detail.locator('.ant-table-tbody')).toContainText('拜访客户物流经理');
    await expect(detail).toContainText('状态：跟进中');
  });

  test('raises an enquiry to three suppliers who quote in two rounds, and awards it', async ({ page }) => {
    await login(page, 'business', 'Business@123');
    await page.goto(CLUES);
    await page.getByPlaceholder('线索名称/编号/货物').fill(clueName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: clueName }).getByRole('button', { name: '跟进' }).click();
    const detail = page.locator('.ant-drawer-content').filter({ hasText: '线索详情' });
    await detail.getByRole('tab', { name: '询价' }).click();
    await detail.getByRole('button', { name: '发起询价' }).click();
    const form = page.locator('.ant-drawer-content').last();
    await form.getByPlaceholder('请输入询价标题').fill(`${clueName}运输询价`);
    await choose(page, form, '请选择服务类别', '运输', false);
    await choose(page, form, '请选择报价方式', '按车', false);
    await form.getByPlaceholder('请输入计价数量').fill('1');
    await dateTime(form, '请选择报价截止', ymdhms(new Date(Date.now() + 3 * 86400_000)));
    await chooseMany(page, form, '请选择受邀供应商', ['顺达货运', '通程物流', '皖通大件']);
    await saveDrawer(page);
    await expect(detail.locator('.ant-table-tbody')).toContainText('草稿');
    const link = detail.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: '打开' });
    await link.click();

    // ?enquiryId= opens that enquiry (what an event-7 notice links to).
    await expect(page).toHaveURL(/\/business\/clue\/enquiry-list/);
    const enquiry = page.locator('.ant-drawer-content').filter({ hasText: '询价单详情' });
    await expect(enquiry).toContainText(`${clueName}运输询价`, { timeout: 30_000 });
    enquiryUrl = page.url();
    await enquiry.getByRole('button', { name: /^发\s*布$/ }).click();
    await confirm(page);
    await expect(page.getByText('发布成功')).toBeVisible();
    await expect(enquiry).toContainText('状态：询价中');

    const quotes = enquiry.locator('.ant-table-tbody tr.ant-table-row');
    await expect(quotes).toHaveCount(3);
    const record = async (row: Locator, price: string, by: string) => {
      await row.getByRole('button', { name: '代录报价' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '代录报价' });
      await dialog.getByPlaceholder('请输入单价').fill(price);
      await dialog.getByPlaceholder('请输入数量').fill('1');
      await choose(page, dialog, '请选择税率', '9%', false);
      await dialog.getByPlaceholder('请输入时效(天)').fill('3');
      await dialog.getByPlaceholder('请输入报价人').fill(by);
      await dialog.getByTestId('transition-ok').click();
      await expect(dialog).toHaveCount(0);
    };
    const round = (n: number) => quotes.filter({ has: page.locator('td', { hasText: new RegExp(`^${n}$`) }) });
    await record(quotes.filter({ hasText: '顺达货运' }).first(), '168000', '钱国强');
    await record(quotes.filter({ hasText: '通程物流' }).first(), '159000', '孙海峰');
    await record(quotes.filter({ hasText: '皖通大件' }).first(), '175000', '周立');
    await expect(enquiry.locator('.ant-descriptions')).toContainText('已报价3');

    await enquiry.getByRole('button', { name: '发起下一轮' }).click();
    const next = page.locator('.ant-modal').filter({ hasText: '发起下一轮' });
    await dateTime(next, '请选择报价截止', ymdhms(new Date(Date.now() + 2 * 86400_000)));
    await next.getByTestId('transition-ok').click();
    await expect(page.getByText('发起下一轮成功')).toBeVisible();
    await expect(round(2)).toHaveCount(3);
    await record(round(2).filter({ hasText: '顺达货运' }), '160000', '钱国强');
    await record(round(2).filter({ hasText: '通程物流' }), '152000', '孙海峰');
    await record(round(2).filter({ hasText: '皖通大件' }), '166000', '周立');
    await expect(round(2).filter({ hasText: '通程物流' })).toContainText('-7,000.00');

    await enquiry.getByRole('button', { name: '截止报价' }).click();
    await confirm(page);
    await expect(enquiry).toContainText('状态：比价中');
    await enquiry.getByRole('button', { name: /^定\s*标$/ }).click();
    const award = page.locator('.ant-modal').filter({ hasText: '定标' });
    await chooseMany(page, award, '请选择定标报价', ['通程物流 第2轮']);
    await award.getByTestId('transition-ok').click();
    await expect(enquiry).toContainText('状态：已定标');
    await expect(round(2).filter({ hasText: '通程物流' })).toContainText('已中选');
    await expect(round(2).filter({ hasText: '顺达货运' })).toContainText('未中选');
    // First-round lowest 159,000 → awarded 152,000.
    await expect(enquiry.locator('.ant-descriptions')).toContainText('降幅(%)4.4');
  });

  test('makes a quotation on the awarded cost and submits it', async ({ page }) => {
    await login(page, 'business', 'Business@123');
    await page.goto(QUOTES);
    await page.getByRole('tab', { name: '对客报价' }).click();
    await page.getByRole('button', { name: '新增报价' }).click();
    const form = page.locator('.ant-drawer-content').last();
    await choose(page, form, '请选择线索', clueName);
    // The clue's customer and the enquiry's quote mode arrive by themselves (declared fill-ins).
    await expect(form).toContainText('上海电气集团');
    // The enquiry picker offers only this clue's awarded enquiries.
    await choose(page, form, '请选择成本依据(询价)', `${clueName}运输询价`, false);
    await expect(form).toContainText('按车');
    await form.getByPlaceholder('请输入报价金额(含税)').fill('196200');
    await saveDrawer(page);

    const row = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').first();
    // 152,000 含9%税 → cost 139,449.54; 196,200 → 180,000 without tax; margin 22.53 %.
    await expect(row).toContainText('139,449.54');
    await expect(row).toContainText('22.53');
    quotationNo = /BJ\d{10}/.exec(await row.innerText())![0];
    await rowAction(page, row, '提交审核');
    await confirm(page);
    await expect(row).toContainText('待审核');
  });

  test('the manager got the notice, approves it, and sees its timeline and operation log', async ({ page }) => {
    await login(page, 'bizmgr', 'Bizmgr@123');
    await page.goto('/daily-routine/daily-routine-page?tabPosition=remind');
    await expect(page.getByText(`对客报价「${quotationNo}」提交审核，待您审批`).first()).toBeVisible();
    // The header's notification box sits over the rows' action column: clear it once read.
    const ignore = page.getByRole('button', { name: '全部忽略' });
    if (await ignore.isVisible()) await ignore.click();
    await page.goto(QUOTES);
    await page.getByRole('tab', { name: '对客报价' }).click();
    const pane = page.locator('.ant-tabs-tabpane-active');
    await pane.getByPlaceholder('报价单号').fill(quotationNo);
    await pane.getByRole('button', { name: /查\s*询/ }).click();
    const row = pane.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: quotationNo });
    await rowAction(page, row, '审核');
    const dialog = page.locator('.ant-modal').filter({ hasText: '审核' });
    await dialog.getByTestId('approve-comment').fill('毛利合理，同意报价');
    await dialog.getByTestId('approve-ok').click();
    await expect(row).toContainText('已通过');

    await row.getByText(quotationNo).click();
    const detail = page.locator('.ant-drawer-content').filter({ hasText: '对客报价详情' });
    await detail.getByRole('tab', { name: '审批与操作记录' }).click();
    const activity = detail.getByTestId('activity');
    await expect(activity).toContainText('提交审核');
    await expect(activity).toContainText('审核通过（商务经理审核）');
    await expect(activity).toContainText('意见：毛利合理，同意报价');
    await expect(activity).toContainText('周慧敏');
    await expect(activity.locator('.ant-table')).toContainText('新增');
    await expect(activity.locator('.ant-table')).toContainText('报价金额(含税)');
  });

  test('the clue list exports, and re-importing it with one bad row reports that row', async ({ page }, info) => {
    await login(page, 'business', 'Business@123');
    await page.goto(`${CLUES}?keyword=${encodeURIComponent(clueName)}`);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^线索列表_\d{4}-\d{2}-\d{2} \d{2}\.xlsx$/);
    const path = info.outputPath('clues.xlsx');
    await file.saveAs(path);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    expect(header).toContain('线索名称');
    const customerCol = header.indexOf('客户');
    const copy = (sheet.getRow(2).values as unknown[]).slice(1);
    const bad = sheet.addRow(copy);
    bad.getCell(customerCol).value = '不存在的客户公司';
    const edited = info.outputPath('clues-edited.xlsx');
    await book.xlsx.writeFile(edited);

    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入' });
    await dialog.locator('input[type=file]').setInputFiles(edited);
    await expect(dialog.getByTestId('import-report')).toContainText('共 2 行：有效 1 行，有错误 1 行');
    await expect(dialog.getByTestId('import-errors')).toContainText('第3行：客户「不存在的客户公司」不存在');
    await dialog.getByTestId('import-commit').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('导入有效的行（有错误的行不导入），确定提交？');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByTestId('import-report')).toContainText('已导入 1 条，1 行未导入');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  });
});
