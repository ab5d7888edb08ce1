/** A message opens its subject: the eventType enumeration's route with the subject's id (DOMAIN §6.1). */
import { describe, expect, it } from 'vitest';
import { eventRoute } from '../../../runtime/realtime/types';
import { enumValues } from '../../../runtime/reference/enums';
import pages from '../../../runtime/generated/pages.json';
import catalogue from '../../../schemas/generated/catalogue.json';
import entities from '../../../schemas/generated/entities.json';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

type ListDef = { api: { page: string }; detail?: unknown; rowKey?: string };
type PageDef = { path?: string; list?: ListDef; tabs?: { key: string; list?: ListDef }[] };
const root = join(__dirname, '../../..');
const pageFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? pageFiles(join(dir, d.name)) : d.name.endsWith('.json') ? [join(dir, d.name)] : []));
const pageDefs = pageFiles(join(root, 'pages')).map((f) => JSON.parse(readFileSync(f, 'utf8')) as PageDef);

describe('eventRoute', () => {
  it('puts the subject into the page that opens it, in the query or in the path', () => {
    expect(eventRoute(7, 70)).toBe('/business/clue/enquiry-list?enquiryId=70');
    expect(eventRoute(6, 12)).toBe('/project/project-detail/12');
    expect(eventRoute(9, 5)).toBe('/project/transport-schedule-list?scheduleId=5');
    expect(eventRoute(14, 5)).toBe('/project/transport-schedule-list?scheduleId=5');
    expect(eventRoute(8, 3)).toBe('/project/transport-demand-list?demandId=3');
    expect(eventRoute(15, 4)).toBe('/business/clue/enquiry-seq-quote-list?tab=customer&quotationId=4');
    expect(eventRoute(18, 6)).toBe('/income/sub-income-list?incomeId=6');
    // a customer's approval notice opens that customer, as supplier and settle notices open theirs
    expect(eventRoute(1, 9)).toBe('/business/clue/customer-list?tab=customers&customerId=9');
  });
  it('without a subject opens a list unfiltered, and no detail page at all', () => {
    expect(eventRoute(7, null)).toBe('/business/clue/enquiry-list');
    expect(eventRoute(6, null)).toBeUndefined();
    expect(eventRoute(6, 0)).toBeUndefined();
    expect(eventRoute(3, 9)).toBe('/transport-resource/manual-review-list');
    expect(eventRoute(15, null)).toBe('/business/clue/enquiry-seq-quote-list?tab=customer');
  });
  it('leads nowhere for an event without a page, an unknown one or none', () => {
    // every event type has a page now (资金事项审批 opens 合并管理 on the matter, issue 19)
    expect(eventRoute(10, 1)).toBe('/finance/merge-manage?reviewId=1');
    expect(eventRoute(99, 1)).toBeUndefined();
    expect(eventRoute(null, 1)).toBeUndefined();
    expect(eventRoute(undefined, undefined)).toBeUndefined();
  });
  it('every route it gives is a page of the app', () => {
    const paths = Object.values(pages as Record<string, { path?: string }>).flatMap((p) => (p.path ? [p.path] : [])).map((path) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`));
    const routed = enumValues('eventType').filter((v) => v.route);
    expect(routed.length).toBeGreaterThanOrEqual(10);
    for (const v of routed) {
      const to = eventRoute(Number(v.value), 1)!;
      expect(paths.some((re) => re.test(to.split('?')[0]!)), to).toBe(true);
    }
  });
  it('a route naming the subject in its query opens a list whose detail is keyed by that parameter', () => {
    const entityOf = (api: string) => (catalogue as { id: string; entity?: string }[]).find((e) => e.id === api)?.entity;
    for (const v of enumValues('eventType').filter((x) => x.route?.includes('?'))) {
      const url = new URL(v.route!.replace('{id}', '1'), 'http://app');
      const key = [...url.searchParams.entries()].find(([, value]) => value === '1')?.[0];
      if (!key) continue;
      const page = pageDefs.find((p) => p.path === url.pathname);
      // without a tab in the route, a tabbed page opens on its first tab
      const list = page?.list ?? (page?.tabs?.find((t) => t.key === url.searchParams.get('tab')) ?? page?.tabs?.[0])?.list;
      expect(list?.detail, v.route).toBeTruthy();
      const idField = (entities as Record<string, { idField: string }>)[entityOf(list!.api.page) ?? '']?.idField;
      expect(list!.rowKey ?? idField, v.route).toBe(key);
    }
  });
});
