/**
 * kind=dashboard: cards in a grid — a statistic, a list, a chart, a report, links to pages or one record. A card is left out
 * when the user lacks its permission or may not make its call (the server would answer 403);
 * a card whose call fails shows its own error and the others stay.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Col, Row } from 'antd';
import { Panel, Tone } from '../common/Panel';
import { Link } from 'react-router-dom';
import { mayCall } from '../../../api/call';
import { hasPermission } from '../../../schemas/src/permission';
import { useSession } from '../../session/store';
import type { DashboardCard, PageDef } from '../../router/types';
import type { CallCache } from './dashboard/cardData';
import { useOpenable } from './dashboard/links';
import { StatisticCard } from './dashboard/StatisticCard';
import { ListCard } from './dashboard/ListCard';

// ECharts and the report's table come with these, after the figures are on screen; links (steps,
// progress) and record cards (descriptions, avatar) with the screens that have them, not the home page.
const LinksCard = lazy(() => import('./dashboard/LinksCard').then((m) => ({ default: m.LinksCard })));
const RecordCard = lazy(() => import('./dashboard/RecordCard').then((m) => ({ default: m.RecordCard })));
const ChartCard = lazy(() => import('./dashboard/ChartCard').then((m) => ({ default: m.ChartCard })));
const ReportView = lazy(() => import('./ReportView'));
// the big screen's frame (dark theme, scaling, clock) only with a page that declares one
const ScreenFrame = lazy(() => import('./dashboard/ScreenFrame'));

/** The call a card makes; a links card makes none. */
export function cardApi(card: DashboardCard): string | undefined {
  return (card.statistic ?? card.list ?? card.chart ?? card.report ?? card.record)?.api;
}

/** The cards this user sees: those whose permission they hold and whose call they may make. */
export function visibleCards(cards: DashboardCard[], held: readonly string[]): DashboardCard[] {
  return cards.filter((c) => (!c.permission || hasPermission(held, c.permission)) && (!cardApi(c) || mayCall(cardApi(c)!, held)));
}

function CardBody({ card, cache, params, name, pagePath }: { card: DashboardCard; cache: CallCache; params?: Record<string, string>; name: string; pagePath: string }) {
  if (card.statistic) return <StatisticCard def={card.statistic} cache={cache} title={card.title} />;
  if (card.list) return <ListCard def={card.list} cache={cache} name={name} />;
  const body = card.links ? <LinksCard def={card.links} name={name} pagePath={pagePath} />
    : card.record ? <RecordCard def={card.record} cache={cache} />
    : card.chart ? <ChartCard def={card.chart} cache={cache} /> : <ReportView report={{ table: false, export: false, ...card.report! }} embedded params={params} />;
  return <Suspense fallback={<Tone type="secondary">加载中…</Tone>}>{body}</Suspense>;
}

/** The cards; `reading` (a big screen's) makes every card ask its call again when it changes. */
function DashboardGrid({ page, params, reading, onScreen }: { page: PageDef; params?: Record<string, string>; reading: number; onScreen: boolean }) {
  const { roles } = useSession();
  const openable = useOpenable();
  const cards = visibleCards(page.dashboard!.cards, roles ?? []);
  // one request per call and arguments for as long as this screen is shown (a big screen: per reading)
  const cache: CallCache = useMemo(() => new Map(), [reading]);
  return (
    <div data-testid="dashboard"><Row gutter={[16, 16]}>
      {cards.map((c, i) => {
        const name = c.name ?? String(i);
        const to = openable(c.link);
        const extra = to ? <Link to={to}>{c.linkText ?? '查看'}</Link> : undefined;
        return (
          // A big screen is laid out on its own canvas, not by the window's breakpoints.
          <Col key={name} {...(onScreen ? { span: c.span ?? (c.statistic ? 6 : 12) } : { xs: 24, md: c.statistic ? 12 : 24, lg: c.span ?? (c.statistic ? 6 : 12) })}>
            <Panel title={c.statistic ? undefined : c.title} extra={c.statistic ? undefined : extra} data-testid={`card-${name}`} style={c.statistic ? undefined : { height: '100%' }}>
              <CardBody card={c} cache={cache} params={params} name={name} pagePath={page.path} />
              {c.statistic && extra && <div style={{ marginTop: 8 }}>{extra}</div>}
            </Panel>
          </Col>
        );
      })}
    </Row></div>
  );
}

export default function DashboardPage({ page, params }: { page: PageDef; params?: Record<string, string> }) {
  const screen = page.dashboard!.screen;
  if (!screen) return <DashboardGrid page={page} params={params} reading={0} onScreen={false} />;
  return (
    <Suspense fallback={null}>
      <ScreenFrame screen={screen} title={page.meta.title}>{(reading) => <DashboardGrid page={page} params={params} reading={reading} onScreen />}</ScreenFrame>
    </Suspense>
  );
}
