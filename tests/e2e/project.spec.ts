import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, pick, pickByLabel, rowAction, rowOf, switchTo } from './helpers';

// The contract-to-margin chain (DOMAIN §5.1 steps 6–14, 20), each step by the person whose
// permissions it needs: 杨帆 (商务经理) writes and submits an income contract, 沈伟民 (总经理)
// approves it and sets up the project from it, 沈国良 (项目经理) submits the project, 沈伟民
// approves it, 沈国良 starts it, books income and a cost and reads the margin; then two demands go
// through dispatch, the road, 签收, receipts and settlement (dispatchTwoDemands), the report shows
// the margin with the freight, and the demand and the contract print.
test.use({ actionTimeout: 20_000 });

const INCOME_LIST = '/contract/income-contract/income-contract-list';
const PROJECT_LIST = '/project/project-list';
const as = switchTo;

const GPS_KEY = process.env.GPS_INGEST_KEY ?? 'e2e-gps-key';

/** Positions as the provider (or the demo feeder) sends them: the ingest with the integration key, no session. */
async function pushPositions(page: Page, points: { plate: string; time: number; lng: number; lat: number; speed: number; direction: number }[]) {
  // set-up: the GPS provider is a machine, not a person; it pushes with its integration key
  const res = await page.request.post('/api/v1/project-base/track/ingest', { headers: { 'x-gps-key': GPS_KEY }, data: { data: { points } } }); // set-up or check by API (see above), not a step a person performs
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(body.data.accepted, JSON.stringify(body.data.rejected)).toBe(points.length);
}

const yuan = (v: string | number) => Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * DOMAIN §5.1 steps 9–14 on the project: 沈国良 submits two demands, 何俊 (调度主管) dispatches an
 * own truck to one and a carrier's truck to the other, records 装车/发车, watches both trucks move
 * on 车辆位置 as positions arrive and opens the own truck's 派车轨迹, records 到达/签收, uploads and
 * approves the receipts; 沈国良 settles the carrier's truck, reads the margin with the freight on
 * the project report and prints the demand.
 */
async function dispatchTwoDemands(page: Page, projectId: number) {
  const stamp = Date.now().toString(36).slice(-5);
  const cargoA = `轧机牌坊上横梁${stamp}`;
  const cargoB = `轧机牌坊下横梁${stamp}`;

  // 项目经理: two demands on the started project, submitted from its demand list
  // set-up: the demands' data (the demand form's clicks are covered by dispatch.spec); submitting them is clicked below
  const demand = (cargo: string) => api(page, 'POST', '/api/v1/project-base/transport-demand/save', { // set-up or check by API (see above), not a step a person performs
    projectId, cargoName: cargo, pieces: 2, weight: '12.500', truckCount: 1, loadRegionCode: '310115', loadAddress: '外高桥港区冷轧机组件堆场',
    unloadRegionCode: '330206', unloadAddress: '宁波钢铁有限公司北仑厂区', planLoadTime: new Date(Date.now() + 86400_000).toISOString(), distanceKm: 235,
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
    await api(page, 'POST', `${S}/${s.scheduleId}/dispatch`, {}); // set-up or check by API (see above), not a step a person performs
    await api(page, 'POST', `${S}/${s.scheduleId}/load`, { loadedPieces: 2, loadedWeight: '12.500' }); // set-up or check by API (see above), not a step a person performs
    await api(page, 'POST', `${S}/${s.scheduleId}/depart`, {}); // set-up or check by API (see above), not a step a person performs
  }

  // On the road: the positions provider pushes both plates (as the feeder does), the dispatcher
  // sees them on 车辆位置, a second push moves them there, and each schedule's 轨迹 shows its trip.
  const own = schedules.find((s) => s.carrierType === 1)!;
  const plates = schedules.map((s) => s.truckLicensePlate as string);
  const at = (i: number, step: number) => ({ lng: 121.95 - step * 0.05 + i * 0.01, lat: 30.62 + step * 0.02 + i * 0.01 });
  const shown = (p: { lng: number; lat: number }) => `${p.lng.toFixed(5)}, ${p.lat.toFixed(5)}`;
  await page.waitForTimeout(1000); // the points come after 发车
  const first = Date.now() - 200;
  await pushPositions(page, plates.map((plate, i) => ({ plate, time: first, ...at(i, 0), speed: 62, direction: 250 })));
  await page.goto('/truck-track/location-track');
  // the map's chunk and outline are the heaviest of the app: a first load may take a while
  await expect(page.getByTestId('location-map').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  const located = (plate: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: plate, exact: true }) });
  for (const [i, plate] of plates.entries()) {
    await expect(located(plate).getByTestId('position')).toHaveText(shown(at(i, 0)));
    await expect(located(plate).getByTestId('motion-tag')).toHaveText('行驶');
  }
  await expect(page.getByText(/实时 · 已收到/)).toBeVisible();
  await pushPositions(page, plates.map((plate, i) => ({ plate, time: Date.now() - 100, ...at(i, 1), speed: 58, direction: 250 })));
  for (const [i, plate] of plates.entries()) await expect(located(plate).getByTestId('position')).toHaveText(shown(at(i, 1)));

  // 轨迹 on the own truck's schedule: its trip from 发车 with both points and its nodes
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  await rowAction(page, rowOf(page, own.scheduleNo), '轨迹');
  await expect(page).toHaveURL(new RegExp(`/truck-track/travel-track\\?scheduleId=${own.scheduleId}`));
  await expect(page.getByTestId('trip-no')).toHaveText(own.scheduleNo);
  await expect(page.getByTestId('trip-head')).toContainText('在途');
  await expect(page.getByTestId('track-index')).toHaveText('1 / 2');
  await expect(page.getByTestId('track-position')).toHaveText(shown(at(plates.indexOf(own.truckLicensePlate), 0)));
  await expect(page.getByTestId('trip-nodes')).toContainText('发车');
  await expect(page.getByTestId('track-map').locator('canvas').first()).toBeVisible();

  for (const s of schedules) {
    await api(page, 'POST', `${S}/${s.scheduleId}/arrive`, {}); // set-up or check by API (see above), not a step a person performs
    await api(page, 'POST', `${S}/${s.scheduleId}/sign`, {}); // set-up or check by API (see above), not a step a person performs
  }
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  // a full reload of the app on a busy machine: the list may take a while to come
  for (const s of schedules) await expect(rowOf(page, s.scheduleNo)).toContainText('已签收', { timeout: 30_000 });
  const receipts = (await api(page, 'GET', `/api/v1/project-base/receipt/page?projectId=${projectId}&demandId=${a.demandId}`)).list
    .concat((await api(page, 'GET', `/api/v1/project-base/receipt/page?projectId=${projectId}&demandId=${b.demandId}`)).list) as any[];
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
  const uploaded = await (await page.request.post('/api/v1/file-base/file/upload', { headers: { 'access-token': token }, multipart: { file: { name: '回单.png', mimeType: 'image/png', buffer: png } } })).json(); // set-up or check by API (see above), not a step a person performs
  const url = uploaded.data?.url ?? uploaded.data;
  for (const r of receipts) await api(page, 'POST', `/api/v1/project-base/receipt/${r.receiptId}/upload`, { photos: [{ name: '回单.png', url }], signedBy: '码头收货员' }); // set-up or check by API (see above), not a step a person performs
  await api(page, 'POST', '/api/v1/project-base/receipt/audit-pass', { ids: receipts.map((r) => r.receiptId) }); // set-up or check by API (see above), not a step a person performs
  for (const r of receipts) expect((await api(page, 'GET', `/api/v1/project-base/receipt/${r.receiptId}`)).receiptStatus).toBe(15);

  // finance settles the carrier's truck through its bill; the report's cost includes its freight
  await as(page, 'pm');
  const carrier = schedules.find((s) => s.carrierType === 2)!;
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  const carrierRow = rowOf(page, carrier.scheduleNo);
  await expect(carrierRow).toContainText('回单已返');
  // 已结算 comes from finance: the carrier's freight in a bill the carrier confirmed (set-up by API as admin's token is not at hand: the finance e2e clicks it)
  const freight = (await api(page, 'GET', `/api/v1/project-base/cost-item/page?projectId=${projectId}&source=1&scheduleId=${carrier.scheduleId}`)).list[0]; // set-up or check by API (see above), not a step a person performs
  await as(page, 'finance');
  const bill = await api(page, 'POST', '/api/v1/finance-base/settle-bill/save', { billType: 2, supplierId: freight.supplierId, periodStart: freight.occurredDate, periodEnd: freight.occurredDate, itemIds: [freight.costItemId] }); // set-up or check by API (see above), not a step a person performs
  await api(page, 'POST', '/api/v1/finance-base/settle-bill/send', { settleBillId: bill.settleBillId }); // set-up or check by API (see above), not a step a person performs
  await api(page, 'POST', '/api/v1/finance-base/settle-bill/confirm', { settleBillId: bill.settleBillId, confirmedBy: '承运商财务' }); // set-up or check by API (see above), not a step a person performs
  await as(page, 'pm');
  await page.goto(`/project/transport-schedule/${projectId}/list`);
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

}


async function date(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

async function search(page: Page, placeholder: string, keyword: string) {
  await page.getByPlaceholder(placeholder).fill(keyword);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

test('an income contract becomes a project; its demands are dispatched, tracked, signed and settled; the report shows the margin; the demand and the contract print', async ({ page }) => {
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const contractName = `宝钢冷轧机牌坊运输合同${stamp}`;
  const projectName = `宝钢冷轧机牌坊运输${stamp}`;

  // 商务经理: the contract, submitted for approval
  await as(page, 'bizmgr');
  await page.goto(INCOME_LIST);
  await page.getByRole('button', { name: '新增收入合同' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByPlaceholder('请输入合同名称').fill(contractName);
  await pick(page, drawer, '请选择客户', '宝钢', '上海宝钢物流有限公司');
  await pick(page, drawer, '请选择负责人', '杨帆');
  await drawer.getByPlaceholder('请输入合同金额(含税)').fill('1200000');
  await date(drawer, '请选择签订日期', day(-3));
  await date(drawer, '请选择开始日期', day(-1));
  await date(drawer, '请选择结束日期', day(200));
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await search(page, '合同编号/名称', contractName);
  const contractRow = rowOf(page, contractName);
  await expect(contractRow).toContainText('待提交');
  const contractNo = (await contractRow.locator('td').nth(1).innerText()).trim();
  expect(contractNo).toMatch(/^HTS\d{10}$/);
  await rowAction(page, contractRow, '提交审核');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(contractRow).toContainText('待审核');

  // 总经理: approves, then sets up the project from the contract
  await as(page, 'gm');
  await page.goto(INCOME_LIST);
  await search(page, '合同编号/名称', contractName);
  await rowAction(page, rowOf(page, contractName), '审核');
  const approve = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await approve.getByRole('textbox').fill('同意，按期履约');
  await approve.getByRole('button', { name: /提\s*交/ }).click();
  await expect(rowOf(page, contractName)).toContainText('已通过');
  await expect(rowOf(page, contractName)).toContainText('履行中');
  await rowAction(page, rowOf(page, contractName), '创建项目');
  const projectForm = page.locator('.ant-drawer-content');
  // The action gives only the contract; its name, customer and dates arrive by the project's fill-ins.
  await expect(projectForm.getByPlaceholder('请输入项目名称')).toHaveValue(contractName);
  await expect(projectForm).toContainText('上海宝钢物流有限公司');
  await expect(projectForm.getByPlaceholder('请选择开始日期')).toHaveValue(day(-1));
  await expect(projectForm.getByPlaceholder('请选择结束日期')).toHaveValue(day(200));
  await projectForm.getByPlaceholder('请输入项目名称').fill(projectName);
  await pick(page, projectForm, '请选择业务类型', '大件');
  await pick(page, projectForm, '请选择项目经理', '沈国良');
  await pick(page, projectForm, '请选择所属部门', '运营调度部');
  await projectForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // 项目经理: submits the project for 立项
  await as(page, 'pm');
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', projectName);
  const projectRow = rowOf(page, projectName);
  await expect(projectRow).toContainText('1,200,000.00');
  await rowAction(page, projectRow, '提交审核');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(projectRow).toContainText('待审核');

  // 总经理: approves the project
  await as(page, 'gm');
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', projectName);
  await rowAction(page, rowOf(page, projectName), '审核');
  const projectApproval = page.locator('.ant-modal-content').filter({ hasText: '审核' });
  await projectApproval.getByRole('button', { name: /提\s*交/ }).click();
  await expect(rowOf(page, projectName)).toContainText('已通过');

  // 项目经理: starts it, books income and a cost on its detail, reads the margin
  await as(page, 'pm');
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', projectName);
  await rowAction(page, rowOf(page, projectName), '开始');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(rowOf(page, projectName)).toContainText('已开始');
  await rowAction(page, rowOf(page, projectName), '详情');
  await expect(page).toHaveURL(/\/project\/project-detail\/\d+$/);
  const projectUrl = page.url();

  await page.getByRole('tab', { name: '收入明细' }).click();
  await page.getByRole('button', { name: '新增收入' }).click();
  const income = page.locator('.ant-drawer-content');
  await income.getByPlaceholder('请输入摘要').fill('首批运费');
  await income.getByPlaceholder('请输入金额(含税)').fill('109000');
  await date(income, '请选择发生日期', day(0));
  await income.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  await page.getByRole('tab', { name: '成本明细' }).click();
  await page.getByRole('button', { name: '新增成本' }).click();
  const cost = page.locator('.ant-drawer-content');
  await cost.getByPlaceholder('请输入摘要').fill('500吨汽车吊租赁');
  await cost.getByPlaceholder('请输入金额(含税)').fill('22600');
  await pickByLabel(page, cost, '税率', '13', '13%');
  await pick(page, cost, '请选择发票类型', '专用', '增值税专用发票');
  await date(cost, '请选择发生日期', day(0));
  await cost.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // income 109,000 incl. 9 % → 100,000; cost 22,600 on a 13 % 专票 → 20,000; margin 80,000
  const projectId = projectUrl.match(/(\d+)$/)![1];
  await page.goto(`/project/project-report/${projectId}`);
  const report = page.getByTestId('report');
  await expect(report.locator('.ant-table-thead')).toContainText('毛利');
  const summary = report.locator('.ant-table-summary');
  await expect(summary).toContainText('100,000.00');
  await expect(summary).toContainText('20,000.00');
  await expect(summary).toContainText('80,000.00');
  await expect(summary).toContainText('80.00%');

  await page.goto(projectUrl);
  await page.getByRole('tab', { name: '全流程' }).click();
  await expect(page.getByTestId('steps-timeline')).toContainText('审核通过');
  await expect(page.getByTestId('steps-timeline')).toContainText(contractNo);

  await dispatchTwoDemands(page, Number(projectId));

  // a hidden page opened with ?projectId=: the 大件成本结算 of the demo's 220kV transformer move
  await page.goto(PROJECT_LIST);
  await search(page, '项目编号/名称', '临港—长兴220kV');
  await rowAction(page, rowOf(page, '临港—长兴220kV'), '大件成本结算');
  await expect(page).toHaveURL(/transport-bulk-cost-settle\?projectId=\d+/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('临港—长兴220kV');
  await page.getByRole('tab', { name: '车辆' }).click();
  await expect(page).toHaveURL(/projectId=\d+.*tab=truck/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '沪DK7352' })).toHaveCount(1);
  await page.getByRole('tab', { name: '汇总与申请' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('已通过');

  // the project's contract prints as an A4 page
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const project = await (await page.request.get(`/api/v1/project-base/project/${projectId}`, { headers: { 'access-token': token } })).json();
  await page.goto(`/project/print-contract-template/1/${project.data.incomeContractId}`);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toContainText('运输服务合同（收入）');
  await expect(page.getByTestId('print-doc-no')).toHaveText(contractNo);
  await expect(sheet).toContainText('上海宝钢物流有限公司');
  await expect(sheet).toContainText('壹佰贰拾万元整');
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeEnabled();
});
