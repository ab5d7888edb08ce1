/**
 * 财务 (潘文娟) reads the ledger the projects and dispatch wrote, by clicks: the project report
 * over every project, the cost items of one project with their Excel export, and the monthly
 * summary whose totals are the same rows'.
 */
import { expect, test } from '@playwright/test';
import { api, dismissNotices, loginAs, pick, rowOf } from './helpers';

test('finance reads the project report, the items of a project and exports them, and the monthly summary', async ({ page }) => {
  await loginAs(page, 'finance');
  await dismissNotices(page);

  // 项目报表: one row per project with its income, cost and margin
  const menu = page.locator('.ant-layout-sider .ant-menu');
  // the group may already be open (the menu's open groups follow the person)
  if (!(await menu.getByText('项目报表', { exact: true }).isVisible())) await menu.getByText('财务管理').click();
  await menu.getByText('项目报表', { exact: true }).click();
  await expect(page).toHaveURL(/\/finance\/project-report$/);
  const project = '振华QC-2309岸桥部件仓储配送';
  await expect(rowOf(page, project)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '毛利率' })).toBeVisible();

  // 财务明细报表 → 成本明细 of that project, exported
  await menu.getByText('财务明细报表', { exact: true }).click();
  await page.getByRole('tab', { name: '成本明细' }).click();
  const pane = page.getByRole('tabpanel', { name: '成本明细' });
  await pick(page, pane.locator('.ant-form-item').filter({ has: page.getByText('项目', { exact: true }) }), '请选择', '振华QC', project);
  await pane.getByRole('button', { name: /查\s*询/ }).click();
  await expect(pane.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(project);
  const rows = pane.locator('.ant-table-tbody tr.ant-table-row');
  const shown = await rows.count();
  for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText(project);
  const download = page.waitForEvent('download');
  await pane.getByRole('button', { name: /导出Excel/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // 财务明细汇总报表: income and cost by 收支类型 (its default grouping); its totals agree with the project report's
  // (read through the API to compare the two, not a step)
  await menu.getByText('财务明细汇总报表', { exact: true }).click();
  await expect(page.getByRole('columnheader', { name: '成本(不含税)' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr').filter({ visible: true }).filter({ hasText: /^\s*外协运费/ }).first()).toBeVisible();
  const summary = await api(page, 'GET', '/api/v1/finance-base/finance-report/detail-sum?dims=month');
  const byProject = await api(page, 'GET', '/api/v1/finance-base/finance-report/project?dims=projectId');
  expect(Number(summary.summary.cost)).toBeGreaterThan(0);
  expect(Number(summary.summary.cost)).toBeCloseTo(Number(byProject.summary.cost), 2);
  expect(Number(summary.summary.income)).toBeCloseTo(Number(byProject.summary.income), 2);
});
