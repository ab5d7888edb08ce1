/**
 * Page definitions as the runtime reads them: the types are generated from
 * `schemas/meta/page.schema.json` (`npm run gen`), the schema pages are validated with, so a new
 * page option is declared once.
 */
import type { PageDef } from '../generated/page-types';

export type {
  ApiRef, BadgeDef, CardQuery, ChartCardDef, ChartDef, ColumnDef, DashboardCard, DashboardDef, DetailDef, DetailTab,
  EventLinkDef, FormPageDef, ImportCalls, ImportChoice, LinkItemDef, LinksCardDef, ListApi, ListCardDef, ListCardLink,
  ListColumn, ListDef, PageAction, PageDef, PageTab, QueryField, QueryFieldDef, RecordCardDef, ReportDef, RouteMeta,
  StatisticCardDef, MenuBadgeDef, TreeDef,
} from '../generated/page-types';

/** A routable page with the role lists of the groups that enclose it. */
export interface RouteEntry {
  file: string;
  def: PageDef;
  /** Router pattern (`{id}` written as `:id`). */
  pattern: string;
  groupRoles: string[][];
  groupPath?: string;
}

export interface MenuNode {
  key: string;
  title: string;
  icon?: string;
  order: number;
  hidden: boolean;
  children?: MenuNode[];
}
