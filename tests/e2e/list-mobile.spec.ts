import { expect, test } from '@playwright/test';
import { dismissNotices, fillLogin, USERS } from './helpers';

/**
 * Lists for people: on a phone a list is cards (a record's name, key fields, its actions) and a
 * card opens its record; on a desktop a link column is a real link, so the record's detail opens
 * in a new tab as well.
 */
const LIST = '/business/clue/customer-list';

// two sign-ins and three page loads each: a busy 2-core machine needs more than the default minute
test.describe.configure({ timeout: 120_000 });

test('on a 390 px phone the customer list is cards, and a card opens its customer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fillLogin(page, USERS.admin.username, USERS.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(LIST);
  await dismissNotices(page);
  const cards = page.getByTestId('list-card');
  // the list's chunks and first page: allow for a loaded machine
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(page.locator('.ant-table')).toHaveCount(0);
  const first = cards.first();
  const title = first.locator('a[href*="customerId="]').first();
  const name = (await title.innerText()).trim();
  expect(name.length).toBeGreaterThan(1);
  // key fields as label: value, and the row's actions under one menu
  await expect(first.getByText('简称：')).toBeVisible();
  await expect(first.getByRole('button', { name: '操作' })).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  // the card is wide enough to read: it fits the phone's width
  const box = await first.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.width).toBeGreaterThan(250);
  // the query bar's keyword box lies inside the list's card, not sticking out of it
  const listCard = (await page.locator('.ant-card').filter({ has: page.getByTestId('query-bar') }).first().boundingBox())!;
  const keyword = (await page.getByTestId('query-bar').getByTestId('query-keyword').boundingBox())!;
  expect(keyword.width).toBeGreaterThan(100);
  expect(keyword.x).toBeGreaterThanOrEqual(listCard.x);
  expect(keyword.x + keyword.width).toBeLessThanOrEqual(listCard.x + listCard.width);

  await title.click();
  const detail = page.getByTestId('detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(detail.locator('h4').first()).toContainText(name);
});

test('on a desktop a link column\'s href opens the record\'s detail in a new page', async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await fillLogin(page, USERS.admin.username, USERS.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(LIST);
  await dismissNotices(page);
  const link = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('a[href*="customerId="]').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  const name = (await link.innerText()).trim();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/business\/clue\/customer-list\?(.*&)?customerId=\d+$/);

  // what 在新标签页打开 does: a fresh page of the same browser visiting the href
  const tab = await context.newPage();
  await tab.goto(href!);
  const detail = tab.getByTestId('detail');
  await expect(detail).toBeVisible({ timeout: 30_000 });
  await expect(detail.locator('h4').first()).toContainText(name);
  await tab.close();

  // a plain click still opens it in the app
  await link.click();
  await expect(page.getByTestId('detail').locator('h4').first()).toContainText(name, { timeout: 20_000 });
});
