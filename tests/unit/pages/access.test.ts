/**
 * Route access of seed 000 §2.4 and §6, checked on the real page definitions through the
 * runtime's own route builder (the same code the browser runs).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildRoutes, routeAllowed, type PageFiles } from '../../../runtime/router/routes';
import type { PageDef } from '../../../runtime/router/types';

const root = join(__dirname, '../../..');
function load(dir: string, out: PageFiles = {}): PageFiles {
  for (const name of readdirSync(join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) load(rel, out);
    else if (name.endsWith('.json')) out[`/${rel}`] = JSON.parse(readFileSync(join(root, rel), 'utf8')) as PageDef;
  }
  return out;
}
const routes = buildRoutes(load('pages'));
const route = (path: string) => {
  const r = routes.find((x) => x.def.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};
const can = (roles: string[], path: string) => routeAllowed(route(path), roles);

describe('every route of the seed exists with its flags', () => {
  const paths = [
    '/dashboard', '/logistics/logistic/list', '/logistics/crawler/list', '/user/system/operation-log', '/user/system/wechat-message-record',
    '/organization/company-admin-list', '/organization/process-template-list', '/transport-resource/bulk-config',
    '/inventory/work-order-list', '/inventory/inventory-config', '/business/clue/customer-list', '/business/clue/enquiry-seq-quote-message',
    '/income/individual-driver-income-list', '/contract/income-contract/cost-contract-list', '/project/project-list',
    '/project/project-detail/:projectId', '/project/transport-schedule/:projectId/list-with-process', '/project/transshipment-finance/:projectId',
    '/truck-track/location-track', '/finance/finance-settle-bill/customer-settle-list', '/finance/income-cost-report',
    '/digital-asset/category-designer', '/stat/matters', '/cost-model/unit-cost', '/project/print-contract-template/:type/:id',
    '/inventory/print-contract-template/:id', '/delivery-out-print/:id', '/material-in-print/:id', '/demand-print/:id',
  ];
  it.each(paths)('%s', (p) => expect(route(p).def.meta.title).toBeTruthy());
  it('hidden routes keep their paths but have no menu entry', () => {
    for (const p of ['/project/project-detail/:projectId', '/inventory/material-in-storage-list', '/business/clue/enquiry-seq-quote-message', '/digital-asset/category-designer', '/demand-print/:id']) {
      expect(route(p).def.meta.hidden, p).toBe(true);
    }
  });
  it('the dashboard is the affixed home tab', () => {
    expect(route('/dashboard').def.meta).toMatchObject({ title: '首页', affix: true });
  });
});

describe('role rules of seed 000 §6', () => {
  it('only group management sees the group structure', () => {
    expect(can(['集团管理'], '/organization/company-admin-list')).toBe(true);
    expect(can(['公司管理'], '/organization/company-admin-list')).toBe(false);
  });
  it('the organisation area needs company or group management', () => {
    expect(can(['公司管理'], '/organization/management')).toBe(true);
    expect(can(['集团管理'], '/organization/role-list')).toBe(true);
    expect(can(['商务'], '/organization/management')).toBe(false);
  });
  it('dispatch view, edit and extra roles grant the contract area and the cost-contract list only', () => {
    for (const r of ['调度:查看', '调度:编辑', '调度:额外操作']) {
      expect(can([r], '/contract/income-contract/cost-contract-list'), r).toBe(true);
      expect(can([r], '/contract/income-contract/income-contract-list'), r).toBe(false);
    }
  });
  it('the dispatch role alone grants vehicle location and dispatched-truck tracks', () => {
    expect(can(['调度'], '/truck-track/location-track')).toBe(true);
    expect(can(['调度'], '/truck-track/travel-track')).toBe(true);
    expect(can(['调度'], '/truck-track/truck-dashboard')).toBe(false);
  });
  it('reconciliation needs the reconcile role', () => {
    expect(can(['财务:对账'], '/finance/finance-settle-bill/supplier-settle-list')).toBe(true);
    expect(can(['财务:配置'], '/finance/finance-settle-bill/supplier-settle-list')).toBe(false);
  });
  it('a sub-role sees its own route: crawler info needs its sub-role', () => {
    expect(can(['物流情报:爬虫信息'], '/logistics/crawler/list')).toBe(true);
    expect(can(['物流情报'], '/logistics/crawler/list')).toBe(true);
    expect(can(['系统管理'], '/logistics/crawler/list')).toBe(false);
  });
  it('the business user sees the business area and nothing of finance or system', () => {
    const business = ['首页', '商务'];
    expect(can(business, '/business/clue/customer-list')).toBe(true);
    expect(can(business, '/business/clue/enquiry-list')).toBe(true);
    expect(can(business, '/finance/config')).toBe(false);
    expect(can(business, '/user/system/system-config')).toBe(false);
  });
});
