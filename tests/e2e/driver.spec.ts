import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dismissNotices, rowAction, rowOf, switchTo } from './helpers';

// The driver's page (issue 21) by clicks: 何俊 (调度) confirms 派车 from the schedule's row; the
// 派车通知 in 短信发送记录 carries the link; the driver opens it on a phone (360×740, faked
// geolocation), agrees to share the position, and moves the truck 装车 → 发车 → 到达 → 签收 and
// photographs the 回单; the position shows on 车辆位置 as 司机端, live; 沈国良 (项目经理)
// approves the 回单. API calls only set up the demand and the draft schedule and read results back.
const PROJECT = '中远海运岸桥配件运输';
test.use({ actionTimeout: 20_000 });

async function step(page: Page, row: Locator, name: string, done = `${name}成功`) {
  await rowAction(page, row, name);
  const dialog = page.locator('.ant-modal-content:visible').last();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(done).first()).toBeVisible();
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

test('派车 sends the driver a link; the phone moves the truck, shares its position and sends the 回单', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const cargo = `岸桥小车架${stamp}`;
  const phone = `139${String(Date.now()).slice(-8)}`;

  // Set-up by API (not a step under test): a submitted demand and a draft schedule with an idle own truck.
  await switchTo(page, 'pm');
  const projectId = (await api(page, 'GET', `/api/v1/project-base/project/page?keyword=${encodeURIComponent(PROJECT)}`)).list[0].projectId as number;
  const demand = await api(page, 'POST', '/api/v1/project-base/transport-demand/save', { // set-up
    projectId, cargoName: cargo, pieces: 2, weight: '12.500', truckCount: 1, loadRegionCode: '310115', loadAddress: '洋山港四期码头岸桥组装区',
    loadContact: '周工', loadPhone: '13900001111', unloadRegionCode: '330206', unloadAddress: '宁波北仑港区穿山码头', unloadContact: '吴工', unloadPhone: '13900002222',
    planLoadTime: new Date(Date.now() + 86400_000).toISOString(), distanceKm: 235,
  });
  await api(page, 'POST', '/api/v1/project-base/transport-demand/submit', { demandId: demand.demandId }); // set-up
  await switchTo(page, 'dispatch');
  const trucks = (await api(page, 'GET', '/api/v1/project-base/company-truck/page?status=1&pageSize=50')).list as { truckId: number; truckLicensePlate: string }[];
  const truck = trucks.find((t) => !/挂$/.test(t.truckLicensePlate)) ?? trucks[0]!;
  const draft = await api(page, 'POST', '/api/v1/project-base/transport-schedule/save', { // set-up: the draft a person then confirms by clicks
    demandId: demand.demandId, carrierType: 1, companyTruckId: truck.truckId, driverName: '高志刚', driverPhone: phone,
  });

  // 调度: 派车确认 from the schedule's row
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('调度单号/车牌/司机').fill(draft.scheduleNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = rowOf(page, draft.scheduleNo);
  await expect(row).toContainText('草稿');
  await step(page, row, '派车确认');
  await expect(row).toContainText('已派车');

  // The schedule's 司机链接 tab: a QR code and the address, not opened yet.
  await row.locator('a').filter({ hasText: draft.scheduleNo }).first().click();
  const drawer = page.locator('.ant-drawer-content').filter({ has: page.getByTestId('detail') });
  await drawer.getByRole('tab', { name: '司机链接' }).click();
  await expect(drawer.getByTestId('driver-link-state')).toHaveText('有效');
  await expect(drawer.getByTestId('driver-link-qr')).toBeVisible();
  await expect(drawer.getByTestId('driver-link-opened')).toHaveText('司机尚未打开');
  const shownUrl = (await drawer.getByTestId('driver-link-url').innerText()).trim();

  // 系统管理 › 短信发送记录: the 派车通知 to the driver holds the link.
  await switchTo(page, 'admin');
  await page.goto('/user/system/short-message-send-record');
  await dismissNotices(page);
  await page.getByPlaceholder('手机号', { exact: true }).fill(phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const sms = rowOf(page, phone).first();
  await expect(sms).toContainText('/driver/');
  await sms.locator('a').first().click();
  const smsDetail = page.locator('.ant-drawer-content').filter({ has: page.getByTestId('detail') });
  const content = await smsDetail.getByText(/\/driver\//).first().innerText();
  const link = /(\/driver\/[A-Za-z0-9_-]{32})/.exec(content)![1]!;
  expect(shownUrl.endsWith(link)).toBe(true);

  // The driver's phone: no login, a 360 px screen, the position faked at 洋山港.
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'zh-CN',
    geolocation: { latitude: 30.6253, longitude: 122.0640 }, permissions: ['geolocation'] });
  const driver = await phoneContext.newPage();
  await driver.goto(link);
  await expect(driver.getByTestId('driver-status')).toHaveText('已派车');
  await expect(driver.getByText('洋山港四期码头岸桥组装区')).toBeVisible();
  await expect(driver.getByRole('link', { name: '13900001111' })).toHaveAttribute('href', 'tel:13900001111');
  await expect(driver.getByText(/运费|¥/)).toHaveCount(0);
  // nothing wider than the phone's screen
  expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // 装车 (pieces and weight filled from the 托运单), then positions shared
  await driver.getByTestId('driver-next').click();
  await expect(driver.getByTestId('driver-status')).toHaveText('已装车');
  await driver.getByTestId('driver-share').click();
  await expect(driver.getByTestId('driver-geo')).toContainText('上次定位');
  await driver.getByTestId('driver-next').click();
  await expect(driver.getByTestId('driver-status')).toHaveText('运输中');

  // 调度: 车辆位置 shows the truck where the phone is (GCJ-02), from 司机端, and it moves live.
  await switchTo(page, 'dispatch');
  await page.goto('/truck-track/location-track');
  await expect(page.getByTestId('location-map').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  const pos = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: truck.truckLicensePlate });
  await page.getByPlaceholder('车牌号').fill(truck.truckLicensePlate);
  await expect(pos.getByTestId('position-source')).toHaveText('司机端');
  await expect(pos.getByTestId('position')).toHaveText(/^122\.06\d+, 30\.62\d+$/);
  await expect(page.getByText(/实时 · 已收到/)).toBeVisible();
  await phoneContext.setGeolocation({ latitude: 30.0, longitude: 121.6 });
  await driver.reload(); // the page samples on opening (and every minute after)
  await expect(driver.getByTestId('driver-geo')).toContainText('上次定位');
  await expect(pos.getByTestId('position')).toHaveText(/^121\.60\d+, 29\.99\d+$/);

  // 到达, 签收, and the 回单 photographed in two pages
  await driver.getByTestId('driver-next').click();
  await expect(driver.getByTestId('driver-status')).toHaveText('已到达');
  await driver.getByTestId('driver-next').click();
  await expect(driver.getByTestId('driver-status')).toHaveText('已签收');
  await driver.getByTestId('receipt-photos').setInputFiles([
    { name: 'p1.png', mimeType: 'image/png', buffer: PNG }, { name: 'p2.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(driver.getByText('继续拍摄（已2张）')).toBeVisible();
  await driver.getByTestId('driver-receipt').click();
  await expect(driver.getByText('回单已上传，等待审核').first()).toBeVisible();
  await phoneContext.close();

  // 调度 sees the link opened and the driver's steps
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('调度单号/车牌/司机').fill(draft.scheduleNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(row).toContainText('已签收');
  await row.locator('a').filter({ hasText: draft.scheduleNo }).first().click();
  await drawer.getByRole('tab', { name: '司机链接' }).click();
  await expect(drawer.getByTestId('driver-link-opened')).toContainText('首次');
  await expect(drawer.getByTestId('driver-steps')).toContainText('签收');
  await expect(drawer.getByTestId('driver-steps')).toContainText('司机 高志刚');

  // 项目经理 approves the 回单 from the schedule's 回单 tab
  await switchTo(page, 'pm');
  await page.goto(`/project/transport-schedule/${projectId}/list`);
  await dismissNotices(page);
  await page.getByPlaceholder('调度单号/车牌/司机').fill(draft.scheduleNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await row.locator('a').filter({ hasText: draft.scheduleNo }).first().click();
  await drawer.getByRole('tab', { name: '回单' }).click();
  const receiptRow = drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '待审核' }).first();
  await expect(receiptRow).toContainText('吴工');
  await step(page, receiptRow, '审核通过');
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('已确认');
  // Read back (not a step): the receipt came back, so the schedule is 回单已返.
  await expect.poll(async () => (await api(page, 'GET', `/api/v1/project-base/transport-schedule/${draft.scheduleId}`)).scheduleStatus).toBe(40);
});
