import { expect, test, type Page } from '@playwright/test';
import { fillLogin, USERS } from './helpers';

/**
 * 首页 (DOMAIN §7 R21) is one dashboard definition whose cards follow the user's permissions:
 * each demo role logs in through the login page and sees the figures it runs on, with a chart
 * drawn from the demo data, and not the other roles' cards.
 */
async function loginHome(page: Page, user: 'gm' | 'dispatch' | 'finance' | 'business') {
  await fillLogin(page, USERS[user].username, USERS[user].password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

const card = (page: Page, name: string) => page.getByTestId(`card-${name}`);

/** A chart card whose ECharts canvas is drawn (not an empty or failed card). */
async function expectChart(page: Page, name: string) {
  await expect(card(page, name).locator('[data-testid="chart"] canvas')).toBeVisible();
  await expect(card(page, name).getByTestId('card-error')).toHaveCount(0);
}

const figure = (page: Page, name: string) => card(page, name).locator('.ant-statistic-content-value');

test('总经理 sees projects by status, receivables and the year\'s margin', async ({ page }) => {
  await loginHome(page, 'gm');
  await expectChart(page, 'projects-by-state');
  await expectChart(page, 'income-margin');
  await expect(figure(page, 'receivable')).toHaveText(/^-?[\d,]+\.\d{2}$/);
  await expect(figure(page, 'projects-running')).toHaveText(/^\d+$/);
  await expect(card(page, 'approvals')).toBeVisible();
  // the dispatcher's and the finance manager's own cards are not the general manager's
  await expect(card(page, 'schedules-by-status')).toHaveCount(0);
  await expect(card(page, 'cost-by-type')).toHaveCount(0);
  // a figure leads to its list
  await card(page, 'projects-by-state').getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/project\/project-list$/);
});

test('调度主管 sees trucks dispatched today, in transit and schedules by status', async ({ page }) => {
  await loginHome(page, 'dispatch');
  await expectChart(page, 'schedules-by-status');
  await expectChart(page, 'dispatch-trend');
  for (const name of ['dispatched-today', 'departed-today', 'in-transit', 'exceptions']) await expect(figure(page, name)).toHaveText(/^\d+$/);
  await expect(card(page, 'in-transit')).toContainText('辆');
  await expect(card(page, 'schedules-in-transit')).toBeVisible();
  // no project, finance or customer figures for a dispatcher: the server would refuse their calls
  for (const name of ['projects-by-state', 'receivable', 'income-cost', 'customer-total']) await expect(card(page, name)).toHaveCount(0);
});

test('财务经理 sees income and cost by month, receivables and payables, cost types and payment nodes', async ({ page }) => {
  await loginHome(page, 'finance');
  await expectChart(page, 'income-cost');
  await expectChart(page, 'receivable-payable');
  await expectChart(page, 'cost-by-type');
  await expect(figure(page, 'receivable')).toHaveText(/^-?[\d,]+\.\d{2}$/);
  await expect(figure(page, 'payable')).toHaveText(/^-?[\d,]+\.\d{2}$/);
  for (const name of ['projects-by-state', 'schedules-by-status', 'dispatched-today', 'income-margin']) await expect(card(page, name)).toHaveCount(0);
});

test('商务专员 sees their open clues, enquiries awaiting quotes, this month\'s quotations, the win rate and their enquiries by month', async ({ page }) => {
  await loginHome(page, 'business');
  await expectChart(page, 'enquiries-by-month');
  for (const name of ['my-clues-open', 'clues-new-month', 'enquiries-quoting', 'quotations-month']) await expect(figure(page, name)).toHaveText(/^\d+$/);
  await expect(card(page, 'my-clues-open')).toContainText('条');
  // a rate, or - while no quotation of the year has an answer from the customer
  await expect(figure(page, 'quote-win-rate')).toHaveText(/^(\d+(\.\d+)?%|-)$/);
  // the latest enquiries they started, each leading to its record
  const latest = card(page, 'my-enquiries');
  await expect(latest.locator('a[href*="enquiryId="]').first()).toBeVisible();
  for (const name of ['my-clues-open', 'clues-new-month', 'enquiries-quoting', 'quotations-month', 'quote-win-rate', 'enquiries-by-month', 'my-enquiries']) {
    await expect(card(page, name).getByTestId('card-error')).toHaveCount(0);
  }
  // no project, dispatch or finance figures for a salesperson
  for (const name of ['projects-by-state', 'schedules-by-status', 'dispatched-today', 'income-cost', 'payable']) await expect(card(page, name)).toHaveCount(0);
  // the open clues lead to their own clues in the list
  await card(page, 'my-clues-open').getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/business\/clue\/clue-list\?mine=true/);
});

test('调度主管 sees none of the salesperson\'s cards', async ({ page }) => {
  await loginHome(page, 'dispatch');
  await expect(card(page, 'in-transit')).toBeVisible();
  for (const name of ['my-clues-open', 'enquiries-quoting', 'quote-win-rate', 'enquiries-by-month', 'my-enquiries']) await expect(card(page, name)).toHaveCount(0);
});
