/** A kind=list page: one list, or several lists and reports as tabs of one screen. */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Card, Col, Grid, Row, Spin, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PageDef } from '../../router/types';
import { tabOf, tabParamOf } from './tabs';
import { ListView } from './ListView';
import { resolveFixed } from './fixed';
import { TreePanel, type TreeSelection } from './TreePanel';
import type { ListDef } from '../../router/types';
import { TabBadge } from '../../shell/TabBadge';

const ReportView = lazy(() => import('../report/ReportView'));

export default function ListPage({ page, params }: { page: PageDef; params?: Record<string, string> }) {
  const location = useLocation();
  const navigate = useNavigate();
  // The page's own address: a list kept open in a tag must not write its filters into the address
  // of the page shown now, nor follow that page's ?tab=.
  const [ownPath] = useState(location.pathname);
  const live = location.pathname === ownPath;
  if (page.list?.tree) return <TreeListPage list={page.list} title={page.meta.title} params={params} />;
  const tabs = page.tabs ?? [];
  const lastTab = useRef<string | undefined>(undefined);
  // The tab the address names (`?tab=`, or the page's own `tabParam`); an unknown one shows the first.
  const tabParam = tabParamOf(page);
  if (live || lastTab.current === undefined) lastTab.current = tabOf(tabs, new URLSearchParams(location.search).get(tabParam), new URLSearchParams(location.search));
  // The tab shown on arrival takes its filters from the address (a report's drill).
  const arrivalTab = useRef(lastTab.current).current;
  if (page.list) {
    const view = <ListView list={page.list} title={page.meta.title} urlPath={ownPath} fixed={resolveFixed(page.list.fixed, params)} createValues={resolveFixed(page.list.fixed, params)} />;
    return page.testId ? <div data-testid={page.testId}>{view}</div> : view;
  }
  const activeKey = lastTab.current;
  return (
    <Card title={page.meta.title} data-testid={page.testId}>
      <Tabs
        activeKey={activeKey}
        destroyOnHidden
        onChange={(key) => {
          // The other query parameters (?projectId=) belong to the screen, not the tab.
          const next = new URLSearchParams(location.search);
          next.set(tabParam, key);
          navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true });
        }}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.badge ? <TabBadge badge={t.badge} title={t.title} tabKey={t.key} /> : t.title,
          children: t.list?.tree
            ? <TreeListPage list={t.list} title={t.title} params={params} embedded />
            : t.list
            ? <ListView list={t.list} embedded urlPath={undefined} detailFromAddress={live} filtersFromAddress={live && t.key === arrivalTab} fixed={resolveFixed(t.list.fixed, params)} createValues={resolveFixed(t.list.fixed, params)} />
            : t.report ? <Suspense fallback={<Spin />}><ReportView report={t.report} embedded params={params} /></Suspense> : null,
        }))}
      />
    </Card>
  );
}


/**
 * A list with its tree beside it: the chosen node narrows the list and is where new rows go. In a
 * tab (embedded) the list keeps its filters out of the address, as the tab's plain lists do.
 */
function TreeListPage({ list, title, params, embedded }: { list: ListDef; title: string; params?: Record<string, string>; embedded?: boolean }) {
  const location = useLocation();
  const [selection, setSelection] = useState<TreeSelection>({});
  const [tick, setTick] = useState(0);
  const tree = list.tree!;
  const base = useMemo(() => resolveFixed(list.fixed, params) ?? {}, [list.fixed, params]);
  const fixed = useMemo(() => (selection.ids?.length ? { ...base, [tree.filter]: selection.ids } : base), [base, selection, tree.filter]);
  const createValues = useMemo(() => (selection.id !== undefined ? { ...base, [tree.filter]: selection.id } : base), [base, selection, tree.filter]);
  const onSelect = useCallback((sel: TreeSelection) => setSelection(sel), []);
  const screens = Grid.useBreakpoint();
  if (!screens.md) {
    // Phones: the tree above the list, both full width.
    return (
      <>
        <div style={{ marginBottom: 12 }}><TreePanel tree={tree} onSelect={onSelect} onChanged={() => setTick((t) => t + 1)} /></div>
        <ListView key={tick} list={list} title={title} embedded={embedded} urlPath={embedded ? undefined : location.pathname} fixed={fixed} createValues={createValues} />
      </>
    );
  }
  return (
    <Row gutter={12} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="280px" style={{ minWidth: 0 }}>
        <TreePanel tree={tree} onSelect={onSelect} onChanged={() => setTick((t) => t + 1)} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ListView key={tick} list={list} title={title} embedded={embedded} urlPath={embedded ? undefined : location.pathname} fixed={fixed} createValues={createValues} />
      </Col>
    </Row>
  );
}
