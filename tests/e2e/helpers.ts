import { expect, type Locator, type Page, type APIRequestContext } from '@playwright/test';

export const USERS = {
  admin: { username: 'admin', password: 'Admin@123' },
  business: { username: 'business', password: 'Business@123' },
  nobody: { username: 'nobody', password: 'Nobody@123' },
  orphan: { username: 'orphan', password: 'Orphan@123' },
  suzhou: { username: 'suzhou', password: 'Suzhou@123' },
  bizmgr: { username: 'bizmgr', password: 'Bizmgr@123' },
  gm: { username: 'gm', password: 'Gm@123' },
  pm: { username: 'pm', password: 'Pm@123' },
  dispatch: { username: 'dispatch', password: 'Dispatch@123' },
  finance: { username: 'finance', password: 'Finance@123' },
  cashier: { username: 'cashier', password: 'Cashier@123' },
  xielina: { username: 'xielina', password: 'Xielina@123' },
  screen: { username: 'screen', password: 'Screen@123' },
} as const;

/** Fills the login form; stays on the current page when it already is the login page (keeps ?redirect). */
export async function fillLogin(page: Page, username: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function loginAs(page: Page, user: keyof typeof USERS) {
  await fillLogin(page, USERS[user].username, USERS[user].password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function apiToken(request: APIRequestContext, user: keyof typeof USERS): Promise<string> {
  // set-up: a token for checking results through the API, never for a step a person performs
  const response = await request.post('/api/v1/auth/login', { data: { data: USERS[user] } }); // set-up or check by API (see above), not a step a person performs
  const body = await response.json();
  expect(body.code).toBe(0);
  return body.data.token as string;
}

/** Signs the page in as another demo user, from a clean session (the flows hand work from one person to the next). */
export async function switchTo(page: Page, user: keyof typeof USERS) {
  // Leave the app first: a screen still open when its session goes sends itself to
  // /login?redirect=…, which would interrupt the navigation below.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, USERS[user].username, USERS[user].password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A call with the page's session (what the screens send); expects success and answers its data. */
export async function api<T = any>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  // set-up: data a flow needs before its clicks, or a check of the result
  const res = method === 'GET'
    ? await page.request.get(url, { headers: { 'access-token': token } })
    : await page.request.post(url, { headers: { 'access-token': token }, data: { data } }); // set-up or check by API (see above), not a step a person performs
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as T;
}

/** The demo's approval notices pop up (one a second) over the lists' action column: dismiss them. */
export async function dismissNotices(page: Page) {
  const ignore = page.getByText('全部忽略');
  if (await ignore.isVisible().catch(() => false)) await ignore.click();
}

/**
 * The option list of this select: the dropdown holding the listbox its input controls. The
 * previous select's dropdown may still be fading out (visible, its options not): a plain
 * `.ant-select-dropdown:visible` could pick from it.
 */
async function chooseOption(page: Page, select: Locator, option: string | RegExp) {
  const listId = await select.locator('input').getAttribute('aria-controls');
  const dropdown = listId ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) }) : page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** A searchable picker (enum or reference) of a form, found by its placeholder. */
export async function pick(page: Page, scope: Locator, placeholder: string, search: string, option: string | RegExp = search) {
  const select = scope.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: placeholder }) });
  await select.click();
  await select.locator('input').fill(search);
  await chooseOption(page, select, option);
}

/** A select that already shows a value (a default), found by its field label. */
export async function pickByLabel(page: Page, scope: Locator, label: string, search: string, option: string | RegExp = search) {
  const select = scope.locator('.ant-formily-item').filter({ has: page.getByText(label, { exact: true }) }).locator('.ant-select').first();
  await select.click();
  await select.locator('input').fill(search);
  await chooseOption(page, select, option);
}

export function rowOf(page: Page, text: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/**
 * Runs a row action, looking in the 更多 menu when it isn't shown directly. The demo's notices
 * pop up (bottom-right, one a second) over the action column, and the 更多 menu opens on hover and
 * slides in: each try clears the notices, waits until the menu stands still and clicks only what
 * nothing covers (never forced, so the click lands on nothing else); a try that found its target
 * covered is made again, from a pointer moved away so the menu gets a fresh mouseenter.
 */
export async function rowAction(page: Page, row: Locator, name: string) {
  const direct = row.getByRole('button', { name, exact: true });
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').filter({ has: page.locator('.ant-dropdown-menu-item', { hasText: name }) });
  // A dialog or drawer the action opens: a try whose click landed but reported a timeout (the
  // drawer sliding in over the menu) must not click again.
  const overlays = page.locator('.ant-modal-content:visible, .ant-drawer-content-wrapper:visible');
  const before = await overlays.count();
  await expect(async () => {
    if ((await overlays.count()) > before) return;
    await dismissNotices(page);
    if (await direct.count()) {
      await direct.click({ timeout: 3_000 });
      return;
    }
    // antd opens 更多 on mouseenter: a pointer already resting on the button (left there by a
    // try whose menu closed under a notice or a re-render) would never open it again.
    await page.mouse.move(0, 0);
    await row.getByRole('button', { name: /更多/ }).hover();
    await expect(menu).toBeVisible({ timeout: 3_000 });
    await expect(menu).not.toHaveClass(/-(enter|appear)/, { timeout: 3_000 });
    await menu.locator('.ant-dropdown-menu-item').filter({ hasText: name }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
