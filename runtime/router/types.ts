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
}

export interface ListColumn {
  field: string;
  title?: string;
  width?: number;
  sorter?: boolean;
  enum?: string;
  ref?: string;
  format?: 'text' | 'datetime' | 'date' | 'money' | 'percent' | 'thousands';
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
}

export interface QueryField {
  field: string;
  label: string;
  type?: 'input' | 'select' | 'dateRange' | 'staff' | 'region';
  enum?: string;
  placeholder?: string;
}

export interface PageAction {
  type: 'create' | 'edit' | 'view' | 'remove' | 'transition' | 'link';
  title: string;
  form?: string;
  api?: string;
  permission?: string;
  confirm?: string;
  to?: string;
}

export interface ListDef {
  api: { page: string; get?: string; create?: string; update?: string; remove?: string };
  rowKey: string;
  pageSize?: number;
  query?: QueryField[];
  columns: ListColumn[];
  actions?: PageAction[];
  rowActions?: PageAction[];
}

export interface PageDef {
  kind?: 'group' | 'list' | 'form' | 'detail' | 'dashboard' | 'custom' | 'pending';
  path: string;
  name?: string;
  redirect?: string;
  order?: number;
  public?: boolean;
  layout?: boolean;
  meta: RouteMeta;
  component?: string;
  list?: ListDef;
  form?: string;
  detail?: Record<string, unknown>;
  dashboard?: Record<string, unknown>;
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
