/**
 * 运力资源 in the browser, as its users: 何俊 (调度主管, whose bundle is 调度 + 运力资源) registers a
 * carrier and submits it, 袁志强 (调度主管, the demo's 供应商审核 chain) approves it as the approver
 * who got the notice, 何俊 hands it over to 王建国; an expired licence of an own truck shows its
 * warning; the administrator (集团管理) adds a sister organisation's supplier from the platform.
 */
import { expect, test, type Page } from '@playwright/test';
import { fillLogin, rowAction } from './helpers';
import { makeUscc } from '../../schemas/src/validators';

const SUPPLIERS = '/transport-resource/supplier-list';
const TRUCKS = '/transport-resource/company-truck-page';

async function login(page: Page, username: string, password: string) {
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

function rowOf(page: Page, text: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

async function search(page: Page, keyword: string) {
  await page.getByPlaceholder('名称/简称/联系人/电话/信用代码').fill(keyword);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

async function pick(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  const select = scope.locator('.ant-formily-item').filter({ hasText: label }).locator('.ant-select').first();
  await select.click();
  // Searchable selects (staff, references) narrow the list as one types.
  if (await select.locator('input').getAttribute('readonly') === null) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click();
}

test.describe.serial('运力资源', () => {
  const name = `测试大件运输有限公司${Date.now() % 100000}`;

  test('a supplier goes from draft to submitted, approved by the approver, and handed over', async ({ browser }) => {
    // Two users, two logins and a dozen round trips on a shared 2-core machine.
    test.setTimeout(150_000);
    const dispatch = await browser.newPage();
    await login(dispatch, 'dispatch', 'Dispatch@123');
    await dispatch.goto(SUPPLIERS);
    await expect(dispatch.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

    await dispatch.getByRole('button', { name: '新增供应商' }).click();
    const drawer = dispatch.locator('.ant-drawer-content');
    await drawer.getByPlaceholder('请输入供应商名称').fill(name);
    await pick(dispatch, drawer, '供应商类型', '承运商');
    await drawer.getByPlaceholder('请输入统一社会信用代码').fill('91310115MA1K4ABCD1');
    await drawer.getByPlaceholder('请输入联系人').fill('陈国栋');
    await drawer.getByPlaceholder('请输入联系电话').fill('13917761234');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    // The browser checks the same rules as the server: the credit code's check character, then the carrier's licence.
    await expect(drawer.getByText(/统一社会信用代码.*(格式或校验位不正确)/)).toBeVisible();
    await drawer.getByPlaceholder('请输入统一社会信用代码').fill(makeUscc('310115', Date.now() % 900000));
    await drawer.getByPlaceholder('请输入道路运输经营许可证号').fill('310115200999');
    const expiry = drawer.locator('.ant-formily-item').filter({ hasText: '许可证有效期至' }).locator('input');
    await expiry.click();
    await expiry.fill('2028-06-30');
    await expiry.press('Enter');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dispatch.getByText('保存成功')).toBeVisible();
    await expect(dispatch.locator('.ant-drawer-content')).toHaveCount(0);

    await search(dispatch, name);
    const row = rowOf(dispatch, name);
    await expect(row).toContainText('草稿');
    await rowAction(dispatch, row, '提交审核');
    await dispatch.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect(dispatch.getByText('提交审核成功')).toBeVisible();
    await expect(row).toContainText('审核中');
    // 何俊 may approve suppliers, but not his own submission: no 审核 button for him.
    await expect(row.getByRole('button', { name: '审核', exact: true })).toHaveCount(0);

    const approver = await browser.newPage();
    // The demo's 供应商审核 chain is the 调度主管 role: 袁志强 decides (何俊, the applicant, does not).
    await login(approver, 'yuanzhiqiang', 'Yuanzhiqiang@123');
    await approver.goto(SUPPLIERS);
    await search(approver, name);
    const pending = rowOf(approver, name);
    await rowAction(approver, pending, '审核');
    const dialog = approver.locator('.ant-modal-content').filter({ hasText: '审核' });
    await dialog.getByTestId('approve-comment').fill('资质齐全，同意合作');
    await dialog.getByTestId('approve-ok').click();
    await expect(approver.getByText('审核已提交')).toBeVisible();
    await expect(pending).toContainText('使用中');
    await approver.close();

    await dispatch.reload();
    await search(dispatch, name);
    await expect(row).toContainText('使用中');
    await rowAction(dispatch, row, '交接');
    const handover = dispatch.locator('.ant-modal-content').filter({ hasText: '交接' });
    await pick(dispatch, handover, '负责人', '王建国');
    await handover.getByTestId('transition-ok').click();
    await expect(dispatch.getByText('交接成功')).toBeVisible();
    await expect(row).toContainText('王建国');

    // The timeline tells who submitted, who approved with what opinion, and the handover.
    await row.getByText(name).click();
    const detail = dispatch.locator('.ant-drawer-content').filter({ hasText: name });
    await detail.getByRole('tab', { name: '审批与操作记录' }).click();
    await expect(detail).toContainText('资质齐全，同意合作');
    await expect(detail).toContainText('交接');
    await dispatch.close();
  });

  test("an own truck's expired inspection shows its warning", async ({ page }) => {
    await login(page, 'dispatch', 'Dispatch@123');
    await page.goto(TRUCKS);
    await page.getByPlaceholder('车牌号/挂车号/厂牌型号/VIN').fill('沪D1236挂');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page, '沪D1236挂');
    const tag = row.locator('.ant-tag').filter({ hasText: '已过期' });
    await expect(tag).toHaveCount(1);
    await tag.hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText('检验有效期至已过期, 请及时更新');
    // Trucks expiring within 30 days are marked too (苏EH2875: inspection in 18 days).
    await page.getByPlaceholder('车牌号/挂车号/厂牌型号/VIN').fill('苏EH2875');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(rowOf(page, '苏EH2875').locator('.ant-tag-orange')).toHaveCount(1);
  });

  test('从平台添加: the administrator (集团管理) takes a sister organisation’s supplier as a draft of its own', async ({ page }) => {
    await login(page, 'admin', 'Admin@123');
    await page.goto(SUPPLIERS);
    await page.getByRole('button', { name: '从平台添加' }).click();
    await expect(page).toHaveURL(/supplier-from-platform/);
    const row = rowOf(page, '苏州港联短驳运输有限公司');
    await expect(row).toContainText('华运仓储(苏州)有限公司');
    await row.getByRole('button', { name: '添加到本单位' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('已添加为本单位供应商「苏州港联短驳运输有限公司」，请核对资料后提交审核')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: '返回供应商列表' }).click();
    await search(page, '港联短驳');
    await expect(rowOf(page, '苏州港联短驳运输有限公司')).toContainText('草稿');
  });
});
