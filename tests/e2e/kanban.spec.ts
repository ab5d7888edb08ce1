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
  // set-up: the dispatcher sends a loaded truck on its way (their screens are covered by dispatch.spec);
  // when other specs went first and no truck is loaded, a dispatched one (else a draft) is brought to 装车
  const headers = { 'access-token': await apiToken(request, 'dispatch') };
  const S = '/api/v1/project-base/transport-schedule';
  type Schedule = { scheduleId: number; scheduleNo: string };
  const inState = async (status: number): Promise<Schedule[]> => (await (await request.get(`${S}/page?scheduleStatus=${status}&pageSize=10`, { headers })).json()).data.list; // set-up or check by API (see above), not a step a person performs
  const step = async (id: number, name: string, data: Record<string, unknown> = {}) => (await (await request.post(`${S}/${id}/${name}`, { headers, data: { data } })).json()).code === 0; // set-up or check by API (see above), not a step a person performs
  const LOAD = { loadedPieces: 1, loadedWeight: '12.500', permitNo: '沪超2026E2E01', permitExpiry: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10) };
  let loaded: Schedule | undefined = (await inState(15))[0];
  if (!loaded) for (const s of await inState(10)) if (await step(s.scheduleId, 'load', LOAD)) { loaded = s; break; }
  if (!loaded) for (const s of await inState(0)) if ((await step(s.scheduleId, 'dispatch')) && (await step(s.scheduleId, 'load', LOAD))) { loaded = s; break; }
  expect(loaded, 'a schedule of the demo to send on its way').toBeTruthy();
  expect(await step(loaded!.scheduleId, 'depart')).toBe(true);

  // the board re-reads on the node's event, long before its 60 s refresh, with no reload
  await expect(value(page, 'in-transit')).toHaveText(String(inTransit + 1), { timeout: 15_000 });
  await expect(value(page, 'departed-today')).toHaveText(String(departed + 1));
  await expect(page.getByTestId('node-feed-line').first()).toContainText(`发车 · ${loaded!.scheduleNo}`);
  expect(await page.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);

  // the way out of the screen leads back to the portal
  await page.getByTestId('screen-leave').click();
  await expect(page).toHaveURL(/\/kanban-portal$/);
});
