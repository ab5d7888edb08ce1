import { expect, test, type Page } from '@playwright/test';
import { api, fillLogin, rowAction, rowOf } from './helpers';

// 岗位系数 of a 出库单 (issue 18), as 顾卫东 (wh): the dialog gives its table of posts, staff and times
// the seed's column width, the crew's 开始时间/结束时间 are time pickers (HH:mm:ss), and an end
// before the start is refused in the browser with the server's sentence.
test.use({ actionTimeout: 20_000, viewport: { width: 1600, height: 900 } });

async function asKeeper(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, 'wh', 'Wh@123');
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function pickTime(page: Page, input: ReturnType<Page['getByPlaceholder']>, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test('岗位系数: time pickers for the crew, 结束时间须晚于开始时间, the dialog as wide as its five columns', async ({ page }) => {
  await asKeeper(page);
  // set-up: a demo delivery whose crew the seeder recorded (check by API)
  const list = (await api(page, 'GET', '/api/v1/inventory-base/delivery/page?status=20&pageSize=50')).list as any[];
  const d = list.find((x) => Array.isArray(x.workPostRatio) && x.workPostRatio.length) ?? list[0];
  expect(d).toBeTruthy();
  await page.goto('/inventory/delivery');
  await rowAction(page, rowOf(page, d.deliveryNo), '岗位系数');
  const dialog = page.locator('.ant-modal-content:visible').last();
  await expect(dialog.getByTestId('transition-form')).toBeVisible();
  // five columns of at least 240px, 序号 and 操作: the dialog is not squeezed to 1000px
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(5 * 240 + 130);
  await page.screenshot({ path: test.info().outputPath('work-post-ratio.png') });

  if (!(await dialog.getByPlaceholder('请选择开始时间').count())) await dialog.getByRole('button', { name: /添加/ }).click();
  const start = dialog.getByPlaceholder('请选择开始时间').first();
  const end = dialog.getByPlaceholder('请选择结束时间').first();
  await pickTime(page, start, '10:30:00');
  await pickTime(page, end, '08:00:00');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toContainText('岗位系数第1行：结束时间须晚于开始时间');

  await pickTime(page, end, '12:00:00');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  // check by API: the times are stored as the picker wrote them
  const saved = await api(page, 'GET', `/api/v1/inventory-base/delivery/${d.deliveryId}`);
  expect(saved.workPostRatio[0]).toMatchObject({ startAt: '10:30:00', endAt: '12:00:00' });
});
