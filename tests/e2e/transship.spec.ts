import { expect, test, type Page } from '@playwright/test';
import { fillLogin } from './helpers';

// 转运入库 (仓库) and 转运财务 (项目): the system administrator reads the Shanghai yard's
// transshipments; 沈国良 (项目经理) opens 振华QC-2309's 转运财务, generates its 堆存费 income and
// 短驳 cost once, and is told there is nothing left the second time.
test.use({ actionTimeout: 20_000 });

async function as(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('转运入库 lists the yard\'s transshipments; 转运财务 generates income and cost once', async ({ page, request }) => {
  await as(page, 'admin', 'Admin@123');
  await page.goto('/inventory/transship-in');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(15);
  await expect(page.locator('.ant-table-tbody').getByText('已转出').first()).toBeVisible();

  const login = await (await request.post('/api/v1/auth/login', { data: { data: { username: 'pm', password: 'Pm@123' } } })).json(); // set-up or check by API (see above), not a step a person performs
  const token = login.data.token as string;
  const projects = await (await request.get('/api/v1/project-base/project/page?keyword=振华QC-2309', { headers: { 'access-token': token } })).json();
  const projectId = projects.data.list[0].projectId as number;

  await as(page, 'pm', 'Pm@123');
  await page.goto(`/project/transshipment-finance/${projectId}`);
  await expect(page.getByText('转运堆存与短驳')).toBeVisible();
  const table = page.locator('.ant-table-tbody');
  await expect(table).toContainText('收入合同');
  await expect(table).toContainText('2,016.00');
  await page.getByRole('button', { name: '生成收入/成本' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }).or(page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' })).click();
  await expect(page.getByText('生成收入/成本成功')).toBeVisible();
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: '生成收入/成本' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }).or(page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' })).click();
  await expect(page.getByText(/没有需要生成的转运收入\/成本/)).toBeVisible();
});
