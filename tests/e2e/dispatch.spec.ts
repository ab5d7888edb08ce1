import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLogin } from './helpers';

// Transport dispatch (DOMAIN §5.1 steps 9–14), each step by the person whose permissions it needs:
// 沈国良 (项目经理) submits two demands of the demo's approved 中远海运 project, 何俊 (调度主管)
// dispatches an own truck to one and a carrier's truck to the other, records 装车/发车/到达/签收,
// uploads and approves the receipts; 沈国良 settles the carrier's truck, reads the margin with the
// freight on the project report and prints the demand.
const USERS = { pm: ['pm', 'Pm@123'], dispatch: ['dispatch', 'Dispatch@123'] } as const;
const PROJECT = '中远海运岸桥配件运输';
test.use({ actionTimeout: 20_000 });

async function as(page: Page, user: keyof typeof USERS) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, USERS[user][0], USERS[user][1]);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function api<T = any>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const res = method === 'GET'
    ? await page.request.get(url, { headers: { 'access-token': token } })
    : await page.request.post(url, { headers: { 'access-token': token }, data: { data } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as T;
}

async function dismissNotices(page: Page) {
  const ignore = page.getByText('全部忽略');
  if (await ignore.isVisible().catch(() => false)) await ignore.click();
}

async function pick(page: Page, scope: Locator, placeholder: string, search: string, option: string | RegExp = search) {
  const select = scope.locator('.ant-select').filter({ has: page.locator('.ant-select-selection-placeholder', { hasText: placeholder }) });
  await select.click();
  await select.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function pickByLabel(page: Page, scope: Locator, label: string, search: string, option: string | RegExp = search) {
  const select = scope.locator('.ant-formily-item').filter({ has: page.getByText(label, { exact: true }) }).locator('.ant-select').first();
  await select.click();
  await select.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

function rowOf(page: Page, text: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

async function rowAction(page: Page, row: Locator, name: string) {
  await dismissNotices(page);
  const direct = row.getByRole('button', { name, exact: true });
  if (await direct.count()) return direct.click();
  await row.getByRole('button', { name: /更多/ }).hover();
  const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  // the menu is still sliding in: click where it is
  await item.click({ force: true });
}

/** A row transition: the action, then its dialog (fields by placeholder) confirmed. */
async function step(page: Page, row: Locator, name: string, fields: Record<string, string> = {}) {
  await rowAction(page, row, name);
  const dialog = page.locator('.ant-modal-content:visible').last();
  for (const [placeholder, value] of Object.entries(fields)) await dialog.getByPlaceholder(placeholder).fill(value);
  await dialog.getByRole('button', { name: /确\s*定|提\s*交/ }).click();
  await expect(page.locator('.ant-modal-content:visible')).toHaveCount(0);
}

const yuan = (v: string | number) => Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('two demands, an own and a carrier truck, nodes, receipts, settlement, the margin and the print', async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).slice(-5);
  const cargoA = `岸桥俯仰钢丝绳${stamp}`;
  const cargoB = `岸桥电缆卷筒${stamp}`;

  // 项目经理: two demands on the approved project, submitted from its demand list
  await as(page, 'pm');
  const project = (await api(page, 'GET', `/api/v1/project-base/project/page?keyword=${encodeURIComponent(PROJECT)}`)).list[0];
  const projectId = project.projectId as number;
  const demand = (cargo: string) => api(page, 'POST', '/api/v1/project-base/transport-demand/save', {
    projectId, cargoName: cargo, pieces: 2, weight: '12.500', truckCount: 1, loadRegionCode: '310115', loadAddress: '洋山港四期码头岸桥组装区',
    unloadRegionCode: '330206', unloadAddress: '宁波北仑港区穿山码头', planLoadTime: new Date(Date.now() + 86400_000).toISOString(), distanceKm: 235,
  });
  const a = await demand(cargoA);
  const b = await demand(cargoB);
  await page.goto(`/project/project-detail/${projectId}`);
  await dismissNotices(page);
  await page.getByRole('button', { name: '运输需求' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/transport-demand/${projectId}/list`));
  await page.getByPlaceholder('需求编号/货物/地址').fill(stamp);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rowOf(page, cargoA)).toContainText('草稿');
  for (const cargo of [cargoA, cargoB]) await rowOf(page, cargo).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: /批量提交/ }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(rowOf(page, cargoA)).toContainText('待请车');
  await expect(rowOf(page, cargoB)).toContainText('待请车');

  // 调度: an own truck to A, a carrier's truck to B, from the demand rows
  await as(page, 'dispatch');
  await page.goto(`/project/transport-demand/${projectId}/list`);
  await page.getByPlaceholder('需求编号/货物/地址').fill(stamp);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await rowAction(page, rowOf(page, cargoA), '派车');
  let form = page.locator('.ant-drawer-content');
  await pickByLabel(page, form, '承运类型', '自有', '自有车辆');
  await pick(page, form, '请选择自有车辆', '沪');
  await form.getByPlaceholder('请输入司机', { exact: true }).fill('高志刚');
  await form.getByPlaceholder('请输入司机电话').fill('13916201234');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  await rowAction(page, rowOf(page, cargoB), '派车');
  form = page.locator('.ant-drawer-content');
  await pick(page, form, '请选择承运商', '顺达');
  await pick(page, form, '请选择平台车辆', '');
  await form.getByPlaceholder('请输入司机', { exact: true }).fill('王立新');
  await form.getByPlaceholder('请输入司机电话').fill('13812345678');
  await form.getByPlaceholder('请输入应付运费(含税)').fill('18000');
  await form.getByPlaceholder('请输入应收运费(本车)').fill('26000');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // the nodes and receipts through the dispatcher's calls (the same the row actions send)
  const S = '/api/v1/project-base/transport-schedule';
  const schedules = (await api(page, 'GET', `${S}/page?projectId=${projectId}&demandId=${a.demandId},${b.demandId}`)).list as any[];
  expect(schedules).toHaveLength(2);
  for (const s of schedules) {
    await api(page, 'POST', `${S}/${s.scheduleId}/dispatch`, {});
    await api(page, 'POST', `${S}/${s.scheduleId}/load`, { loadedPieces: 2, loadedWeight: '12.500' });
    await api(page, 'POST', `${S}/${s.scheduleId}/depart`, {});
    await api(page, 'POST', `${S}/${s.scheduleId}/arrive`, {});
    await api(page, 'POST', `${S}/${s.scheduleId}/sign`, {});
  }
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  for (const s of schedules) await expect(rowOf(page, s.scheduleNo)).toContainText('已签收');
  const receipts = (await api(page, 'GET', `/api/v1/project-base/receipt/page?projectId=${projectId}&demandId=${a.demandId}`)).list
    .concat((await api(page, 'GET', `/api/v1/project-base/receipt/page?projectId=${projectId}&demandId=${b.demandId}`)).list) as any[];
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
  const uploaded = await (await page.request.post('/api/v1/file-base/file/upload', { headers: { 'access-token': token }, multipart: { file: { name: '回单.png', mimeType: 'image/png', buffer: png } } })).json();
  const url = uploaded.data?.url ?? uploaded.data;
  for (const r of receipts) await api(page, 'POST', `/api/v1/project-base/receipt/${r.receiptId}/upload`, { photos: [{ name: '回单.png', url }], signedBy: '码头收货员' });
  await api(page, 'POST', '/api/v1/project-base/receipt/audit-pass', { ids: receipts.map((r) => r.receiptId) });
  for (const r of receipts) expect((await api(page, 'GET', `/api/v1/project-base/receipt/${r.receiptId}`)).receiptStatus).toBe(15);

  // 项目经理: settles the carrier's truck; the report's cost includes its freight
  await as(page, 'pm');
  const carrier = schedules.find((s) => s.carrierType === 2)!;
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  const carrierRow = rowOf(page, carrier.scheduleNo);
  await expect(carrierRow).toContainText('回单已返');
  await api(page, 'POST', `/api/v1/project-base/transport-schedule/${carrier.scheduleId}/settle`, {});
  await page.reload();
  await expect(carrierRow).toContainText('已结算');
  const demandA = await api(page, 'GET', `/api/v1/project-base/transport-demand/${a.demandId}`);
  expect(demandA.status).toBe(35);

  const after = await api(page, 'GET', `/api/v1/project-base/project/${projectId}`);
  await page.goto(`/project/project-detail/${projectId}`);
  await page.getByRole('tab', { name: '成本明细' }).click();
  await expect(rowOf(page, `运费 ${carrier.scheduleNo}`)).toContainText('18,000.00');
  await page.goto(`/project/project-report/${projectId}`);
  const summary = page.getByTestId('report').locator('.ant-table-summary');
  await expect(summary).toContainText(yuan(after.confirmedCost));
  await expect(summary).toContainText(yuan(after.grossProfit));

  // the demand prints as a 托运单
  await page.goto(`/demand-print/${b.demandId}`);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toContainText('货物运输托运单');
  await expect(page.getByTestId('print-doc-no')).toHaveText(b.demandNo);
  await expect(sheet).toContainText(cargoB);
  await expect(sheet).toContainText(carrier.truckLicensePlate);
});
