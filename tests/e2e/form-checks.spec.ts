/**
 * Issue 16: a business form checks its fields in the browser (validators compiled at build
 * time, no eval under the CSP) with the server's messages, before any request is sent; a message
 * shows once and leaves while the value is being corrected; Esc asks before dropping input; and
 * times read in China time whatever the browser's zone.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, loginAs } from './helpers';

const LIST = '/business/clue/customer-list';
const SAVE = '/api/v1/user-base/customer/save';

function watch(page: Page) {
  const errors: string[] = [];
  const saves: string[] = [];
  page.on('console', async (m) => {
    if (m.type() !== 'error') return;
    const args = await Promise.all(m.args().map((a) => a.jsonValue().catch(() => '?')));
    errors.push(`${m.text()} ${JSON.stringify(args).slice(0, 500)} @${m.location().url}:${m.location().lineNumber}`);
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes(SAVE)) saves.push(r.url());
  });
  return { errors, saves };
}

test('the customer form checks its fields in the browser with the server’s words, before sending anything', async ({ page }) => {
  // Many steps in one form (it is the same drawer throughout): more time than one check needs.
  test.setTimeout(180_000);
  const seen = watch(page);
  // 华运苏州's administrator: designer.spec customises 华运上海's customer form (客户全称, 冷链要求),
  // and a customisation belongs to its organisation, so 苏州's is the form as the entity defines it.
  await loginAs(page, 'suzhou');
  await page.goto(LIST);
  await page.getByRole('button', { name: '新增客户' }).click();
  const drawer = page.locator('.ant-drawer-content');
  const messages = drawer.locator('.ant-formily-item-error-help');
  const name = drawer.getByPlaceholder('请输入客户名称');
  await expect(name).toBeVisible({ timeout: 30_000 });

  // Empty required field: its own message, once.
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(messages.filter({ hasText: '客户名称' })).toHaveText(['客户名称不能为空']);

  // An integer is not rounded: 45.5 is refused as the server would refuse it.
  const days = drawer.getByPlaceholder('请输入账期(天)');
  await days.fill('45.5');
  await days.press('Tab');
  await expect(messages.filter({ hasText: '账期' })).toHaveText(['账期(天)应为整数']);
  await expect(days).toHaveValue('45.5');

  // A broken pattern (纳税人识别号: 15-20 digits or capitals).
  const taxNo = drawer.getByPlaceholder('请输入纳税人识别号');
  await taxNo.fill('abc');
  await taxNo.press('Tab');
  await expect(messages.filter({ hasText: '纳税人识别号' })).toHaveText(['纳税人识别号应为15至20位数字或大写字母']);

  // Saving with errors sends nothing.
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请检查表单填写内容')).toBeVisible();
  expect(seen.saves).toEqual([]);

  // Typing a right value clears its message at once, without leaving the field.
  await name.fill('校验测试客户');
  await expect(messages.filter({ hasText: '客户名称' })).toHaveCount(0);
  await expect(name).toBeFocused();
  await days.fill('45');
  await expect(messages.filter({ hasText: '账期' })).toHaveCount(0);
  await taxNo.fill('91310000MA1FL8TQ2');
  await expect(messages.filter({ hasText: '纳税人识别号' })).toHaveCount(0);
  expect(seen.saves).toEqual([]);

  // Esc asks before dropping what was typed; 继续编辑 keeps it.
  await page.keyboard.press('Escape');
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '内容尚未保存，确定关闭？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toHaveCount(0);
  await expect(name).toHaveValue('校验测试客户');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(drawer).toHaveCount(0);

  // A form nothing was typed in closes at once.
  await page.getByRole('button', { name: '新增客户' }).click();
  await expect(page.locator('.ant-drawer-content').getByPlaceholder('请输入客户名称')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-content')).toHaveCount(0);
  await expect(ask).toHaveCount(0);

  expect(seen.saves).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test.describe('a browser set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('shows a record’s time in China time', async ({ page, request }) => {
    const token = await apiToken(request, 'admin');
    const name = `时区客户${Date.now()}`;
    const saved = await request.post(SAVE, { headers: { 'access-token': token }, data: { data: { name, customerType: 1 } } }); // set-up: a record whose time the UTC browser then shows
    const body = await saved.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    const id = body.data.customerId as number;
    const record = (await (await request.get(`/api/v1/user-base/customer/${id}`, { headers: { 'access-token': token } })).json()).data;
    const instant = new Date(record.updatedAt as string);
    const china = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(instant);
    const utc = instant.toISOString().slice(0, 19).replace('T', ' ');
    expect(china).not.toBe(utc);

    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await loginAs(page, 'admin');
    await page.goto(LIST);
    await page.getByPlaceholder('客户名称/简称/信用代码/联系人/电话').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
    await expect(row).toContainText(china);
    await expect(row).not.toContainText(utc);
  });
});

test('the designer’s ID field keeps its focus while an id is typed', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await page.goto('/system/form-designer');
  await expect(page.getByTestId('form-designer')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => {
    const s = (window as any).__designerStore;
    s.clear();
    s.add('input', { kind: 'root' });
  });
  const idInput = page.getByTestId('panel-form').locator('#p_id');
  await idInput.click();
  await idInput.press('ControlOrMeta+a');
  await idInput.pressSequentially('abc', { delay: 50 });
  await expect(idInput).toHaveValue('abc');
  await expect(idInput).toBeFocused();
  expect(await page.evaluate(() => (window as any).__designerStore.getState().form.list.map((i: { id: string }) => i.id))).toEqual(['abc']);
});
