import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './helpers';

// The project area's flow, each step by the person whose permissions it needs (DOMAIN §1.1, §5.1
// steps 6–8, 14, 20): 杨帆 (商务经理) writes and submits an income contract, 沈伟民 (总经理) approves
// it and sets up the project from it, 沈国良 (项目经理) submits the project, 沈伟民 approves it,
// 沈国良 starts it, books income and a cost, reads the margin on the project report and prints the
// contract.
const USERS = { bizmgr: ['bizmgr', 'Bizmgr@123'], gm: ['gm', 'Gm@123'], pm: ['pm', 'Pm@123'] } as const;
test.use({ actionTimeout: 20_000 });

const INCOME_LIST = '/contract/income-contract/income-contract-list';
const PROJECT_LIST = '/project/project-list';

async function as(page: Page, user: keyof typeof USERS) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, USERS[user][0], USERS[user][1]);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The demo's approval notices pop up (one a second) over the lists' action column: dismiss them. */
async function dismissNotices(page: Page) {
  const ignore = page.getByText('全部忽略');
  if (await ignore.isVisible().catch(() => false)) await ignore.click();
}

/** A searchable picker (enum or reference) of a form, found by its placeholder. */
async function pick(page: Page, scope: Locator, placeholder: string, search: string, option: string | RegExp = search) {
  const select = scope.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: placeholder }) });
  await select.click();
  await select.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** A select that already shows a value (a default), found by its field label. */
async function pickByLabel(page: Page, scope: Locator, label: string, search: string, option: string | RegExp = search) {
  const select = scope.locator('.ant-formily-item').filter({ has: page.getByText(label, { exact: true }) }).locator('.ant-select').first();
  await select.click();
  await select.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function date(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

function rowOf(page: Page, text: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/** Runs a row action, looking in the 更多 menu when it isn't shown directly. */
async function rowAction(page: Page, row: Locator, name: string) {
  await dismissNotices(page);
  const direct = row.getByRole('button', { name, exact: true });
  if (await direct.count()) return direct.click();
  await row.getByRole('button', { name: /更多/ }).hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: name }).click();
}

async function search(page: Page, placeholder: string, keyword: string) {
  await page.getByPlaceholder(placeholder).fill(keyword);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

test('an income contract becomes a project whose report shows the margin, and the contract prints', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const contractName = `宝钢冷轧机牌坊运输合同${stamp}`;
  const projectName = `宝钢冷轧机牌坊运输${stamp}`;

  // 商务经理: the contract, submitted for approval
  await as(page, 'bizmgr');
  await page.goto(INCOME_LIST);
  await page.getByRole('button', { name: '新增收入合同' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByPlaceholder('请输入合同名称').fill(contractName);
  await pick(page, drawer, '请选择客户', '宝钢', '上海宝钢物流有限公司');
  await pick(page, drawer, '请选择负责人', '杨帆');
  await drawer.getByPlaceholder('请输入合同金额(含税)').fill('1200000');
  await date(drawer, '请选择签订日期', day(-3));
  await date(drawer, '请选择开始日期', day(-1));
  await date(drawer, '请选择结束日期', day(200));
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await search(page, '合同编号/名称', contractName);
  const contractRow = rowOf(page, contractName);
  await expect(contractRow).toContainText('待提交');
  const contractNo = (await contractRow.locator('td').nth(1).innerText()).trim();
  expect(contractNo).toMatch(/^HTS\d{10}$/);
  await rowAction(page, contractRow, '提交审核');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(contractRow).toContainText('待审核');

  // 总经理: approves, then sets up the project from the contract
  await as(page, 'gm');
  await page.goto(INCOME_LIST);
  await search(page, '合同编号/名称', contractName);
  await rowAction(page, rowOf(page, contractName), '审核');
  const approve = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await approve.getByRole('textbox').fill('同意，按期履约');
  await approve.getByRole('button', { name: /提\s*交/ }).click();
  await expect(rowOf(page, contractName)).toContainText('已通过');
  await expect(rowOf(page, contractName)).toContainText('履行中');
  await rowAction(page, rowOf(page, contractName), '创建项目');
  const projectForm = page.locator('.ant-drawer-content');
  await expect(projectForm.getByPlaceholder('请输入项目名称')).toHaveValue(contractName);
  await projectForm.getByPlaceholder('请输入项目名称').fill(projectName);
  await pick(page, projectForm, '请选择业务类型', '大件');
  await pick(page, projectForm, '请选择项目经理', '沈国良');
  await pick(page, projectForm, '请选择所属部门', '运营调度部');
  await projectForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // 项目经理: submits the project for 立项
  await as(page, 'pm');
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', projectName);
  const projectRow = rowOf(page, projectName);
  await expect(projectRow).toContainText('1,200,000.00');
  await rowAction(page, projectRow, '提交审核');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(projectRow).toContainText('待审核');

  // 总经理: approves the project
  await as(page, 'gm');
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', projectName);
  await rowAction(page, rowOf(page, projectName), '审核');
  const projectApproval = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await projectApproval.getByRole('button', { name: /提\s*交/ }).click();
  await expect(rowOf(page, projectName)).toContainText('已通过');

  // 项目经理: starts it, books income and a cost on its detail, reads the margin
  await as(page, 'pm');
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', projectName);
  await rowAction(page, rowOf(page, projectName), '开始');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(rowOf(page, projectName)).toContainText('已开始');
  await rowAction(page, rowOf(page, projectName), '详情');
  await expect(page).toHaveURL(/\/project\/project-detail\/\d+$/);
  const projectUrl = page.url();

  await page.getByRole('tab', { name: '收入明细' }).click();
  await page.getByRole('button', { name: '新增收入' }).click();
  const income = page.locator('.ant-drawer-content');
  await income.getByPlaceholder('请输入摘要').fill('首批运费');
  await income.getByPlaceholder('请输入金额(含税)').fill('109000');
  await date(income, '请选择发生日期', day(0));
  await income.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  await page.getByRole('tab', { name: '成本明细' }).click();
  await page.getByRole('button', { name: '新增成本' }).click();
  const cost = page.locator('.ant-drawer-content');
  await cost.getByPlaceholder('请输入摘要').fill('500吨汽车吊租赁');
  await cost.getByPlaceholder('请输入金额(含税)').fill('22600');
  await pickByLabel(page, cost, '税率', '13', '13%');
  await pick(page, cost, '请选择发票类型', '专用', '增值税专用发票');
  await date(cost, '请选择发生日期', day(0));
  await cost.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // income 109,000 incl. 9 % → 100,000; cost 22,600 on a 13 % 专票 → 20,000; margin 80,000
  const projectId = projectUrl.match(/(\d+)$/)![1];
  await page.goto(`/project/project-report/${projectId}`);
  const report = page.getByTestId('report');
  await expect(report.locator('.ant-table-thead')).toContainText('毛利');
  const summary = report.locator('.ant-table-summary');
  await expect(summary).toContainText('100,000.00');
  await expect(summary).toContainText('20,000.00');
  await expect(summary).toContainText('80,000.00');
  await expect(summary).toContainText('80.00%');

  await page.goto(projectUrl);
  await page.getByRole('tab', { name: '全流程' }).click();
  await expect(page.getByTestId('steps-timeline')).toContainText('审核通过');
  await expect(page.getByTestId('steps-timeline')).toContainText(contractNo);

  // a hidden page opened with ?projectId=: the 大件成本结算 of the demo's 220kV transformer move
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', '临港—长兴220kV');
  await rowAction(page, rowOf(page, '临港—长兴220kV'), '大件成本结算');
  await expect(page).toHaveURL(/transport-bulk-cost-settle\?projectId=\d+/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('临港—长兴220kV');
  await page.getByRole('tab', { name: '车辆' }).click();
  await expect(page).toHaveURL(/projectId=\d+.*tab=truck/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '沪DK7352' })).toHaveCount(1);
  await page.getByRole('tab', { name: '汇总与申请' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('已通过');

  // the project's contract prints as an A4 page
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const project = await (await page.request.get(`/api/v1/project-base/project/${projectId}`, { headers: { 'access-token': token } })).json();
  await page.goto(`/project/print-contract-template/1/${project.data.incomeContractId}`);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toContainText('运输服务合同（收入）');
  await expect(page.getByTestId('print-doc-no')).toHaveText(contractNo);
  await expect(sheet).toContainText('上海宝钢物流有限公司');
  await expect(sheet).toContainText('壹佰贰拾万元整');
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeEnabled();
});
