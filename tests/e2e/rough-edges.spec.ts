/**
 * Rough edges people hit (issue 11), each walked as a person would: the tags bar, the phone
 * layout, the settings tab, the size switch, the tag menu, single sign-on, the workbench's
 * frequent pages, the notification box of the demo data, the security headers in a browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loginAs } from './helpers';

/** eventType → the page a daily matter of that type opens ({id}: its subject), from the enumeration. */
const eventRoutes = new Map((JSON.parse(readFileSync(join(process.cwd(), 'schemas/generated/enums.json'), 'utf8')).eventType.values as { value: number; route?: string }[])
  .filter((v) => v.route).map((v) => [v.value, v.route!]));

/** Client-side navigation, as a menu click does (a full load would start a new tags bar). */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
  // Wait for the page's tab, as a person waits for the page: two navigations inside one render
  // would otherwise collapse into one, and the skipped page never gets its tab.
  await expect(page.locator(`.shell-tag[data-path="${path}"]`)).toHaveCount(1);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the tags bar brings the active tab into view, scrolls with the wheel, and its menu closes on Escape', async ({ page }) => {
  // Eighteen pages, each waited for: more than the default minute on a loaded 2-core machine.
  test.slow();
  await page.setViewportSize({ width: 1100, height: 700 });
  await loginAs(page, 'admin');
  const paths = [
    '/workbench', '/business/clue/customer-list', '/business/clue/clue-list', '/business/clue/enquiry-list', '/business/clue/technical-plan-list',
    '/business/clue/enquiry-seq-quote-list', '/business/clue/enquiry-statistics', '/finance/config', '/finance/merge-manage', '/finance/finance-manage',
    '/finance/finance-luge-manage', '/finance/project-report', '/finance/income-cost-report', '/finance/finance-detail-report', '/contract/income-contract/income-contract-list',
    '/project/project-list', '/user/system/operation-log', '/transport-resource/supplier-list',
  ];
  for (const p of paths) await go(page, p);
  const bar = page.getByTestId('tags-view').locator('.shell-tags-scroll');
  await expect.poll(() => bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const inView = async (path: string) => {
    const tag = page.locator(`.shell-tag[data-path="${path}"]`);
    const [t, b] = [await tag.boundingBox(), await bar.boundingBox()];
    return t!.x >= b!.x && t!.x + t!.width <= b!.x + b!.width;
  };
  await expect.poll(() => inView('/transport-resource/supplier-list')).toBe(true);
  // The bar hides its scrollbar: the mouse wheel scrolls it back.
  const before = await bar.evaluate((el) => el.scrollLeft);
  expect(before).toBeGreaterThan(0);
  await bar.hover();
  await page.mouse.wheel(0, -300);
  await expect.poll(() => bar.evaluate((el) => el.scrollLeft)).toBeLessThan(before);
  // Navigating to a tab out of view brings it back.
  await go(page, '/finance/income-cost-report');
  await expect.poll(() => inView('/finance/income-cost-report')).toBe(true);
  await go(page, '/workbench');
  await expect.poll(() => inView('/workbench')).toBe(true);

  await page.locator('.shell-tag[data-path="/finance/config"]').click({ button: 'right' });
  await expect(page.locator('.shell-contextmenu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.shell-contextmenu')).toHaveCount(0);
});

test('at 390×844 the header stays one line, and drawers and forms take one column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'admin');
  await page.goto('/business/clue/customer-list');
  const navbar = page.getByTestId('navbar');
  await expect(navbar).toBeVisible();
  expect((await navbar.boundingBox())!.height).toBe(50);
  await expect(page.getByTestId('page-title')).toHaveText('客户列表');
  // Nothing wider than the screen; the organisation's name moved into the user menu.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('user-menu')).not.toContainText('华运物流');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-who')).toContainText('华运物流(上海)有限公司');
  await page.keyboard.press('Escape');
  // The guide and the size switch live in the 更多 menu.
  await page.getByTestId('navbar-more').click();
  await expect(page.getByRole('menuitem', { name: '操作指引' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /新\s*增/ }).first().click();
  const drawer = page.locator('.ant-drawer-content-wrapper');
  await expect(drawer.locator('.ant-formily-item').first()).toBeVisible();
  // Measured once the drawer has slid in.
  await expect.poll(async () => Math.round((await drawer.boundingBox())!.x)).toBe(0);
  expect((await drawer.boundingBox())!.width).toBeCloseTo(390, 0);
  const items = drawer.locator('.ant-formily-item').filter({ has: page.locator('input') });
  const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
  expect(second!.x).toBe(first!.x);
  expect(second!.y).toBeGreaterThan(first!.y);
  // Inputs are usable, not 50 px slivers, and end inside the screen.
  const input = (await drawer.locator('input').first().boundingBox())!;
  expect(input.width).toBeGreaterThan(200);
  expect(input.x + input.width).toBeLessThanOrEqual(390);
});

test('the settings tab covers none of a page\'s own buttons', async ({ page }) => {
  await loginAs(page, 'admin');
  const tab = page.getByTestId('settings-button');
  const pages: [string, string][] = [['/workbench', '常用功能访问量'], ['/dashboard', '最近客户'], ['/business/clue/customer-list', '新增客户']];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expect(page.locator('.shell-main').getByText(ready).first()).toBeVisible();
    const box = (await tab.boundingBox())!;
    // Scroll each control to the tab's height and check they never meet.
    for (const control of await page.locator('.shell-main button:visible, .shell-main a:visible, .shell-main .ant-card-head:visible, .shell-main .panel-head:visible').all()) {
      await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const rect = await control.boundingBox();
      if (rect) expect(overlaps(rect, box), `${path}: ${await control.innerText().catch(() => '')}`).toBe(false);
    }
  }
});

test('the size switch changes tables at every step, Small included', async ({ page }) => {
  // Each switch remounts the list and fetches it again: four page loads on a busy machine.
  test.slow();
  await loginAs(page, 'admin');
  await page.goto('/business/clue/customer-list');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  const height = async () => {
    await expect(row).toBeVisible({ timeout: 30_000 });
    let h = 0;
    await expect.poll(async () => (h = (await row.boundingBox())?.height ?? 0)).toBeGreaterThan(0);
    return h;
  };
  const pick = async (name: string) => {
    await page.getByTestId('size-select').click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.locator(`[data-size="${name.toLowerCase()}"]`)).toHaveCount(1);
    // back from /redirect/… (which ends with the same path) to the list itself
    await expect.poll(() => new URL(page.url()).pathname).toBe('/business/clue/customer-list');
  };
  const medium = await height();
  await pick('Default');
  const large = await height();
  await pick('Small');
  const small = await height();
  await pick('Mini');
  const mini = await height();
  expect(large).toBeGreaterThan(medium);
  expect(small).toBeLessThan(medium);
  expect(mini).toBeLessThanOrEqual(small);
});

test('single sign-on checks its one-time ticket once', async ({ page, request }) => {
  const issued = await request.post('/api/v1/auth/sso/ticket', { headers: { 'x-sso-key': process.env.SSO_CLIENT_KEY ?? 'e2e-sso-client-key' }, data: { data: { username: 'admin' } } }); // set-up or check by API (see above), not a step a person performs
  const { ticket } = (await issued.json()).data;
  const exchanges: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/auth/sso/') && exchanges.push(r.url()));
  await page.goto(`/sso/1?ticket=${ticket}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goBack().catch(() => undefined);
  await page.goForward().catch(() => undefined);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(exchanges).toHaveLength(1);
});

test('工作台 常用功能 offers only pages the user can open, as links, with the count apart', async ({ page, browser }) => {
  // The administrator uses a finance page the business user has no access to.
  await loginAs(page, 'admin');
  await page.goto('/finance/config');
  await expect(page).toHaveURL(/\/finance\/config$/);
  await page.goto('/business/clue/customer-list');

  const context = await browser.newContext();
  const business = await context.newPage();
  await loginAs(business, 'business');
  await business.goto('/workbench');
  const items = business.getByTestId('frequent-line');
  await expect(items.filter({ hasText: '客户列表' })).toBeVisible();
  await expect(items.filter({ hasText: '财务配置' })).toHaveCount(0);
  const link = items.filter({ hasText: '客户列表' }).getByRole('link', { name: '客户列表', exact: true });
  await expect(link).toBeVisible();
  await expect(items.filter({ hasText: '客户列表' })).toHaveText(/^客户列表\d+ 次$/);
  await link.click();
  await expect(business).toHaveURL(/\/business\/clue\/customer-list$/);
  await context.close();

  // 待我审批 (DOMAIN §7 R20): the administrator's waiting approval steps, each opening its record.
  await page.goto('/workbench');
  const approvals = page.getByTestId('card-approvals');
  await expect(approvals).toContainText(/共 [1-9]\d* 项/);
  const first = approvals.getByTestId('approvals-line').first().getByRole('link');
  await expect(first).toHaveText(/「.+」/);
  await first.click();
  await expect(page).not.toHaveURL(/\/workbench$/);
  await expect(page.getByText('该功能正在建设中')).toHaveCount(0);
});

test('the demo data has unread notices: the header counts them and the box opens from there', async ({ page }) => {
  // The box fills from list-all: no request per notice.
  const perNotice: string[] = [];
  page.on('request', (r) => {
    if (/\/message-base\/notice\/[12]\/\d+/.test(r.url())) perNotice.push(r.url());
  });
  await loginAs(page, 'admin');
  // The demo's system notices plus the approvals waiting for admin (the areas' demo data).
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const unread = (await (await page.request.get('/api/v1/message-base/notice/list-all', { headers: { 'access-token': token } })).json()).data as unknown[];
  expect(unread.length).toBeGreaterThanOrEqual(3);
  // Waiting notices don't cover the page at login: the header button carries their count.
  const toggle = page.getByRole('button', { name: '展开消息通知' });
  await expect(page.getByTestId('notification-count').locator('.ant-scroll-number')).toHaveAttribute('title', String(unread.length));
  await expect(page.getByTestId('notification-box')).toHaveCount(0);
  await toggle.click();
  const box = page.getByTestId('notification-box');
  expect(perNotice).toEqual([]);
  // at most three at a time (seed 002 §9)
  await expect(box.getByTestId('notification-item')).toHaveCount(3);
  await box.getByRole('button', { name: '收起' }).click();
  await expect(box).toHaveCount(0);
  await page.getByRole('button', { name: '展开消息通知' }).click();
  await box.getByRole('button', { name: /全部忽略/ }).click();
  await expect(box).toHaveCount(0);
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // A daily matter's 处理 opens its subject: the page of its type, on the record (DOMAIN §6.1).
  const unhandled = async () => (await (await page.request.get('/api/v1/message-base/message/list?pageNo=1&pageSize=10&type=2&handled=false', { headers: { 'access-token': token } })).json()).data.list as { messageId: number; message: string; eventType: number; eventSubjectId: number }[]; // check
  // The newest matters, as the screen's first page shows them; each type's page is the one the
  // eventType enumeration names, so every type with a record page is covered.
  const todos = await unhandled();
  const todo = todos.find((m) => eventRoutes.get(m.eventType)?.includes('{id}') && m.eventSubjectId);
  expect(todo, JSON.stringify(todos.map((m) => m.eventType))).toBeTruthy();
  await page.goto('/daily-routine/daily-routine-page?tabPosition=remind');
  // The tab's count sits beside its title, not over it.
  const remindTab = page.getByTestId('tab-badge-remind');
  await expect(remindTab.locator('.ant-scroll-number')).toBeVisible();
  const covers = await remindTab.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el.firstChild!);
    return el.querySelector('.ant-scroll-number')!.getBoundingClientRect().left < range.getBoundingClientRect().right;
  });
  expect(covers).toBe(false);
  const matter = page.getByTestId('daily-routine').locator('.ant-table-row').filter({ hasText: todo!.message }).first();
  await matter.getByRole('button', { name: '处理' }).click();
  const target = new URL(eventRoutes.get(todo!.eventType)!.replace('{id}', String(todo!.eventSubjectId)), 'http://route');
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && [...target.searchParams].every(([k, v]) => url.searchParams.get(k) === v));
  // a list opens the record's detail there
  if (target.search) await expect(page.locator('.ant-drawer-content')).toBeVisible();
  // opening a reminder reads it: it leaves the unhandled ones
  await expect.poll(async () => (await unhandled()).some((m) => m.messageId === todo!.messageId)).toBe(false);

  // so does a list inside a page's tab (a 对客报价 notice), and closing it takes the record out of the address
  const quote = (await (await page.request.get('/api/v1/project-base/quotation/page?pageNo=1&pageSize=1', { headers: { 'access-token': token } })).json()).data.list[0] as { quotationId: number; quotationNo: string };
  await page.goto(`/business/clue/enquiry-seq-quote-list?tab=customer&quotationId=${quote.quotationId}`);
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: quote.quotationNo });
  await expect(drawer).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'customer' && !url.searchParams.has('quotationId'));
});

test('the app can\'t be framed, and its pages run without a CSP violation', async ({ page, browser, baseURL }) => {
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && violations.push(m.text()));
  page.on('pageerror', (e) => violations.push(String(e)));
  await loginAs(page, 'admin');
  for (const path of ['/dashboard', '/kanban-portal', '/business/clue/customer-list', '/system/form-designer']) await page.goto(path);
  await page.getByTestId('action-json').click();
  await expect(page.getByTestId('json-editor').locator('.monaco-editor')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(violations).toEqual([]);

  // A page framing the app gets nothing (frame-ancestors 'none' refuses even its own origin).
  const framer = await (await browser.newContext()).newPage();
  const refused: string[] = [];
  framer.on('console', (m) => /frame-ancestors/.test(m.text()) && refused.push(m.text()));
  await framer.goto('/404');
  await framer.evaluate((url) => new Promise<void>((resolve) => {
    const f = document.createElement('iframe');
    f.onload = () => resolve();
    f.src = url;
    document.body.append(f);
  }), `${baseURL}/login`);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  expect(await framer.frames()[1]!.locator('input').count()).toBe(0);
  await framer.context().close();
});
