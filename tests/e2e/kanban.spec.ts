/**
 * 看板门户 → 数据看板 as the 大屏看板 login (DOMAIN §7 R18/R19): the portal's tiles, the board as
 * a 1920×1080 dark screen without the shell, its figures, and a schedule step (made by the
 * dispatcher through the API as set-up) reaching the board live over the real-time channel,
 * without a reload.
 */
import { expect, test } from '@playwright/test';
import { apiToken, fillLogin } from './helpers';

const value = (page: import('@playwright/test').Page, card: string) => page.getByTestId(`card-${card}`).locator('.ant-statistic-content-value');

test('the screen login opens the board from the portal and sees a departure arrive live', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await fillLogin(page, 'screen', 'Screen@123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.locator('.ant-menu').getByText('统计报表', { exact: true }).click();
  await page.locator('.ant-menu').getByText('看板门户', { exact: true }).click();
  await expect(page).toHaveURL(/\/kanban-portal$/);
  for (const tile of ['screen-board', 'truck-board', 'warehouse-board']) await expect(value(page, tile)).toHaveText(/^\d+$/);
  await page.getByTestId('card-screen-board').getByRole('link', { name: '进入运营大屏' }).click();

  await expect(page).toHaveURL(/\/kanban$/);
  await expect(page.getByTestId('screen-title')).toHaveText('数据看板');
  // the canvas fills the 1920×1080 window, with no shell around it
  const box = (await page.getByTestId('screen-canvas').boundingBox())!;
  expect(Math.round(box.width)).toBe(1920);
  expect(Math.round(box.height)).toBe(1080);
  await expect(page.locator('.ant-layout-sider, .ant-menu')).toHaveCount(0);
  await expect(page.getByTestId('screen-clock')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 星期/);
  for (const card of ['in-transit', 'departed-today', 'arrived-month', 'receipt-overdue', 'ton-km-month', 'in-month', 'out-month']) await expect(value(page, card)).toHaveText(/^[\d,.]+$/);
  await expect(value(page, 'income-month')).toHaveText(/^-?[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('card-provinces').getByTestId('chart')).toBeVisible();
  await expect(page.getByTestId('card-on-time').getByTestId('chart')).toBeVisible();
  await expect(page.getByTestId('node-feed-line').first()).toBeVisible();
  await expect(page.getByTestId('screen-live')).toHaveText(/实时/);

  const inTransit = Number(await value(page, 'in-transit').innerText());
  const departed = Number(await value(page, 'departed-today').innerText());
  // a mark on this very document: still there afterwards means no reload happened
  await page.evaluate(() => { (window as unknown as { boardMark: number }).boardMark = 1; });
  // set-up: the dispatcher sends a loaded truck on its way (their screen is covered by dispatch.spec);
  // when no truck is loaded (another spec went first) a dispatched one is loaded first
  const dispatch = await apiToken(request, 'dispatch');
  const headers = { 'access-token': dispatch };
  const first = async (status: number) => (await (await request.get(`/api/v1/project-base/transport-schedule/page?scheduleStatus=${status}&pageSize=1`, { headers })).json()).data.list[0] as { scheduleId: number; scheduleNo: string } | undefined; // set-up or check by API (see above), not a step a person performs
  const step = async (id: number, name: string, data: Record<string, unknown> = {}) => {
    const res = await (await request.post(`/api/v1/project-base/transport-schedule/${id}/${name}`, { headers, data: { data } })).json(); // set-up or check by API (see above), not a step a person performs
    expect(res.code, res.msg).toBe(0);
  };
  let loaded = await first(15);
  if (!loaded) {
    loaded = await first(10);
    expect(loaded, 'a dispatched schedule in the demo').toBeTruthy();
    await step(loaded!.scheduleId, 'load', { loadedPieces: 1, loadedWeight: '12.500', permitNo: '沪超2026E2E01', permitExpiry: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10) });
  }
  await step(loaded!.scheduleId, 'depart');

  // the board re-reads on the node's event, long before its 60 s refresh, with no reload
  await expect(value(page, 'in-transit')).toHaveText(String(inTransit + 1), { timeout: 15_000 });
  await expect(value(page, 'departed-today')).toHaveText(String(departed + 1));
  await expect(page.getByTestId('node-feed-line').first()).toContainText(`发车 · ${loaded!.scheduleNo}`);
  expect(await page.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);
});
