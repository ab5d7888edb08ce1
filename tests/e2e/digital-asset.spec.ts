import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, fillLogin, pick, rowAction, rowOf } from './helpers';

// 数字资产 (issue 20), as 林晓燕 (archive, 资料管理员) and 周慧敏 (business, 商务专员 with 数字资产:资料库
// and 数字资产:借阅): a new category gets a metadata form designed by dragging a field in, is
// published and lent to 周慧敏 through its 权限; an asset uploaded to it fills that form; 周慧敏 finds
// it by search and borrows it; 林晓燕 approves in 我的待办; the borrowing goes overdue and its reminder
// (eventType 12) in 周慧敏's 日常事项 opens the borrowing.
test.use({ actionTimeout: 20_000, viewport: { width: 1600, height: 1000 } });
// Measured 2.8 min on the shared 2-core machine at load 10 (each step waits on a busy server); the margin is for that load.
test.setTimeout(240_000);

async function signIn(page: Page, username: string, password: string) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A box once the page has stopped moving it (two animation frames without change). */
async function settledBox(page: Page, target: Locator) {
  let previous = await target.boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await target.boundingBox();
    if (now && previous && now.x === previous.x && now.y === previous.y && now.width === previous.width && now.height === previous.height) return now;
    previous = now;
  }
  throw new Error('the drop target kept moving');
}

/** Drags with the mouse as a person does, letting go once the designer shows the pointer over the zone. */
async function drag(page: Page, from: Locator, to: Locator) {
  const zone = to.locator('xpath=descendant-or-self::*[@data-container][1]');
  const a = (await settledBox(page, from))!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  const b = (await settledBox(page, zone))!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 1, b.y + b.height / 2 + 1, { steps: 2 });
  await expect(zone.locator('xpath=descendant-or-self::*[contains(concat(" ", @class, " "), " is-over ")]').first()).toBeVisible({ timeout: 5000 });
  await page.mouse.up();
}

async function date(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The confirmation (or comment) dialog an action opens: its primary button. */
async function ok(page: Page) {
  await page.locator('.ant-modal:visible').last().locator('.ant-btn-primary').last().click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
}

const chinaDay = (offset = 0) => new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

test('分类表单设计 → 发布 → 授权 → 上传 → 检索借阅 → 审批 → 逾期提醒', async ({ page }) => {
  const stamp = String(Date.now()).slice(-6);
  const category = `E2E档案${stamp}`;
  const asset = `E2E联调资料${stamp}`;
  const contractNo = `HT-E2E-${stamp}`;

  // ---- 林晓燕: a new category ----
  await signIn(page, 'archive', 'Archive@123');
  await page.goto('/digital-asset/category-list');
  await page.getByRole('button', { name: /新\s*增/ }).first().click();
  const drawer = page.locator('.ant-drawer-content:visible');
  await drawer.getByPlaceholder('请输入分类名称').fill(category);
  await pick(page, drawer, '请选择分类管理员', '林晓燕');
  await drawer.getByRole('button', { name: /保\s*存|确\s*定|提\s*交/ }).last().click();
  await expect(drawer).toHaveCount(0);
  const catRow = rowOf(page, category).locator('visible=true');
  await expect(catRow).toBeVisible();

  // its metadata form: drag a text input in, name it 合同编号 (required), save
  await dismissNotices(page);
  await rowAction(page, catRow, '设计表单');
  await expect(page.getByTestId('category-designer')).toBeVisible();
  await drag(page, page.getByTestId('palette-input'), page.getByTestId('canvas'));
  const panel = page.getByTestId('panel-input');
  await panel.locator('[id="p_id"]').fill('contractNo');
  await panel.locator('[id="p_label"]').fill('合同编号');
  await panel.getByRole('switch').nth(1).click(); // 必填
  await page.getByTestId('category-form-save').click();
  await expect(page.getByText(/分类表单已保存（第1版）/)).toBeVisible();

  // publish, then lend it to 周慧敏 (借阅) through 权限
  await page.goto('/digital-asset/category-list');
  await dismissNotices(page);
  await rowAction(page, catRow, '发布');
  await ok(page);
  await expect(catRow).toContainText('已发布');
  await rowAction(page, catRow, '权限');
  const perm = page.locator('.ant-modal-content:visible, .ant-drawer-content:visible').last();
  await perm.getByRole('button', { name: '添加' }).click();
  // 员工 is a multiple picker: its placeholder goes once typed in, so it is found before typing
  const staff = perm.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: '请选择员工' }) }).first();
  await staff.click();
  await staff.locator('input').fill('周慧敏');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '周慧敏' }).first().click();
  await page.keyboard.press('Escape');
  await pick(page, perm, '请选择权限', '借阅');
  await perm.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).last().click();
  await expect(perm).toBeHidden();

  // ---- upload an asset to it: the category's form asks for 合同编号 ----
  await page.goto('/digital-asset/digital-asset-list');
  await dismissNotices(page);
  await page.getByRole('button', { name: /上\s*传/ }).first().click();
  const form = page.locator('.ant-drawer-content:visible');
  await form.getByPlaceholder('请输入资料名称').fill(asset);
  await pick(page, form, '请选择资产分类', category);
  const sub = form.getByTestId('sub-form');
  await expect(sub.getByText('合同编号')).toBeVisible();
  await form.locator('input[type=file]').first().setInputFiles({ name: `${asset}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await expect(form.locator('.ant-upload-list-item').first()).toBeVisible();
  // without the required item the form says so before sending
  await form.getByRole('button', { name: /保\s*存|确\s*定|提\s*交/ }).last().click();
  await expect(sub.getByText('合同编号不能为空')).toBeVisible();
  await sub.getByPlaceholder('请输入合同编号').fill(contractNo);
  await form.getByRole('button', { name: /保\s*存|确\s*定|提\s*交/ }).last().click();
  await expect(form).toHaveCount(0);
  const assetRow = rowOf(page, asset).locator('visible=true');
  await rowAction(page, assetRow, '提交');
  await ok(page);
  // the category's manager submits it: no review of her own upload, it is published at once
  await expect(assetRow).toContainText('已发布');
  // the name is cut to 8 characters and previews the PDF in the browser
  await assetRow.getByTestId('file-link').click();
  await expect(page.getByTestId('preview-pdf')).toBeVisible();
  await page.locator('.ant-modal:visible').getByRole('button', { name: /关\s*闭/ }).click();

  // ---- 周慧敏 finds it by its 合同编号 (the category form's value) and borrows it ----
  await signIn(page, 'business', 'Business@123');
  await page.goto('/digital-asset/digital-asset-list');
  await dismissNotices(page);
  await page.getByPlaceholder('名称/编号/标签/分类信息').fill(contractNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const found = rowOf(page, asset).locator('visible=true');
  await expect(found).toBeVisible();
  await rowAction(page, found, '借阅');
  const borrow = page.locator('.ant-modal-content:visible, .ant-drawer-content:visible').last();
  await date(borrow, '请选择开始日期', chinaDay());
  await date(borrow, '请选择归还日期', chinaDay(1));
  await borrow.getByPlaceholder('请输入借阅用途').fill('核对合同条款');
  await borrow.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).last().click();
  await expect(borrow).toBeHidden();

  // ---- 林晓燕 approves it in 我的待办 ----
  await signIn(page, 'archive', 'Archive@123');
  await page.goto('/digital-asset/digital-asset-affair-list');
  await dismissNotices(page);
  const todo = rowOf(page, asset).locator('visible=true');
  await rowAction(page, todo, '审核');
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '审核' });
  await dialog.getByTestId('approve-comment').fill('同意借阅');
  await dialog.getByTestId('approve-ok').click();
  await expect(todo).toHaveCount(0);

  // ---- overdue: the hourly date job, run now as of the day after the return date ----
  // set-up by API: time cannot pass in a test; POST asset-borrow/check-overdue {asOf} is the job's own call
  const result = await api<{ overdue: number }>(page, 'POST', '/api/v1/user-base/asset-borrow/check-overdue', { asOf: chinaDay(2) });
  expect(result.overdue).toBeGreaterThanOrEqual(1);

  // ---- 周慧敏's reminder opens the borrowing ----
  await signIn(page, 'business', 'Business@123');
  await page.goto('/daily-routine/daily-routine-page?tabPosition=remind');
  const reminder = rowOf(page, asset).locator('visible=true').first();
  await expect(reminder).toContainText('已逾期');
  await rowAction(page, reminder, '处理');
  await expect(page).toHaveURL(/digital-asset-borrow-list/);
  const opened = page.locator('.ant-drawer-content:visible').last();
  await expect(opened).toContainText(asset);
  await expect(opened).toContainText('已逾期');
});
