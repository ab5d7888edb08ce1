/**
 * 在途车辆 in the browser, as 何俊 (调度主管: 调度, 运力资源, 在途车辆): positions a GPS provider
 * pushes to the ingest show on 车辆位置 and the truck moves there live, without a reload; 派车轨迹
 * plays the truck's path back; 车辆看板 shows its expired inspection. The demo feeder is off (playwright.config.ts): only this spec moves
 * 沪D1236挂, a demo truck that never reported.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { fillLogin } from './helpers';

const KEY = process.env.GPS_INGEST_KEY ?? 'e2e-gps-key';
const PLATE = '沪D1236挂';

async function push(request: APIRequestContext, points: { time: number; lng: number; lat: number; speed: number; direction: number }[]) {
  const res = await request.post('/api/v1/project-base/track/ingest', { // set-up or check by API (see above), not a step a person performs
    headers: { 'x-gps-key': KEY },
    data: { data: { points: points.map((p) => ({ plate: PLATE, ...p })) } },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  expect(body.data.accepted).toBe(points.length);
}

test('positions pushed by the provider appear on the map list, move live, and play back', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Twenty minutes along the 沪宁 expressway, a point a minute.
  const start = Date.now() - 21 * 60_000;
  await push(request, Array.from({ length: 20 }, (_, i) => ({ time: start + i * 60_000, lng: 121.2 - i * 0.02, lat: 31.3 + i * 0.004, speed: 64, direction: 290 })));

  await fillLogin(page, 'dispatch', 'Dispatch@123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/truck-track/location-track');
  // the map's chunk and outline are the heaviest of the app: a first load may take a while
  await expect(page.getByTestId('location-map').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PLATE });
  await expect(row.getByTestId('position')).toHaveText('120.82000, 31.37600');
  await expect(row.getByTestId('motion-tag')).toHaveText('行驶');

  // Live: once the page watches the positions topic, a new point moves the truck in place.
  await expect(page.getByText(/实时 · 已收到/)).toBeVisible();
  await push(request, [{ time: Date.now() - 1000, lng: 120.79, lat: 31.38, speed: 0, direction: 290 }]);
  await expect(row.getByTestId('position')).toHaveText('120.79000, 31.38000');
  await expect(row.getByTestId('motion-tag')).toHaveText('停车');
  await expect(page.getByText('实时 · 已收到1条')).toBeVisible();

  // 轨迹 opens 派车轨迹 for this truck: its 21 points, played back.
  await row.getByRole('link', { name: '轨迹' }).click();
  await expect(page).toHaveURL(/\/truck-track\/travel-track\?plate=/);
  await expect(page.getByTestId('track-index')).toHaveText('1 / 21');
  await expect(page.getByTestId('track-position')).toHaveText('121.20000, 31.30000');
  await expect(page.getByTestId('track-map').locator('canvas').first()).toBeVisible();
  // Fastest speed, play, and the truck runs to the end of its path.
  const speed = page.getByRole('slider', { name: '回放速度' });
  await speed.focus();
  await page.keyboard.press('End');
  await expect(page.getByText('倍速 ×3000')).toBeVisible();
  await page.getByTestId('track-play').click();
  await expect(page.getByTestId('track-play')).toHaveText(/暂\s*停/);
  await expect(page.getByTestId('track-index')).toHaveText('21 / 21', { timeout: 15_000 });
  await expect(page.getByTestId('track-position')).toHaveText('120.79000, 31.38000');
  await expect(page.getByTestId('track-play')).toHaveText(/播\s*放/);

  // 车辆看板: the truck is in 停车 now, and its expired inspection is among the licence warnings.
  await page.goto('/truck-track/truck-dashboard');
  await expect(page.getByTestId('online-gauge').locator('canvas').first()).toBeVisible();
  const warning = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PLATE }).filter({ hasText: '检验有效期' });
  await expect(warning.getByText('检验有效期已过期, 请及时更新')).toBeVisible();
});
