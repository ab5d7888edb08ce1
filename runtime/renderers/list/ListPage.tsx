/** A kind=list page: one list, or several lists and reports as tabs of one screen. */
import { lazy, Suspense } from 'react';
import { Card, Spin, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PageDef } from '../../router/types';
import { ListView } from './ListView';
import { resolveFixed } from './fixed';

const ReportView = lazy(() => import('../report/ReportView'));

export default function ListPage({ page, params }: { page: PageDef; params?: Record<string, string> }) {
  const location = useLocation();
  const navigate = useNavigate();
  if (page.list) return <ListView list={page.list} title={page.meta.title} urlPath={location.pathname} fixed={resolveFixed(page.list.fixed, params)} createValues={resolveFixed(page.list.fixed, params)} />;
  const tabs = page.tabs ?? [];
  const sp = new URLSearchParams(location.search);
  const activeKey = sp.get('tab') ?? tabs[0]?.key;
  return (
    <Card title={page.meta.title}>
      <Tabs
        activeKey={activeKey}
        destroyOnHidden
        onChange={(key) => navigate({ pathname: location.pathname, search: `?tab=${key}` }, { replace: true })}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.title,
          children: t.list
            ? <ListView list={t.list} embedded urlPath={undefined} fixed={resolveFixed(t.list.fixed, params)} createValues={resolveFixed(t.list.fixed, params)} />
            : t.report ? <Suspense fallback={<Spin />}><ReportView report={t.report} embedded params={params} /></Suspense> : null,
        }))}
      />
    </Card>
  );
}

