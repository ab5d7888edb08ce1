import { expect, test } from '@playwright/test';
import { fillLogin, loginAs } from './helpers';

test.describe('登录', () => {
  test('admin logs in, lands on the dashboard with real figures, and logs out', async ({ page }) => {
    // The app redirects while the page is still loading: wait for the commit only, then the URL.
    await page.goto('/business/clue/customer-list', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login\?redirect=%2Fbusiness%2Fclue%2Fcustomer-list$/);
    await expect(page).toHaveTitle('登录 - 物流综合管理系统');
    await fillLogin(page, '  admin  ', 'Admin@123');
    await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);
    await expect(page).toHaveTitle('客户列表 - 物流综合管理系统');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('华运物流(上海)有限公司').first()).toBeVisible();
    const total = page.getByTestId('card-customer-total').locator('.ant-statistic-content-value');
    await expect(total).toHaveText(/^\d+$/);
    await page.getByTestId('user-menu').click();
    // Logging out reloads the page on /login (the router may show /login first): wait for that
    // document, or the next navigation is cut short by it.
    const reloaded = page.waitForEvent('load');
    await page.getByText('退出登录').click();
    await reloaded;
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('wrong password shows the server message', async ({ page }) => {
    await fillLogin(page, 'admin', 'wrong-password');
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the login page fills the window without a white frame, and the site has a favicon', async ({ page, request }) => {
    await page.goto('/login');
    const box = await page.locator('.lg-page').boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/image\//);
    expect((await icon.body()).length).toBeGreaterThan(0);
  });

  test('after five wrong passwords for an account the page shows a captcha instead of locking it', async ({ page }) => {
    // An unknown name counts like a real account, and leaves the demo accounts free for other specs.
    await page.goto('/login');
    for (let i = 0; i < 5; i++) {
      await fillLogin(page, 'captcha-e2e', `wrong-${i}`);
      await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
    }
    const image = page.getByRole('img', { name: '验证码' });
    await expect(image).toBeVisible();
    const first = await image.getAttribute('src');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入验证码', { exact: true })).toBeVisible();
    await page.getByPlaceholder('验证码').fill('zzzz');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByTestId('login-error')).toHaveText('验证码不正确，请重新输入');
    // A captcha serves one try: a new one is shown.
    await expect(image).not.toHaveAttribute('src', first!);
  });

  test('an account without organisation is refused', async ({ page }) => {
    await fillLogin(page, 'orphan', 'Orphan@123');
    await expect(page.getByTestId('login-error')).toHaveText('登录失败，账户不存在!');
  });

  test('an account without permissions is refused', async ({ page }) => {
    await fillLogin(page, 'nobody', 'Nobody@123');
    await expect(page.getByTestId('login-error')).toHaveText('您没有权限登录系统!');
  });

  test('with a session /login goes home, unknown paths to 404, forbidden ones to 401', async ({ page }) => {
    await loginAs(page, 'business');
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await page.goto('/user/system/data-import', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText('抱歉，您没有权限访问该页面')).toBeVisible();
    await expect(page.getByRole('button', { name: '返 回', exact: true }).or(page.getByRole('button', { name: '返回', exact: true }))).toHaveCount(0);
  });

  test('a token in the query string becomes the session and leaves the address bar', async ({ page, request }) => {
    // set-up: the token an integrating system would put in the link
    const response = await request.post('/api/v1/auth/login', { data: { data: { username: 'admin', password: 'Admin@123' } } }); // set-up or check by API (see above), not a step a person performs
    const token = (await response.json()).data.token;
    await page.goto(`/dashboard?token=${token}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });
});
