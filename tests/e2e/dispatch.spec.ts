import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, pick, pickByLabel, rowAction, rowOf, switchTo } from './helpers';

// Transport dispatch by clicks alone (DOMAIN §5.1 steps 9–14): 沈国良 (项目经理) submits a demand
// of the demo's approved 中远海运 project; 何俊 (调度主管) 派车 (the schedule form, showing only the
// fields of the chosen 承运类型; a full demand offers no more 派车), 派车确认, 装车,
// 发车, 到达, 签收, 上传回单 and 回单审核 from the row menus; 沈国良 sees the truck back (已结算 comes from finance's bill). Every step a
// person performs is a click or typing; API calls only set up the demand and read results back.
const PROJECT = '中远海运岸桥配件运输';
test.use({ actionTimeout: 20_000 });

/** A row action, then its dialog (a confirmation, or fields typed by placeholder) confirmed; the success message shows. */
async function step(page: Page, row: Locator, name: string, fields: Record<string, string> = {}, done = `${name}成功`) {
  await rowAction(page, row, name);
  const dialog = page.locator('.ant-modal-content:visible').last();
  await expect(dialog).toBeVisible();
  for (const [placeholder, value] of Object.entries(fields)) await dialog.getByPlaceholder(placeholder, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(done).first()).toBeVisible();
  await expect(page.locator('.ant-modal-content:visible')).toHaveCount(0);
  // what the old screens said when a path parameter was left unfilled
  await expect(page.getByText('连接服务器失败')).toHaveCount(0);
}

test('a demand from 提交 through 派车, the nodes and the receipt, by clicks', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const cargo = `岸桥俯仰钢丝绳${stamp}`;

  // Set-up by API (not a step under test): a draft demand on the approved demo project.
  await switchTo(page, 'pm');
  const projectId = (await api(page, 'GET', `/api/v1/project-base/project/page?keyword=${encodeURIComponent(PROJECT)}`)).list[0].projectId as number;
  const demand = await api(page, 'POST', '/api/v1/project-base/transport-demand/save', { // set-up: the demand a person then submits and dispatches by clicks
    projectId, cargoName: cargo, pieces: 2, weight: '12.500', truckCount: 1, loadRegionCode: '310115', loadAddress: '洋山港四期码头岸桥组装区',
    unloadRegionCode: '330206', unloadAddress: '宁波北仑港区穿山码头', planLoadTime: new Date(Date.now() + 86400_000).toISOString(), distanceKm: 235,
  });

  // 项目经理: 提交 from the demand's row
  await page.goto(`/project/transport-demand/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('需求编号/货物/地址').fill(stamp);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rowOf(page, cargo)).toContainText('草稿');
  await step(page, rowOf(page, cargo), '提交');
  await expect(rowOf(page, cargo)).toContainText('待请车');

  // 调度: 派车 (the schedule form) with an own truck, from the demand's row
  await switchTo(page, 'dispatch');
  await page.goto(`/project/transport-demand/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('需求编号/货物/地址').fill(stamp);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rowOf(page, cargo)).toContainText('0/1'); // 已派/需派
  await rowAction(page, rowOf(page, cargo), '派车');
  const form = page.locator('.ant-drawer-content');
  // The form shows only what the chosen 承运类型 uses: a carrier's supplier and freight by default…
  const selectShown = (placeholder: string) => form.locator('.ant-select-selection-placeholder', { hasText: placeholder });
  await expect(selectShown('请选择承运商')).toBeVisible();
  await expect(form.getByPlaceholder('请输入应付运费(含税)')).toBeVisible();
  await expect(selectShown('请选择自有车辆')).toHaveCount(0);
  await expect(form.getByPlaceholder('请输入网货平台运单号')).toHaveCount(0);
  // …an own truck and its driver once 自有车辆 is chosen, without supplier, platform or freight
  await pickByLabel(page, form, '承运类型', '自有', '自有车辆');
  await expect(selectShown('请选择自有车辆')).toBeVisible();
  await expect(selectShown('请选择承运商')).toHaveCount(0);
  await expect(selectShown('请选择平台车辆')).toHaveCount(0);
  await expect(form.getByPlaceholder('请输入应付运费(含税)')).toHaveCount(0);
  await expect(form.getByPlaceholder('请输入应收运费(本车)')).toBeVisible();
  await pick(page, form, '请选择自有车辆', '沪');
  await form.getByPlaceholder('请输入司机', { exact: true }).fill('高志刚');
  await form.getByPlaceholder('请输入司机电话').fill('13916201234');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // The draft holds the demand's only truck: 1/1, and 派车 is no longer offered on its row.
  const full = rowOf(page, cargo);
  await expect(full).toContainText('1/1');
  await expect(full.getByRole('button', { name: '派车', exact: true })).toHaveCount(0);
  const more = full.getByRole('button', { name: /更多/ });
  if (await more.count()) {
    await dismissNotices(page);
    await page.mouse.move(0, 0);
    await more.hover();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await expect(menu).toBeVisible();
    await expect(menu.locator('.ant-dropdown-menu-item')).not.toHaveCount(0);
    await expect(menu.locator('.ant-dropdown-menu-item').filter({ hasText: /^派车$/ })).toHaveCount(0);
    await page.mouse.move(0, 0);
  }

  // Read back (not a step): the schedule the form made, to find its row.
  const schedule = (await api(page, 'GET', `/api/v1/project-base/transport-schedule/page?demandId=${demand.demandId}`)).list[0];
  expect(schedule.scheduleStatus).toBe(0);

  // 调度: the nodes from the schedule's row in the project's schedule list
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('调度单号/车牌/司机').fill(schedule.scheduleNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = rowOf(page, schedule.scheduleNo);
  await expect(row).toContainText('草稿');
  await step(page, row, '派车确认');
  await expect(row).toContainText('已派车');
  await step(page, row, '装车', { 请输入实装件数: '2', '请输入实装重量(吨)': '12.5' });
  await expect(row).toContainText('已装车');
  await step(page, row, '发车');
  await expect(row).toContainText('运输中');
  await step(page, row, '到达');
  await expect(row).toContainText('已到达');
  await step(page, row, '签收');
  await expect(row).toContainText('已签收');

  // 调度: 上传回单 (a photo and who signed), then 审核通过, in the schedule's detail (tab 回单)
  await page.getByRole('link', { name: schedule.scheduleNo }).or(page.locator('.ant-table-tbody a').filter({ hasText: schedule.scheduleNo })).first().click();
  const drawer = page.locator('.ant-drawer-content').filter({ has: page.getByTestId('detail') });
  await drawer.getByRole('tab', { name: '回单' }).click();
  const receiptRow = drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '未回单' }).first();
  await rowAction(page, receiptRow, '上传回单');
  const dialog = page.locator('.ant-modal-content:visible').last();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
  await dialog.locator('input[type=file]').setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByText('回单.png')).toBeVisible();
  await dialog.getByPlaceholder('请输入签收人').fill('码头收货员');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('上传回单成功').first()).toBeVisible();
  await step(page, drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '待审核' }).first(), '审核通过');
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('已确认');
  await drawer.locator('xpath=ancestor::div[contains(@class,"ant-drawer")]').first().getByRole('button', { name: 'Close' }).or(page.locator('.ant-drawer-close')).first().click();

  // Read back (not a step): the schedule's receipt came back.
  await expect.poll(async () => (await api(page, 'GET', `/api/v1/project-base/transport-schedule/${schedule.scheduleId}`)).scheduleStatus).toBe(40);

  // 项目经理: the truck is back with its receipt; 已结算 now comes from finance's confirmed bill (finance-settle.spec.ts)
  await switchTo(page, 'pm');
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('调度单号/车牌/司机').fill(schedule.scheduleNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(row).toContainText('回单已返');
  expect((await api(page, 'GET', `/api/v1/project-base/transport-demand/${demand.demandId}`)).status).toBe(35);
});
