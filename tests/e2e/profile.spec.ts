/**
 * 个人中心 and 银行流水 are definitions (issue 17): 修改密码 is a submit form whose rules the server
 * shares, 个人财务管理 / 收入确认 / 离职交接 are lists, 银行流水 a public list that asks for a login.
 * Every step is a click of a user who logged in on the login page.
 */
import { expect, test } from '@playwright/test';
import { apiToken, fillLogin, loginAs } from './helpers';

test.describe('个人中心 as definitions', () => {
  // Five screens and a few logins in one walk: more than a single screen's time.
  test.describe.configure({ timeout: 180_000 });
  test('修改密码: the form refuses a weak password, a confirmation that differs and a wrong old one in Chinese, then changes it', async ({ page, request }) => {
    const other = await apiToken(request, 'suzhou');
    await loginAs(page, 'suzhou');
    try {
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menuitem')).toContainText(['切换单位', '修改密码', '离职交接', '个人财务管理', '退出登录']);
      await page.getByRole('menuitem', { name: '修改密码' }).click();
      await expect(page).toHaveURL(/\/profile\/password-change$/);
      const form = page.getByTestId('submit-form');
      await form.getByPlaceholder('请输入原密码').fill('Wrong@2026');
      await form.getByPlaceholder('8至64位，且同时包含字母和数字').fill('short');
      await form.getByRole('button', { name: '确认修改' }).click();
      await expect(form.getByText('新密码应为8至64位，且同时包含字母和数字')).toBeVisible();
      await form.getByPlaceholder('8至64位，且同时包含字母和数字').fill('Changed2026');
      // A confirmation that differs is refused on its field, and nothing is changed.
      await form.getByPlaceholder('请再次输入新密码').fill('Changed2025');
      await form.getByRole('button', { name: '确认修改' }).click();
      await expect(form.getByText('两次输入的密码不一致')).toBeVisible();
      await expect(page.getByText('密码修改成功')).toHaveCount(0);
      // check: the session opened elsewhere still stands, so the password did not change
      expect((await request.get('/api/v1/auth/me', { headers: { 'access-token': other } })).status()).toBe(200);
      await form.getByPlaceholder('请再次输入新密码').fill('Changed2026');
      await expect(form.getByText('两次输入的密码不一致')).toHaveCount(0);
      await form.getByRole('button', { name: '确认修改' }).click();
      // The server's refusal stands on the field it is about.
      await expect(form.getByText('原密码不正确')).toBeVisible();
      await form.getByPlaceholder('请输入原密码').fill('Suzhou@123');
      await form.getByRole('button', { name: '确认修改' }).click();
      await expect(page.getByText('密码修改成功')).toBeVisible();
      await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible();
      // check: the session opened elsewhere has ended
      expect((await request.get('/api/v1/auth/me', { headers: { 'access-token': other } })).status()).toBe(401);
      await page.getByRole('button', { name: '返回个人中心' }).click();
      await expect(page).toHaveURL(/\/profile\/index$/);

      // The new password is the one that logs in now.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await expect(page).toHaveURL(/\/login/);
      await fillLogin(page, 'suzhou', 'Suzhou@123');
      await expect(page.getByText(/用户名或密码/)).toBeVisible();
      await fillLogin(page, 'suzhou', 'Changed2026');
      await expect(page).toHaveURL(/\/profile\/index$|\/dashboard$/);
    } finally {
      // set-up for the other specs: the documented demo password comes back
      const login = await request.post('/api/v1/auth/login', { data: { data: { username: 'suzhou', password: 'Changed2026' } } }); // set-up or check by API (see above), not a step a person performs
      const token = (await login.json()).data?.token;
      if (token) await request.post('/api/v1/auth/change-password', { headers: { 'access-token': token }, data: { data: { oldPassword: 'Changed2026', newPassword: 'Suzhou@123', confirmPassword: 'Suzhou@123' } } }); // set-up or check by API (see above), not a step a person performs
    }
  });

  test('个人财务管理 shows the dot while incomes await, 收入确认 confirms one; 离职交接 lists my customers', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('badge-ProfileFinance').locator('.ant-badge-dot')).toBeVisible();
    await page.getByRole('menuitem', { name: '个人财务管理' }).click();
    await expect(page).toHaveURL(/\/profile\/profile-finance$/);
    await expect(page.getByTestId('breadcrumb')).toHaveText('首页/个人中心/个人财务管理');
    await expect(page.getByTestId('tab-badge-financeMattersMerge.countConfirmIncomeReview').locator('.ant-badge-dot')).toBeVisible();
    // 报销 and 备用金 come first; the incomes are the last two tabs
    await page.getByRole('tab', { name: '待确认收入' }).click();
    const rows = page.locator('.ant-tabs-tabpane-active .ant-table-row:visible');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).toContainText('待确认');
    const before = await rows.count();
    await rows.first().getByRole('button', { name: '确认收入' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(rows).toHaveCount(before - 1);
    await page.getByRole('tab', { name: '全部收入' }).click();
    await expect(page.locator('.ant-tabs-tabpane-active .ant-table-row:visible').filter({ hasText: '已确认' })).not.toHaveCount(0);

    // 个人中心 (the breadcrumb's link) leads to every page of the group.
    await page.getByTestId('breadcrumb').getByRole('link', { name: '个人中心' }).click();
    await expect(page).toHaveURL(/\/profile\/index$/);
    for (const title of ['修改密码', '个人财务管理', '收入确认', '离职交接']) await expect(page.getByRole('button', { name: title })).toBeVisible();
    await page.getByRole('button', { name: '收入确认' }).click();
    await expect(page).toHaveURL(/\/profile\/confirm-income$/);
    // Only incomes still awaiting confirmation are listed here (the pages kept open in tabs stay in the document, hidden).
    await expect(page.locator('.ant-table-thead:visible')).toContainText('收入事项');
    await expect(page.locator('.ant-table-row:visible').filter({ hasText: '已确认' })).toHaveCount(0);

    await page.getByTestId('breadcrumb').getByRole('link', { name: '个人中心' }).click();
    await page.getByRole('button', { name: '离职交接' }).click();
    await expect(page).toHaveURL(/\/profile\/handover$/);
    await page.getByRole('button', { name: '交接全部客户' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('接收人', { exact: true })).toBeVisible();
    // Nothing chosen: the form says what it needs and sends nothing.
    await dialog.getByRole('button', { name: /确\s*定|提\s*交|保\s*存/ }).click();
    await expect(dialog.getByText('请选择接收人')).toBeVisible();
  });

  test('银行流水 asks for a login and comes back to the list', async ({ page }) => {
    await page.goto('/bank-statement');
    await expect(page.getByText('查看银行流水需要先登录')).toBeVisible();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await fillLogin(page, 'admin', 'Admin@123');
    await expect(page).toHaveURL(/\/bank-statement$/);
    // the demo's statement lines (imported and entered) fill the list
    const rows = page.locator('.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: '收入' }).first()).toBeVisible();
  });
});
