/** Page definitions (schemas/meta/page.schema.json) as the runtime reads them. */
export interface RouteMeta {
  title: string;
  icon?: string;
  roles?: string[];
  noCache?: boolean;
  affix?: boolean;
  statisticsName?: string;
  activeMenu?: string;
  hidden?: boolean;
  breadcrumb?: boolean;
  noGoBack?: boolean;
  /** a count the shell keeps (a catalogue entry): a dot on the page's entries while above 0 */
  badge?: { api: string };
  /** the page's place in the user dropdown */
  userMenu?: number;
}

export interface ColumnDef {
  field: string;
  title?: string;
  width?: number;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  /** 'detail' opens the record's detail; otherwise a route with {field} placeholders */
  link?: string;
  hidden?: boolean;
  /** shown in place of a blank value (发送人: 系统) */
  empty?: string;
  /** relative: a time as "3 小时前" */
  format?: 'relative';
}

export type ListColumn = string | ColumnDef;

export interface QueryFieldDef {
  field: string;
  label?: string;
  placeholder?: string;
  default?: unknown;
}

export type QueryField = string | QueryFieldDef;

export interface PageAction {
  type: 'create' | 'edit' | 'view' | 'remove' | 'transition' | 'approve' | 'link' | 'export' | 'import' | 'form' | 'call';
  /** call: entity fields asked for before calling */
  fields?: string[];
  title?: string;
  form?: string;
  api?: string;
  permission?: string;
  confirm?: string;
  to?: string;
  /** link: the page of the row's event (its `eventType` field's route, on its `subject` record), shown when the user may open it */
  event?: { eventType: string; subject: string };
  values?: Record<string, unknown>;
  when?: Record<string, unknown>;
  /** import: its own calls (page schema $defs/importCalls); else the list's import and importTemplate */
  import?: ImportCalls;
}

/**
 * An import's calls: the template, the upload (`?mode=check|commit`), and optionally the commit of
 * a checked upload by the id its report carries; `choose` lets the user pick what to import first.
 */
export interface ImportCalls {
  template: string;
  upload: string;
  commit?: string;
  choose?: ImportChoice;
}

/** A choice made before importing: its value fills `param` of each call (path, else query). */
export interface ImportChoice {
  /** answers rows of `{ [param]: value, title, available, reason }` */
  api: string;
  param: string;
  title: string;
  /** the values this page offers, in the call's order */
  values?: (string | number)[];
}

export interface ListApi {
  page: string;
  get?: string;
  create?: string;
  update?: string;
  remove?: string;
  export?: string;
  import?: string;
  importTemplate?: string;
}

export interface DetailTab {
  type: 'fields' | 'children' | 'related' | 'attachments' | 'activity' | 'report' | 'timeline';
  title?: string;
  /** timeline: the call answering the record's steps across documents */
  api?: string;
  form?: string;
  name?: string;
  list?: ListDef;
  key?: string;
  report?: ReportDef;
}

export interface DetailDef {
  api?: { get?: string };
  param?: string;
  header?: string[];
  actions?: PageAction[];
  tabs: DetailTab[];
}

export interface ListDef {
  api: ListApi;
  rowKey?: string;
  pageSize?: number;
  query?: QueryField[];
  fixed?: Record<string, unknown>;
  columns: ListColumn[];
  form?: string;
  detail?: DetailDef;
  actions?: PageAction[];
  rowActions?: PageAction[];
  summary?: boolean;
  tree?: TreeDef;
}

/** A tree beside a list: choosing a node filters the list (page schema $defs/tree). */
export interface TreeDef {
  api: string;
  title?: string;
  filter: string;
  descendants?: boolean;
  form?: string;
  get?: string;
  create?: string;
  update?: string;
  remove?: string;
  permission?: string;
}

export interface ChartDef {
  type: 'bar' | 'line' | 'pie' | 'funnel' | 'scatter';
  series?: string[];
  stack?: boolean;
  horizontal?: boolean;
}

export interface ReportDef {
  api: string;
  dims?: string[];
  query?: QueryField[];
  fixed?: Record<string, unknown>;
  chart?: ChartDef;
  table?: boolean;
  export?: boolean;
}

/**
 * A call's arguments on a dashboard card. Values may be `@today`, `@monthStart`, `@yearStart`,
 * `@daysAgo:N` or `@monthsAgo:N` (the first day of that month): the figures follow the calendar.
 */
export type CardQuery = Record<string, string | number | boolean | string[]>;

/** One figure of a call's answer: `value` is a dotted path (`summary.receivable`, `myProjects.total`). */
export interface StatisticCardDef {
  api: string;
  query?: CardQuery;
  value: string;
  /** else the report measure's format, else a plain number */
  format?: 'integer' | 'money' | 'decimal' | 'percent';
  suffix?: string;
}

/** Where a list line leads: a route with {field} placeholders, the row's message event, or the page of a statistics name. */
export type ListCardLink = string | { eventType: string; subject: string } | { statisticsName: string };

/** A call's first rows, each a link to its record. */
export interface ListCardDef {
  api: string;
  query?: CardQuery;
  /** dotted path of the rows in the answer; `list` (a page) by default, `` for an array answer */
  rows?: string;
  /** dotted path of the count shown beside the title */
  total?: string;
  size?: number;
  title: string;
  note?: string;
  link?: ListCardLink;
  empty?: string;
}

/** A report (`crud.report`) drawn as an ECharts chart of its first dimension. */
export interface ChartCardDef {
  api: string;
  dims?: string[];
  query?: CardQuery;
  chart: ChartDef;
  height?: number;
}

/** A link a links card offers: enabled only when the user may open its route. */
export interface LinkItemDef {
  title: string;
  path: string;
  text?: string;
}

/**
 * Links to pages: declared `items`, or `source: "siblings"` (the other pages of this page's
 * group, with their declared badges), shown as clickable `steps` or `buttons`.
 */
export interface LinksCardDef {
  display?: 'steps' | 'buttons';
  items?: LinkItemDef[];
  source?: 'siblings';
  /** a line of help above the links */
  note?: string;
}

/** One record a call answers (auth.me): a title, an avatar and labelled fields. */
export interface RecordCardDef {
  api: string;
  query?: CardQuery;
  /** the field shown as the heading */
  title?: string;
  /** the field holding the avatar image's address */
  avatar?: string;
  fields: { field: string; title: string }[];
}

interface CardBase {
  title: string;
  /** names the card for tests and links: data-testid `card-<name>` */
  name?: string;
  span?: number;
  link?: string;
  linkText?: string;
  permission?: string;
}

interface NoCardBody { statistic?: never; list?: never; chart?: never; report?: never; links?: never; record?: never }

export type DashboardCard = CardBase & (
  | (Omit<NoCardBody, 'statistic'> & { statistic: StatisticCardDef })
  | (Omit<NoCardBody, 'list'> & { list: ListCardDef })
  | (Omit<NoCardBody, 'chart'> & { chart: ChartCardDef })
  | (Omit<NoCardBody, 'report'> & { report: ReportDef })
  | (Omit<NoCardBody, 'links'> & { links: LinksCardDef })
  | (Omit<NoCardBody, 'record'> & { record: RecordCardDef })
);

export interface DashboardDef {
  cards: DashboardCard[];
}

export interface FormPageDef {
  form: string;
  /** get + update: one record edited; submit: the form sent once to a call */
  api: { get?: string; update?: string; submit?: string };
  submitText?: string;
  done?: { title: string; text?: string; back?: { title: string; to: string } };
  permission?: string;
  actions?: PageAction[];
}

/**
 * A count shown on a tab: a catalogue entry answering it, or a call with `query` whose answer
 * holds it at `value` (a page's `total`); `count` shows the number rather than a dot.
 */
export interface BadgeDef {
  api: string;
  query?: Record<string, string | number | boolean>;
  value?: string;
  count?: boolean;
}

export interface PageTab {
  key: string;
  title: string;
  badge?: BadgeDef;
  list?: ListDef;
  report?: ReportDef;
}

export interface PageDef {
  kind?: 'group' | 'list' | 'form' | 'detail' | 'report' | 'dashboard' | 'custom' | 'pending';
  path: string;
  name?: string;
  redirect?: string;
  order?: number;
  public?: boolean;
  layout?: boolean;
  meta: RouteMeta;
  component?: string;
  props?: Record<string, unknown>;
  list?: ListDef;
  tabs?: PageTab[];
  /** the address parameter naming the shown tab (default `tab`) */
  tabParam?: string;
  /** the screen's test id */
  testId?: string;
  form?: FormPageDef;
  detail?: DetailDef;
  report?: ReportDef;
  dashboard?: DashboardDef;
}

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
