import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, loginAs } from './helpers';

const PALETTE = [
  'input', 'textarea', 'inputNumber', 'select', 'selectDepartment', 'selectStaff', 'radio', 'checkbox', 'Switch', 'slider', 'rate', 'date', 'time',
  'editor', 'colorPicker', 'cascader', 'cascaderRegion', 'upload', 'dialogList', 'barCode', 'row', 'dynamicTable', 'table', 'button', 'divider',
  'alert', 'link', 'text', 'html',
];

test.use({ viewport: { width: 1600, height: 1000 } });

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

/**
 * Drags with the mouse as a person does, and lets go only once the designer shows the pointer is
 * over the intended drop zone (or an item inside it). The designer scrolls a newly dropped item into view a frame after
 * the drop, and dnd-kit auto-scrolls a container when the pointer nears its edge: a position
 * measured before either settles can land the drop elsewhere. That was the first-try failure in
 * clean CI runs (cold chunks move the layout later than a warm retry does).
 */
async function drag(page: Page, from: Locator, to: Locator) {
  // A press that a busy machine turns into a text selection (the drag never activates) is let go
  // with Escape, so nothing drops, and the whole drag is made again.
  for (let round = 0; ; round++) {
    try {
      await dragOnce(page, from, to);
      return;
    } catch (err) {
      await page.keyboard.press('Escape');
      await page.mouse.up();
      await page.evaluate(() => window.getSelection()?.removeAllRanges());
      if (round >= 1) throw err;
    }
  }
}

async function dragOnce(page: Page, from: Locator, to: Locator) {
  const zone = to.locator('xpath=descendant-or-self::*[@data-container][1]');
  await to.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const a = (await settledBox(page, from))!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  for (let attempt = 0; ; attempt++) {
    const b = await settledBox(page, zone);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.mouse.move(b.x + b.width / 2 + 1, b.y + b.height / 2 + 1, { steps: 2 });
    try {
      // over the zone itself, or over an item inside it (then the drop goes before that item)
      await expect(zone.locator('xpath=descendant-or-self::*[contains(concat(" ", @class, " "), " is-over ")]').first()).toBeVisible({ timeout: 2000 });
      break;
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
  await page.mouse.up();
}

const canvasItems = (page: Page) => page.locator('[data-testid="canvas"] .canvas-item');

test('builds a form with every component, round-trips its JSON, previews, submits, saves and reopens it', async ({ page }) => {
  test.setTimeout(180_000);
  const scripts: string[] = [];
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
    if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
  });
  await loginAs(page, 'admin');
  expect(scripts.some((s) => /Designer|JsonEditor|monaco|editor\.api/.test(s))).toBe(false);
  await page.goto('/system/form-designer');
  await expect(page.getByText('从左侧拖拽添加控件')).toBeVisible();
  expect(scripts.some((s) => /JsonEditor|jsonMode|editor\.api/.test(s))).toBe(false);

  // palette: three groups, the last two switchable
  await expect(page.getByText('常用组件')).toBeVisible();
  await page.getByTestId('toggle-layout').click();
  await expect(page.getByTestId('palette-row')).toHaveCount(0);
  await page.getByTestId('toggle-layout').click();
  await expect(page.getByTestId('palette-row')).toBeVisible();

  // click adds a copy that becomes the active item
  for (const type of PALETTE) {
    await page.getByTestId(`palette-${type}`).click();
    await expect(page.locator(`.canvas-item.is-active[data-comp="${type}"]`)).toBeVisible();
    await expect(page.locator('.canvas-item.is-active')).toHaveCount(1);
  }
  await expect(canvasItems(page)).toHaveCount(PALETTE.length);

  // drag an input into the row's first column and a number input into the dynamic table
  const rowId = (await page.locator('.canvas-item[data-comp="row"]').getAttribute('data-testid'))!.replace('item-', '');
  const dynId = (await page.locator('.canvas-item[data-comp="dynamicTable"]').getAttribute('data-testid'))!.replace('item-', '');
  const tableId = (await page.locator('.canvas-item[data-comp="table"]').getAttribute('data-testid'))!.replace('item-', '');
  await drag(page, page.getByTestId('palette-input'), page.getByTestId(`col-${rowId}-0`));
  await expect(page.getByTestId(`col-${rowId}-0`).locator('.canvas-item[data-comp="input"]')).toHaveCount(1);
  await drag(page, page.getByTestId('palette-inputNumber'), page.getByTestId(`dyn-${dynId}`));
  await expect(page.getByTestId(`dyn-${dynId}`).locator('.canvas-item[data-comp="inputNumber"]')).toHaveCount(1);
  await drag(page, page.getByTestId('palette-input'), page.getByTestId(`dyn-${dynId}`));
  await expect(page.getByTestId(`dyn-${dynId}`).locator('.canvas-item[data-comp="input"]')).toHaveCount(1);
  // placement rules: refused drops show the seed's message and change nothing
  await drag(page, page.getByTestId('palette-row'), page.getByTestId(`dyn-${dynId}`));
  await expect(page.getByText('布局组件不允许放入动态表格！')).toBeVisible();
  await drag(page, page.getByTestId('palette-upload'), page.getByTestId(`dyn-${dynId}`));
  await expect(page.getByText('该组件不允许被放入动态表格内！')).toBeVisible();
  await drag(page, page.getByTestId('palette-row'), page.getByTestId(`col-${rowId}-1`));
  await expect(page.getByText('布局组件不允许被嵌套！')).toBeVisible();
  await drag(page, page.getByTestId('palette-dynamicTable'), page.getByTestId(`cell-${tableId}-0-1`));
  await expect(page.getByText('该组件不允许被放入表格内！')).toBeVisible();
  await drag(page, page.getByTestId('palette-text'), page.getByTestId(`cell-${tableId}-0-1`));
  await expect(page.getByTestId(`cell-${tableId}-0-1`).locator('.canvas-item[data-comp="text"]')).toHaveCount(1);
  const total = PALETTE.length + 4;
  await expect(canvasItems(page)).toHaveCount(total);

  // dynamic table options: selection column and summary row
  await page.getByTestId(`item-${dynId}`).click({ position: { x: 4, y: 4 } });
  const dynPanel = page.getByTestId('panel-dynamicTable');
  await dynPanel.locator('[id="p_multiCheck"]').click();
  await dynPanel.locator('[id="p_show_summary"]').click();
  await expect(dynPanel.locator('[id="p_sum_text"]')).toHaveValue('合计');
  await expect(dynPanel.locator('[id="p_summary_text"]')).toHaveValue('元');

  // the top-level input: label -> placeholder, required, then undo/redo of a canvas change
  const input = page.locator('[data-testid="canvas"] > .canvas-list > .canvas-item[data-comp="input"]').first();
  await input.click();
  const panel = page.getByTestId('panel-input');
  await panel.locator('#p_label, [id="p_label"]').first().fill('姓名');
  await expect(panel.locator('[id="p_placeholder"]').first()).toHaveValue('请输入姓名');
  await panel.getByRole('switch').nth(1).click(); // 必填
  await expect(input.locator('.required')).toBeVisible();
  await page.getByTestId('copy-item').click();
  await expect(canvasItems(page)).toHaveCount(total + 1);
  await page.getByTestId('undo').click();
  await expect(canvasItems(page)).toHaveCount(total);
  await page.getByTestId('redo').click();
  await expect(canvasItems(page)).toHaveCount(total + 1);
  await page.keyboard.press('Control+z');
  await expect(canvasItems(page)).toHaveCount(total);

  // a duplicate id is refused and reverted
  const ids = await page.locator('[data-testid="canvas"] .canvas-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('item-', '')));
  await input.click();
  const idField = panel.locator('[id="p_id"]').first();
  const before = await idField.inputValue();
  await idField.fill(ids.find((id) => id !== before && id.startsWith('fd_'))!);
  await expect(page.getByText('该ID已经存在，请修改')).toBeVisible();
  await expect(panel.locator('[id="p_id"]').first()).toHaveValue(before);

  // form settings (tab 表单配置) and the button's icon picker
  await page.getByTestId('action-settings').click();
  const settings = page.getByRole('dialog');
  await expect(settings.getByRole('tab', { name: '表单配置' })).toBeVisible();
  await settings.locator('[id="labelWidth"]').fill('120');
  await settings.locator('[id="gutter"]').fill('20');
  await settings.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('.canvas-item[data-comp="button"]').click();
  await page.getByTestId('icon-picker').click();
  await page.getByRole('dialog').getByRole('button', { name: 'search' }).click();
  await expect(page.getByTestId('icon-field')).toHaveValue('search');

  // JSON: monaco loads on first open only; export, clear, import
  await page.getByTestId('action-json').click();
  await expect(page.getByTestId('json-editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  expect(scripts.some((s) => /JsonEditor/.test(s))).toBe(true);
  expect(foreign).toEqual([]); // monaco is bundled: nothing from a CDN
  const exported = await page.evaluate(() => (window as any).__designerJson.get() as string);
  const parsed = JSON.parse(exported);
  expect(parsed.config).toMatchObject({ version: '1.10', labelWidth: 120, gutter: 20 });
  expect(parsed.list.find((i: { compType: string }) => i.compType === 'button').icon).toBe('search');
  expect(parsed.list).toHaveLength(PALETTE.length);
  await page.getByRole('button', { name: /取\s*消/ }).click();

  await page.getByTestId('action-clear').click();
  await expect(page.getByText('此操作将清空整个表单,是否继续?')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('从左侧拖拽添加控件')).toBeVisible();

  await page.getByTestId('action-json').click();
  await expect(page.getByTestId('json-editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  // invalid JSON and a definition failing the metamodel change nothing
  await page.evaluate(() => (window as any).__designerJson.set('{ not json'));
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('json-error')).toContainText('JSON 格式错误');
  await page.evaluate(() => (window as any).__designerJson.set(JSON.stringify({ config: {}, list: [{ id: 'x', compType: 'input', label: '{{alert(1)}}' }] })));
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('json-error')).toContainText('可执行表达式');
  await page.evaluate((text) => (window as any).__designerJson.set(text), exported);
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(canvasItems(page)).toHaveCount(total);

  // preview: required field blocks submit; filled form submits with success
  await page.getByTestId('action-preview').click();
  const preview = page.getByTestId('preview');
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: /提\s*交/ }).click();
  await expect(preview.getByText('姓名不能为空').first()).toBeVisible();
  await preview.getByPlaceholder('请输入姓名').fill('张三');
  // dynamic table: add rows, 序号/操作 columns, summary 合计/元, batch delete after confirmation, delete
  const dynTable = preview.locator('.designer-dynamic-table');
  const add = dynTable.getByRole('button', { name: /添\s*加/ });
  await add.click();
  await add.click();
  await add.click();
  await expect(dynTable.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(dynTable.getByText('序号')).toBeVisible();
  await expect(dynTable.getByText('操作')).toBeVisible();
  await dynTable.locator('tbody tr.ant-table-row').nth(0).locator('.ant-input-number-input').fill('3');
  await dynTable.locator('tbody tr.ant-table-row').nth(1).locator('.ant-input-number-input').fill('4');
  await expect(dynTable.locator('.ant-table-summary')).toContainText('合计');
  await expect(dynTable.locator('.ant-table-summary')).toContainText('7 元');
  await expect(dynTable.getByRole('button', { name: '批量删除' })).toHaveCount(0);
  await dynTable.locator('tbody tr.ant-table-row').nth(0).locator('.ant-checkbox-input').check();
  await dynTable.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByText('确认删除选中的数据?')).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(dynTable.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(dynTable.locator('.ant-table-summary')).toContainText('4 元');
  await dynTable.locator('tbody tr.ant-table-row').first().getByRole('button', { name: /删\s*除/ }).click();
  await expect(dynTable.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await preview.locator('.designer-barcode').first().waitFor();
  await preview.locator('input[type=file]').first().setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
  await expect(preview.getByText('a.png')).toBeVisible();
  await preview.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('success', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // /view renders the definition kept in local storage
  const view = await page.context().newPage();
  await view.goto('/view');
  await expect(view.getByTestId('form-view').getByPlaceholder('请输入姓名')).toBeVisible();
  // the seed's address, #/view, lands on the same view
  await view.goto('/#/view');
  await expect(view).toHaveURL(/\/view$/);
  await expect(view.getByTestId('form-view').getByPlaceholder('请输入姓名')).toBeVisible();
  await view.close();

  // save to the server, reopen after a reload
  await page.getByTestId('action-save').click();
  const formName = `e2eAll${Date.now()}`;
  await page.getByLabel('表单标识').fill(formName);
  await page.getByLabel('表单名称').fill('全部组件');
  await page.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId('saved-tag')).toContainText('v1');
  await page.reload();
  await page.getByTestId('action-open').click();
  await page.getByTestId(`open-${formName}`).click();
  await expect(canvasItems(page)).toHaveCount(total);
  await expect(page.getByTestId('saved-tag')).toContainText('全部组件 v1');

  // a preview of the saved, unchanged version submits to the server, validated there with the same rules
  await page.getByTestId('action-preview').click();
  const again = page.getByTestId('preview');
  await again.getByPlaceholder('请输入姓名').fill('李四');
  await again.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('success', { exact: true })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const subs = await page.request.get(`/api/v1/form-base/form/${formName}/submissions`, { headers: { 'access-token': token! } });
  const body = await subs.json();
  expect(body.data).toHaveLength(1);
  expect(body.data[0].revision).toBe(1);
  expect(Object.values(body.data[0].values)).toContain('李四');
});

test('a business form customised in the designer is what the screen renders; its added field is stored and checked by the server', async ({ page, request }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await page.goto('/system/form-designer');
  await page.getByTestId('action-open').click();
  await page.getByRole('tab', { name: '业务表单' }).click();
  await page.getByTestId('business-customer').click();
  // opened expanded from the entity: labels and rules come from it
  await expect(page.locator('.canvas-item[data-testid="item-name"]')).toContainText('客户名称');
  await page.locator('.canvas-item[data-testid="item-name"]').click();
  await page.getByTestId('panel-input').locator('[id="p_label"]').fill('客户全称');
  await expect(page.locator('.canvas-item[data-testid="item-name"]')).toContainText('客户全称');
  await page.keyboard.press('Control+z');
  await expect(page.locator('.canvas-item[data-testid="item-name"]')).toContainText('客户名称');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('.canvas-item[data-testid="item-name"]')).toContainText('客户全称');
  // an added field of the organisation's own
  await page.getByTestId('palette-input').click();
  const panel = page.getByTestId('panel-input');
  await panel.locator('[id="p_id"]').fill('coldChainNote');
  await panel.locator('[id="p_label"]').fill('冷链要求');
  await panel.locator('[id="p_placeholder"]').fill('请输入冷链要求');
  await panel.locator('[id="p_maxLength"]').fill('10');
  await page.getByTestId('action-save').click();
  const name = `customer${Date.now()}`;
  await page.getByLabel('表单标识').fill(name);
  await page.getByLabel('表单名称').fill('客户(定制)');
  await page.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId('saved-tag')).toContainText('客户(定制) v1');

  // the customer screen now renders the customised form
  await page.goto('/business/clue/customer-list');
  await page.getByRole('button', { name: /新增客户/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText('客户全称')).toBeVisible();
  const customer = `定制表单客户${Date.now()}`;
  await drawer.getByPlaceholder('请输入客户全称').fill(customer);
  await drawer.getByPlaceholder('请输入冷链要求').fill('全程2-8℃');
  // A line of the contacts table: its columns (ids contacts_name, …) still fill the rows' own properties.
  await drawer.locator('.designer-dynamic-table').getByRole('button', { name: '添加' }).click();
  await drawer.locator('.designer-dynamic-table').getByPlaceholder('请输入姓名').fill('王经理');
  await drawer.locator('.designer-dynamic-table').getByPlaceholder('请输入职务').fill('采购经理');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  const headers = { 'access-token': await apiToken(request, 'admin') };
  const found = await (await request.get(`/api/v1/user-base/customer/list-local-customer?keyword=${encodeURIComponent(customer)}`, { headers })).json();
  expect(found.data.list[0].custom).toEqual({ coldChainNote: '全程2-8℃' });
  expect(found.data.list[0].contacts).toEqual([expect.objectContaining({ name: '王经理', post: '采购经理' })]);
  // the server checks added fields with the customised form's own rules
  // set-up/check: an API caller, not a person, bypassing the form — the server must still refuse
  const tooLong = await request.post('/api/v1/user-base/customer/save', { headers, data: { data: { name: `${customer}2`, custom: { coldChainNote: '12345678901' } } } }); // set-up or check by API (see above), not a step a person performs
  expect(tooLong.status()).toBe(400);
  const unknown = await request.post('/api/v1/user-base/customer/save', { headers, data: { data: { name: `${customer}3`, custom: { other: 'x' } } } }); // set-up or check by API (see above), not a step a person performs
  expect((await unknown.json()).msg).toBe('不允许的字段：other');

  const fresh = await page.context().newPage();
  await fresh.addInitScript(() => localStorage.removeItem('form-designer:definition'));
  await fresh.goto('/view');
  await expect(fresh.getByText('本地没有保存的表单定义')).toBeVisible();
});
