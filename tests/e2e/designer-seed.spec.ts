/**
 * The designer against seed 001, the rules that did not hold in Chromium (issue 11): step of 文字
 * 粗细, typing a cell width, required on blur, unknown layouts, summary separators, merging a
 * spanned cell, reopening the JSON dialog, Chinese errors in it.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

interface StoreHandle {
  getState(): { activeId?: string; form: { list: Record<string, any>[] } };
  add(compType: string, container?: unknown, index?: number): string | null;
  change(id: string, prop: string, value: unknown): string | null;
}

async function openDesigner(page: Page, errors: string[] = []) {
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await loginAs(page, 'admin');
  await page.goto('/system/form-designer');
  await expect(page.getByTestId('form-designer')).toBeVisible({ timeout: 30_000 }); // the designer's chunk (monaco) is the largest to load
  await page.evaluate(() => (window as any).__designerStore.clear());
}

const store = (page: Page) => ({
  add: (compType: string, container?: unknown) => page.evaluate(([t, c]) => {
    const s = (window as any).__designerStore as StoreHandle;
    s.add(t as string, (c as object | undefined) ?? { kind: 'root' });
    return s.getState().activeId!;
  }, [compType, container] as const),
  change: (id: string, prop: string, value: unknown) => page.evaluate(([i, p, v]) => (window as any).__designerStore.change(i, p, v), [id, prop, value] as const),
  item: (id: string) => page.evaluate((i) => {
    const find = (list: any[]): any => {
      for (const it of list) {
        if (it.id === i) return it;
        for (const child of [...(it.columns ?? []).flatMap((c: any) => c.list ?? (c.compType ? [c] : [])), ...(it.layoutArray ?? []).flat()]) {
          if (child.id === i) return child;
          const deep = child.list ? find(child.list) : child.columns ? find(child.columns) : undefined;
          if (deep) return deep;
        }
      }
      return undefined;
    };
    return find((window as any).__designerStore.getState().form.list);
  }, id),
});

test('文字 粗细 snaps to its step of 100 where it is typed, and the JSON dialog accepts the result', async ({ page }) => {
  await openDesigner(page);
  const id = await store(page).add('text');
  const bold = page.getByTestId('panel-text').locator('[id="p_bold"]');
  await bold.fill('450');
  await bold.press('Tab');
  await expect(bold).toHaveValue('500');
  expect((await store(page).item(id)).bold).toBe(500);
  await page.getByTestId('action-json').click();
  await expect(page.getByTestId('json-editor').locator('.monaco-editor')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('json-error')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a layout-table cell width takes every key typed; merging down a two-column cell keeps the rows aligned', async ({ page }) => {
  await openDesigner(page);
  const tableId = await store(page).add('table');
  await page.getByTestId(`cell-${tableId}-0-1`).click();
  const width = page.getByTestId('cell-panel').locator('[id="p_style_width"]');
  await width.fill('');
  await width.pressSequentially('60');
  await expect(width).toHaveValue('60');
  await expect(width).toBeFocused();
  expect((await store(page).item(tableId)).layoutArray[0][1].style.width).toBe(60);

  // two rows; the first cell merged right, then down: both cells below it are covered
  await page.getByTestId('cell-panel').getByRole('button', { name: /插入行/ }).click();
  await page.getByTestId(`cell-${tableId}-0-0`).click();
  await page.getByTestId('cell-panel').getByRole('button', { name: /向右合并/ }).click();
  await page.getByTestId('cell-panel').getByRole('button', { name: /向下合并/ }).click();
  const rows = page.getByTestId(`item-${tableId}`).locator('table.canvas-table > tbody > tr');
  await expect(rows).toHaveCount(2);
  const slots = async (r: number) => rows.nth(r).locator(':scope > td').evaluateAll((tds) => tds.reduce((n, td) => n + (td as HTMLTableCellElement).colSpan, 0));
  // row 0: a 2×2 cell and two single ones; row 1: only its last two cells (the first two are covered)
  expect(await slots(0)).toBe(4);
  expect(await slots(1)).toBe(2);
  await expect(page.getByTestId(`cell-${tableId}-1-1`)).toHaveCount(0);
});

test('a required item says its label cannot be empty (姓名不能为空) on blur too, once: tabbing through an input, closing a select unchosen', async ({ page }) => {
  await openDesigner(page);
  const s = store(page);
  const input = await s.add('input');
  await s.change(input, 'label', '姓名');
  await s.change(input, 'required', true);
  const select = await s.add('select');
  await s.change(select, 'label', '类型');
  await s.change(select, 'required', true);
  await page.getByTestId('action-preview').click();
  const preview = page.getByTestId('preview');
  await preview.getByPlaceholder('请输入姓名').focus();
  await page.keyboard.press('Tab');
  const messages = preview.locator('.ant-formily-item-error-help');
  await expect(messages.filter({ hasText: '姓名不能为空' })).toHaveCount(1);
  await expect(messages.filter({ hasText: '姓名不能为空' })).toHaveText('姓名不能为空');
  await preview.locator('.ant-select').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  await preview.getByText('类型', { exact: true }).click();
  await expect(messages.filter({ hasText: '类型不能为空' })).toHaveCount(1);
  await expect(messages).toHaveCount(2);
});

test('a dynamic-table summary shows thousands separators', async ({ page }) => {
  await openDesigner(page);
  const s = store(page);
  const table = await s.add('dynamicTable');
  await s.change(table, 'show-summary', true);
  const number = await s.add('inputNumber', { kind: 'dynamic', tableId: table });
  await s.change(number, 'label', '金额');
  await s.change(number, 'max', 100000000);
  await s.change(number, 'precision', 1);
  await page.getByTestId('action-preview').click();
  const preview = page.getByTestId('preview');
  await preview.getByRole('button', { name: /添\s*加/ }).first().click();
  const cell = preview.locator('.ant-table-tbody input').first();
  await cell.fill('1234567.5');
  await cell.press('Tab');
  await expect(preview.locator('.ant-table-summary')).toContainText('1,234,567.5 元');
});

test('an unknown layout gets the seed\'s message, in the JSON dialog and on /view; JSON errors are Chinese; the dialog opens again cleanly', async ({ page, context }) => {
  const errors: string[] = [];
  await openDesigner(page, errors);
  const dialogText = (text: string) => page.evaluate((t) => (window as any).__designerJson.set(t), text);
  const confirm = () => page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  for (let round = 0; round < 2; round++) {
    await page.getByTestId('action-json').click();
    await expect(page.getByTestId('json-editor').locator('.monaco-editor')).toBeVisible();
    await expect.poll(() => page.evaluate(() => typeof (window as any).__designerJson)).toBe('object');
    await page.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.getByTestId('action-json').click();
  await expect(page.getByTestId('json-editor').locator('.monaco-editor')).toBeVisible();
  const unknown = { config: {}, list: [{ id: 'fd_1', compType: 'input', layout: 'gridItem', label: '姓名' }] };
  await dialogText(JSON.stringify(unknown));
  await confirm();
  await expect(page.getByTestId('json-error')).toHaveText('没有与gridItem匹配的layout');
  await dialogText(JSON.stringify({ config: {}, list: [{ id: 'fd_1', compType: 'text', bold: 450 }] }));
  await confirm();
  await expect(page.getByTestId('json-error')).toHaveText(/^表单定义不符合规范：组件「文字」\(fd_1\)的粗细应为100的倍数$/);
  await dialogText('{"config": {}, "list": [');
  await confirm();
  await expect(page.getByTestId('json-error')).toHaveText(/^JSON 格式错误：/);
  expect((await page.getByTestId('json-error').innerText()).replace('JSON', '')).not.toMatch(/[A-Za-z]{3,}/);
  expect(errors.filter((e) => /createInstance|UNKNOWN service/.test(e))).toEqual([]);

  const view = await context.newPage();
  await view.addInitScript((text) => localStorage.setItem('form-designer:definition', text), JSON.stringify(unknown));
  await view.goto('/view');
  await expect(view.getByTestId('form-view')).toContainText('没有与gridItem匹配的layout');
});

test('switching to another tab and back keeps the unsaved draft, its selection and its undo', async ({ page }) => {
  await openDesigner(page);
  await page.getByTestId('palette-input').click();
  await page.getByTestId('palette-textarea').click();
  await page.getByTestId('panel-textarea').locator('[id="p_label"]').fill('备注说明');
  await expect(page.locator('.canvas-item[data-comp="textarea"]')).toContainText('备注说明');
  await page.locator('.shell-tag[data-path="/dashboard"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('form-designer')).toHaveCount(0);
  await page.locator('.shell-tag[data-path="/system/form-designer"]').click();
  await expect(page.locator('[data-testid="canvas"] .canvas-item')).toHaveCount(2);
  await expect(page.locator('.canvas-item.is-active[data-comp="textarea"]')).toContainText('备注说明');
  await page.getByTestId('undo').click();
  await expect(page.locator('.canvas-item[data-comp="textarea"]')).not.toContainText('备注说明');
});
