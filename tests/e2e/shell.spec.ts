/** The application shell of seed 000 (issue 3), walked as the administrator and as the limited business user. */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, loginAs } from './helpers';

const SSO_KEY = process.env.SSO_CLIENT_KEY ?? 'e2e-sso-client-key';
const menu = (page: Page) => page.locator('.ant-layout-sider .ant-menu');
const tags = (page: Page) => page.getByTestId('tags-view').locator('.shell-tag');
const tag = (page: Page, title: string) => tags(page).filter({ hasText: title });

async function openFromMenu(page: Page, group: string | null, item: string) {
  if (group) {
    const submenu = menu(page).locator('.ant-menu-submenu').filter({ hasText: group });
    if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await submenu.locator('.ant-menu-submenu-title').click();
  }
  await menu(page).getByText(item, { exact: true }).click();
}

async function search(page: Page, text: string) {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  // The box (and Fuse, pinyin) load on the first click.
  const box = page.getByTestId('header-search').getByRole('combobox');
  await expect(box).toBeFocused();
  await box.pressSequentially(text);
}

test.describe('application shell as the administrator', () => {
  test('menu, tabs with keep-alive and the context menu, breadcrumb', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveTitle('首页 - 物流综合管理系统');
    await expect(menu(page).getByText('工作台')).toBeVisible();
    await expect(menu(page).getByTestId('daily-menu-label')).toContainText('日常事项');
    await expect(tag(page, '首页')).toHaveCount(1);
    await expect(tag(page, '首页').locator('.shell-tag-close')).toHaveCount(0);
    await expect(page.getByTestId('breadcrumb')).toHaveText('首页');

    await openFromMenu(page, '商务拓展', '客户列表');
    await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);
    const breadcrumb = page.getByTestId('breadcrumb');
    await expect(breadcrumb).toHaveText('首页/商务拓展/客户列表');
    await expect(breadcrumb.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard');
    await expect(breadcrumb.getByRole('link', { name: '客户列表' })).toHaveCount(0);

    // Keep-alive: a filter typed in the list survives a visit to another tab.
    const keyword = page.getByPlaceholder('客户名称/简称/信用代码/联系人/电话');
    await keyword.fill('上海');
    await openFromMenu(page, null, '工作台');
    await expect(page).toHaveURL(/\/workbench$/);
    await expect(page.getByText('待确认收入')).toBeVisible();
    await menu(page).getByTestId('daily-menu-label').click(); // the label carries the unhandled count
    await expect(page.getByTestId('daily-routine')).toBeVisible();
    await expect(tags(page)).toHaveText(['首页', '客户列表', '工作台', '日常事项']);
    await tag(page, '客户列表').click();
    await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);
    await expect(keyword).toBeVisible();
    await expect(keyword).toHaveValue('上海');

    // ... and its scroll position.
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(20);
    // as far down as the page goes, up to 300 px (rows keep one line, so a page may be shorter)
    const down = await page.evaluate(() => Math.min(300, document.documentElement.scrollHeight - window.innerHeight));
    expect(down).toBeGreaterThan(100);
    await page.evaluate((y) => window.scrollTo(0, y), down);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(down);
    // Through the fixed sidebar: reaching the tabs would scroll the page up first (the header is not fixed by default).
    await menu(page).getByText('首页', { exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await menu(page).getByText('客户列表', { exact: true }).click();
    await expect(keyword).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(down);

    // Adding an existing path does nothing.
    await openFromMenu(page, null, '工作台');
    await expect(tags(page)).toHaveCount(4);

    // Context menu: width 105, close others keeps the affixed home tab.
    await tag(page, '工作台').click({ button: 'right' });
    const context = page.locator('.shell-contextmenu');
    await expect(context).toBeVisible();
    expect((await context.boundingBox())!.width).toBe(105);
    await expect(context.getByRole('menuitem')).toHaveText(['刷新', '关闭', '关闭其他', '关闭所有']);
    await context.getByText('关闭其他').click();
    await expect(tags(page)).toHaveText(['首页', '工作台']);

    await tag(page, '首页').click({ button: 'right' });
    await expect(context.getByRole('menuitem')).toHaveText(['刷新', '关闭其他', '关闭所有']);
    await context.getByText('关闭所有').click();
    await expect(tags(page)).toHaveText(['首页']);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Refresh goes through /redirect and comes back.
    await tag(page, '首页').click({ button: 'right' });
    await context.getByText('刷新').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('card-customer-total')).toBeVisible();
  });

  test('header search in Chinese and pinyin, guide, size and theme', async ({ page }) => {
    await loginAs(page, 'admin');
    await search(page, '客户列表');
    const option = page.locator('.ant-select-item-option').filter({ hasText: '商务拓展>客户列表' });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);

    for (const pinyin of ['khlb', 'kehu']) {
      await page.goto('/dashboard');
      await search(page, pinyin);
      await expect(page.locator('.ant-select-item-option').first()).toHaveText('商务拓展>客户列表');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);
    }

    await page.getByRole('button', { name: '操作指引' }).click();
    await expect(page).toHaveURL(/\/guide$/);
    await expect(page.getByTestId('guide-flow')).toContainText('询价');

    await page.goto('/kanban-portal');
    await expect(page.getByTestId('card-screen-board').locator('.ant-statistic-content-value')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('card-screen-board').getByRole('link', { name: '进入运营大屏' })).toBeVisible();

    await page.getByTestId('size-select').click();
    await page.getByRole('menuitem', { name: 'Small' }).click();
    await expect(page.getByText('Switch Size Success')).toBeVisible();
    await expect(page).toHaveURL(/\/kanban-portal$/);
    await expect(page.locator('[data-size="small"]')).toHaveCount(1);

    await page.getByTestId('settings-button').click();
    await page.getByRole('button', { name: '主题色 #f5222d' }).click();
    await expect(page.getByText('正在切换主题...')).toBeVisible();
    await expect(page.getByRole('button', { name: '系统布局配置' })).toHaveCSS('background-color', 'rgb(245, 34, 45)');
    await page.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
    // Persisted per user.
    await page.reload();
    await expect(page.getByRole('button', { name: '系统布局配置' })).toHaveCSS('background-color', 'rgb(245, 34, 45)');
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
    await expect(page.locator('[data-size="small"]')).toHaveCount(1);
  });

  test('fullscreen warning, error log, statistics, personal finance and organisation switch', async ({ page, request }) => {
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    const socketWarnings: string[] = [];
    page.on('console', (m) => {
      if (/CLOSING or CLOSED/.test(m.text())) socketWarnings.push(m.text());
    });
    await loginAs(page, 'admin');
    await page.getByRole('button', { name: '全屏' }).click();
    await expect(page.getByText('you browser can not work')).toBeVisible();

    await expect(page.getByTestId('error-log')).toHaveCount(0);
    await page.evaluate(() => setTimeout(() => { throw new Error('e2e boom'); }));
    await page.getByTestId('error-log').click();
    await expect(page.getByRole('dialog')).toContainText('e2e boom');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByTestId('error-log')).toHaveCount(0);

    await openFromMenu(page, '商务拓展', '客户列表');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    const token = await apiToken(request, 'admin');
    await expect.poll(async () => {
      const body = await (await request.get('/api/v1/user-base/page-visit-statistics/by-page', { headers: { 'access-token': token } })).json();
      return body.data.find((row: { statisticsName: string }) => row.statisticsName === '客户列表')?.count ?? 0;
    }).toBeGreaterThan(0);

    // Incomes await confirmation: the dropdown's finance entry has a dot; confirming one works.
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('badge-ProfileFinance').locator('.ant-badge-dot')).toBeVisible();
    await expect(page.getByRole('menuitem')).toContainText(['切换单位', '修改密码', '离职交接', '个人财务管理', '退出登录']);
    await page.getByText('个人财务管理').click();
    await expect(page).toHaveURL(/\/profile\/profile-finance$/);
    await expect(page.getByTestId('tab-badge-financeMattersMerge.countConfirmIncomeReview').locator('.ant-badge-dot')).toBeVisible();
    await page.getByRole('tab', { name: '待确认收入' }).click();
    const rows = page.locator('.ant-tabs-tabpane-active .ant-table-row:visible');
    // The incomes arrive after the page: count them once they are there (a loaded machine was slower than the count).
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);
    await rows.first().getByRole('button', { name: '确认收入' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(rows).toHaveCount(before - 1);
    await expect(page.getByTestId('breadcrumb')).toHaveText('首页/个人中心/个人财务管理');

    await page.goto('/daily-routine/daily-routine-page?tabPosition=remind');
    await expect(page.locator('.ant-tabs-tab-active')).toContainText('提醒');

    await page.getByTestId('user-menu').click();
    await page.getByText('切换单位').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '华运仓储(苏州)有限公司' }).click();
    await dialog.getByRole('button', { name: /切\s*换/ }).click();
    await expect(page.getByTestId('user-menu')).toContainText('华运仓储(苏州)有限公司');

    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    // the real-time connection closed cleanly before the session ended
    expect(socketWarnings).toEqual([]);
  });

  test('single sign-on with a one-time ticket; the bank statement page', async ({ page, request }) => {
    const issued = await request.post('/api/v1/auth/sso/ticket', { headers: { 'x-sso-key': SSO_KEY }, data: { data: { username: 'admin' } } }); // set-up or check by API (see above), not a step a person performs
    const { ticket } = (await issued.json()).data;
    await page.goto(`/sso/3?ticket=${ticket}`);
    await expect(page).toHaveURL(/\/business\/clue\/customer-list$/);
    await expect(page.getByTestId('user-menu')).toContainText('系统管理员');

    await page.evaluate(() => localStorage.clear());
    await page.goto(`/sso/3?ticket=${ticket}`);
    await expect(page.getByTestId('sso-error')).toContainText('单点登录票据已使用');

    const saas = (await (await request.post('/api/v1/auth/sso/ticket', { headers: { 'x-sso-key': SSO_KEY }, data: { data: { username: 'business', router: '/workbench' } } })).json()).data; // set-up or check by API (see above), not a step a person performs
    await page.goto(`/sso?ticket=${saas.ticket}`);
    await expect(page).toHaveURL(/\/workbench$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/bank-statement');
    await expect(page.getByText('查看银行流水需要先登录')).toBeVisible();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('Admin@123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/bank-statement$/);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
  });
});

test.describe('application shell as the limited business user', () => {
  test('sees only permitted menus and search results, no kanban', async ({ page }) => {
    await loginAs(page, 'business');
    // 商务专员: 商务, plus the library and borrowing of 数字资产 and the intelligence it turns into clues
    await expect(menu(page).locator(':scope > .ant-menu-submenu > .ant-menu-submenu-title')).toHaveText(['商务拓展', '物流情报', '数字资产']);
    await expect(menu(page).getByText('工作台')).toBeVisible();
    await search(page, 'xtgl');
    await expect(page.locator('.ant-select-item-option').filter({ hasText: '系统管理' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    await search(page, 'khlb');
    await expect(page.locator('.ant-select-item-option').first()).toHaveText('商务拓展>客户列表');
    await page.goto('/kanban', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/401$/);
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('badge-ProfileFinance').locator('.ant-badge-dot')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('recent-customers-line').first()).toBeVisible();
  });

  test('on a narrow screen the sidebar closes after navigating', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await loginAs(page, 'business');
    const sider = page.getByTestId('sidebar');
    await expect(sider).toHaveCSS('width', '0px');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(sider).toHaveCSS('width', '235px');
    await menu(page).getByText('工作台').click();
    await expect(page).toHaveURL(/\/workbench$/);
    await expect(sider).toHaveCSS('width', '0px');
  });
});
