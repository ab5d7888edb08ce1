/**
 * The generic list (RuoYi/Jeecg pattern, ProTable habits): query bar → toolbar (新增, 导出Excel,
 * 导入, batch actions on selected rows; refresh, density, column settings) → server-paged table
 * whose columns, cells and sorters come from the entity → 本页合计 for money. Filters, paging and
 * sort live in the address bar, so reload, back and a shared link keep them; `?<id field>=n`
 * opens that record's detail, and a link column is a real link to it (a new tab opens it too).
 * Row actions show only where the row's state and the user's permissions allow them (the rule
 * and the actions themselves are common/actions.tsx, shared with the detail). On a phone the
 * rows are cards (ListCards). Column settings and density are kept per user (listPrefs.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { App, Alert, Button, Card, Checkbox, Dropdown, Grid, Popover, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, DownloadOutlined, DownOutlined, PlusOutlined, ReloadOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { relativeTime, thousands } from '../../../schemas/src/format';
import { invoke, invokeDownload } from '../../../api/call';
import { ApiError, saveFile } from '../../../api/http';
import { useSession } from '../../session/store';
import { antdSize, useSettings } from '../../shell/settings';
import { rememberTitles } from '../../reference/titles';
import type { ColumnDef, PageAction } from '../../router/types';
import { cellKind, fieldOf, isNumeric, renderValue, type Refs } from '../cells';
import { QueryBar, type QueryParams } from './QueryBar';
import { useListMeta, type ListMeta } from './useListMeta';
import { ordered, useListPrefs, type Density } from './listPrefs';
import { ListCards } from './ListCards';
import { actionPermitted, actionShownOn, fill, useActionRunner } from '../common/actions';
import { ListComponent, type ListViewProps } from '../common/views';
import { useEventLink } from '../../realtime/useEventLink';

const DetailDrawer = lazy(() => import('../detail/DetailView').then((m) => ({ default: m.DetailDrawer })));

// Kept where callers import them from (tests); they live with the actions now.
export { createInitialValues, fill } from '../common/actions';
export type { ListViewProps } from '../common/views';

type Row = Record<string, any>;

interface PageResult {
  list: Row[];
  total: number;
  totalCapped?: boolean;
  refs?: Refs;
  approvable?: number[];
}

const PAGE_SIZES = ['10', '20', '50', '100'];
const WIDTH: Record<string, number> = { text: 140, longText: 220, integer: 90, decimal: 110, money: 130, boolean: 80, date: 110, datetime: 170, enum: 100, reference: 130, references: 180, region: 190, attachments: 160, json: 160 };
const CONTROL = new Set(['pageNo', 'pageSize', 'sortField', 'sortOrder']);

/** A plain left click (no ctrl, shift, meta, alt; not the middle button): it stays in the app. */
function plainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

function readParams(search: string, meta: ListMeta | undefined): { params: QueryParams; control: Record<string, string> } {
  const sp = new URLSearchParams(search);
  const params: QueryParams = {};
  const control: Record<string, string> = {};
  for (const [k, v] of sp) {
    if (CONTROL.has(k)) control[k] = v;
    else if (!meta || meta.query.some((q) => q.field === k || `${q.field}Start` === k || `${q.field}End` === k)) params[k] = v;
  }
  return { params, control };
}

export function ListView({ list, title, urlPath, fixed, createValues, embedded, onChanged, detailFromAddress, filtersFromAddress }: ListViewProps) {
  const { meta, error } = useListMeta(list);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!meta) return <Card loading title={title} />;
  return <ListBody list={list} meta={meta} title={title} urlPath={urlPath} fixed={fixed} createValues={createValues} embedded={embedded} onChanged={onChanged} detailFromAddress={detailFromAddress} filtersFromAddress={filtersFromAddress} />;
}

function ListBody({ list, meta, title, urlPath, fixed, createValues, embedded, onChanged, detailFromAddress, filtersFromAddress }: ListViewProps & { meta: ListMeta }) {
  const { entity } = meta;
  const rowKey = list.rowKey ?? entity.idField;
  const { roles } = useSession();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  // Below antd's `sm` (576 px, a phone) the rows are cards; before the first measure, a table.
  const narrow = screens.sm === false;
  const held = roles ?? [];
  const location = useLocation();
  const navigate = useNavigate();
  const active = Boolean(urlPath) && location.pathname === urlPath;
  const initial = useMemo(() => (urlPath ? readParams(location.search, meta) : filtersFromAddress ? { params: readParams(location.search, meta).params, control: {} } : { params: {}, control: {} }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const defaults = useMemo(() => {
    const out: QueryParams = {};
    for (const raw of list.query ?? []) if (typeof raw !== 'string' && raw.default !== undefined) out[raw.field] = String(raw.default);
    return out;
  }, [list]);
  const [params, setParams] = useState<QueryParams>(Object.keys(initial.params).length ? initial.params : defaults);
  const [pageNo, setPageNo] = useState(Number(initial.control.pageNo) || 1);
  const [pageSize, setPageSize] = useState(Number(initial.control.pageSize) || list.pageSize || 20);
  const [sort, setSort] = useState<{ sortField?: string; sortOrder?: 'asc' | 'desc' }>(
    initial.control.sortField ? { sortField: initial.control.sortField, sortOrder: initial.control.sortOrder === 'asc' ? 'asc' : 'desc' } : {},
  );
  const [data, setData] = useState<PageResult>({ list: [], total: 0 });
  // Why the rows could not be read (no permission, a bad filter): shown where the rows would be, not as 暂无数据.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const defaultHidden = useMemo(() => list.columns.filter((c) => typeof c !== 'string' && c.hidden).map((c) => (c as ColumnDef).field), [list.columns]);
  const [prefs, setPrefs] = useListPrefs(urlPath ?? list.api.page, defaultHidden);
  const hidden = prefs.hidden;
  // Follows the shell's global size (Default/Medium/Small/Mini), so that switch reaches tables too;
  // the density the user chose for this table (kept with the column settings) wins until the global size changes again.
  const { size: globalSize } = useSettings();
  const density: Density = prefs.density ?? antdSize(globalSize);
  const lastGlobal = useRef(globalSize);
  useEffect(() => {
    if (lastGlobal.current === globalSize) return;
    lastGlobal.current = globalSize;
    if (prefs.density) setPrefs({ density: undefined });
  }, [globalSize]); // eslint-disable-line react-hooks/exhaustive-deps
  const [detail, setDetail] = useState<number | null>(() => {
    const id = (urlPath || detailFromAddress) && list.detail ? Number(new URLSearchParams(location.search).get(rowKey)) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  });
  const [exporting, setExporting] = useState(false);

  const reload = useCallback(() => {
    setTick((t) => t + 1);
    onChanged?.();
  }, [onChanged]);
  const closeDetail = () => {
    setDetail(null);
    if (!detailFromAddress) return;
    const sp = new URLSearchParams(location.search);
    if (!sp.has(rowKey)) return;
    sp.delete(rowKey);
    navigate({ pathname: location.pathname, search: sp.toString() ? `?${sp.toString()}` : '' }, { replace: true });
  };

  // Keyed by content: the screen recomputes its context on every address change (placeholders may read the query).
  // The definition's own fixed values, less route placeholders ("{projectId}"): the page resolved those into `fixed`.
  const ownFixed = Object.fromEntries(Object.entries(list.fixed ?? {}).filter(([, v]) => !(typeof v === 'string' && /^\{\w+\}$/.test(v))));
  const fixedKey = JSON.stringify({ ...ownFixed, ...(fixed ?? {}) });
  const fixedParams = useMemo(() => Object.fromEntries(Object.entries(JSON.parse(fixedKey) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)])), [fixedKey]);
  const query = useMemo(() => ({ pageNo, pageSize, ...sort, ...params, ...fixedParams }), [pageNo, pageSize, sort, params, fixedParams]);
  // What fills an action's path parameters besides the row (the shared rule, common/actionRequest.ts).
  const context = useMemo(() => JSON.parse(fixedKey) as Record<string, unknown>, [fixedKey]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    invoke<PageResult>(list.api.page, { query })
      .then((result) => {
        if (!alive) return;
        rememberTitles(result.refs);
        setData({ list: result.list ?? [], total: result.total ?? 0, totalCapped: result.totalCapped, refs: result.refs ?? {}, approvable: result.approvable ?? [] });
        setLoadError(null);
        setSelected([]);
      })
      .catch((err: unknown) => {
        if (!alive) return;
        setData({ list: [], total: 0 });
        setLoadError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [list.api.page, query, tick]);

  // The address bar mirrors the list's state while the page is the one shown.
  useEffect(() => {
    if (!active) return;
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) sp.set(k, v);
    if (pageNo > 1) sp.set('pageNo', String(pageNo));
    if (pageSize !== (list.pageSize ?? 20)) sp.set('pageSize', String(pageSize));
    if (sort.sortField) {
      sp.set('sortField', sort.sortField);
      sp.set('sortOrder', sort.sortOrder ?? 'desc');
    }
    // An open detail is part of the address too: reload or a shared link reopens it.
    if (detail !== null && list.detail) sp.set(rowKey, String(detail));
    // What the definition's fixed filters read from the address (`{"partItemId": "{partItemId}"}` on a
    // hidden page opened with ?partItemId=) stays in it: dropping it would drop the filter.
    const current = new URLSearchParams(location.search);
    for (const v of Object.values(list.fixed ?? {})) {
      const m = typeof v === 'string' ? /^\{(\w+)\}$/.exec(v) : null;
      if (m && current.has(m[1]!) && !sp.has(m[1]!)) sp.set(m[1]!, current.get(m[1]!)!);
    }
    const search = sp.toString() ? `?${sp.toString()}` : '';
    if (search !== location.search) navigate({ pathname: location.pathname, search }, { replace: true });
  }, [params, pageNo, pageSize, sort, active, detail]); // eslint-disable-line react-hooks/exhaustive-deps

  // A link naming one record (`?enquiryId=12`, e.g. from a notice) opens its detail.
  useEffect(() => {
    if (!(active || detailFromAddress) || !list.detail) return;
    const id = Number(new URLSearchParams(location.search).get(rowKey));
    if (Number.isSafeInteger(id) && id > 0 && id !== detail) setDetail(id);
  }, [location.search, active, detailFromAddress]); // eslint-disable-line react-hooks/exhaustive-deps

  // Back/forward (or a link to this page with other filters) changes the address, not the state.
  useEffect(() => {
    if (!active) return;
    const next = readParams(location.search, meta);
    if (JSON.stringify(next.params) !== JSON.stringify(params)) {
      setParams(next.params);
      setPageNo(Number(next.control.pageNo) || 1);
    }
  }, [location.search]); // eslint-disable-line react-hooks/exhaustive-deps

  const eventLink = useEventLink();
  const actionRule = useMemo(() => ({ held, transitions: meta.transitions, canApprove: (row: Row) => (data.approvable ?? []).includes(Number(row[rowKey])), eventLink }), [held, meta, data.approvable, rowKey, eventLink]);
  const actionAllowedOn = useCallback((a: PageAction, row: Row) => actionShownOn(a, row, actionRule), [actionRule]);

  const exportRows = async () => {
    setExporting(true);
    try {
      const columns = visibleColumns.map((c) => c.field).filter((f) => entity.fields[f] || f === 'createdAt' || f === 'updatedAt');
      saveFile(await invokeDownload(list.api.export!, { query: { ...sort, ...params, ...fixedParams, columns } }));
    } catch (err) {
      if (!(err instanceof ApiError)) void message.error('导出失败');
    } finally {
      setExporting(false);
    }
  };
  const { run, title: titleOfAction, dialogs } = useActionRunner({
    entity, rowKey, api: list.api, form: list.form, transitions: meta.transitions, context, createValues, fixed, title, onChanged: reload,
    own: {
      view: list.detail ? (rows) => setDetail(Number(rows[0]![rowKey])) : undefined,
      export: () => exportRows(),
    },
  });

  /** Where a row's detail is addressed (`?<rowKey>=id` on the list's page), when the list has an address at all. */
  const detailHref = (row: Row): string | undefined => {
    if (!list.detail || !(urlPath || detailFromAddress)) return undefined;
    const sp = new URLSearchParams(urlPath && !active ? '' : location.search);
    sp.set(rowKey, String(row[rowKey]));
    return `${urlPath ?? location.pathname}?${sp.toString()}`;
  };
  /** The record's detail as a link: a plain click opens the drawer here, ctrl/middle click or 在新标签页打开 the same detail in a new tab. */
  const detailLink = (row: Row, content: ReactNode) => {
    const open = (e: MouseEvent) => {
      if (!plainClick(e)) return; // the browser opens the href
      e.preventDefault();
      void run({ type: 'view' }, [row]);
    };
    const href = detailHref(row);
    if (!href) return list.detail ? <Typography.Link onClick={open}>{content}</Typography.Link> : content;
    return <Link to={href} onClick={open}>{content}</Link>;
  };
  const cell = (c: ColumnDef, row: Row, refs: Refs) => {
    const f = fieldOf(entity, c.field);
    const v = row[c.field];
    const blank = v === undefined || v === null || v === '';
    const content = blank && c.empty !== undefined ? c.empty
      : c.format === 'relative' && !blank ? relativeTime(String(v))
      : f ? renderValue(f, v, refs) : String(v ?? '-');
    if (c.link === 'detail') return detailLink(row, content);
    if (c.link) return <Link to={fill(c.link, row)}>{content}</Link>;
    return content;
  };

  const columnDefs = useMemo(() => ordered(list.columns.map((c) => (typeof c === 'string' ? { field: c } : c)), prefs.order), [list.columns, prefs.order]);
  const visibleColumns = columnDefs.filter((c) => !hidden.includes(c.field));
  const rowActions = (list.rowActions ?? []).filter((a) => actionPermitted(a, held));
  const toolbar = (list.actions ?? []).filter((a) => actionPermitted(a, held));
  const batch = toolbar.filter((a) => a.type === 'transition' || a.type === 'approve' || a.type === 'call');

  const columns = useMemo<TableProps<Row>['columns']>(() => {
    const refs = data.refs ?? {};
    const base = visibleColumns.map((c) => {
      const f = fieldOf(entity, c.field);
      const kind = f ? cellKind(f) : 'text';
      const width = c.width ?? f?.width ?? WIDTH[kind] ?? 120;
      const ellipsis = c.ellipsis ?? (kind === 'longText' || kind === 'text');
      return {
        key: c.field,
        dataIndex: c.field,
        title: c.title ?? f?.title ?? c.field,
        width,
        ellipsis,
        // The table sizes to its content (scroll x max-content), where a long value would widen
        // its column past the declared width; an ellipsis column's content keeps to that width.
        ...(ellipsis ? { onCell: () => ({ style: { maxWidth: width } }) } : {}),
        fixed: c.fixed,
        align: f && isNumeric(f) ? ('right' as const) : undefined,
        sorter: meta.sortable.has(c.field) ? true : undefined,
        sortOrder: sort.sortField === c.field ? (sort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        render: (_: unknown, row: Row) => cell(c, row, refs),
      };
    });
    if (!rowActions.length) return base;
    return [
      ...base,
      {
        key: '__actions',
        title: '操作',
        fixed: 'right' as const,
        width: list.rowActionsWidth ?? 190,
        render: (_: unknown, row: Row) => {
          const shown = rowActions.filter((a) => actionAllowedOn(a, row));
          const direct = shown.slice(0, shown.length > 3 ? 2 : 3);
          const more = shown.slice(direct.length);
          return (
            <Space size={0} wrap>
              {direct.map((a, i) => (
                <Button key={`${a.type}${i}`} type="link" size="small" danger={a.type === 'remove'} onClick={() => void run(a, [row])}>{titleOfAction(a)}</Button>
              ))}
              {more.length > 0 && (
                <Dropdown menu={{ items: more.map((a, i) => ({ key: String(i), label: titleOfAction(a), danger: a.type === 'remove', onClick: () => void run(a, [row]) })) }}>
                  <Button type="link" size="small">更多 <DownOutlined /></Button>
                </Dropdown>
              )}
            </Space>
          );
        },
      },
    ];
  }, [visibleColumns, data, sort, rowActions, actionAllowedOn]); // eslint-disable-line react-hooks/exhaustive-deps

  const moneyColumns = visibleColumns.filter((c) => { const f = fieldOf(entity, c.field); return f && cellKind(f) === 'money'; });
  const summary = list.summary !== false && moneyColumns.length > 0 && data.list.length > 0
    ? () => (
      <Table.Summary fixed>
        <Table.Summary.Row>
          {batch.length > 0 && <Table.Summary.Cell index={0} />}
          {visibleColumns.map((c, i) => {
            const f = fieldOf(entity, c.field);
            const isMoney = f && cellKind(f) === 'money';
            const sum = isMoney ? data.list.reduce((acc, r) => acc + (Number(r[c.field]) || 0), 0) : 0;
            return (
              <Table.Summary.Cell key={c.field} index={i + (batch.length ? 1 : 0)} align={isMoney ? 'right' : undefined}>
                {i === 0 ? <Typography.Text strong>本页合计</Typography.Text> : isMoney ? <Typography.Text strong>{thousands(sum.toFixed(2))}</Typography.Text> : null}
              </Table.Summary.Cell>
            );
          })}
          {rowActions.length > 0 && <Table.Summary.Cell index={visibleColumns.length + 1} />}
        </Table.Summary.Row>
      </Table.Summary>
    )
    : undefined;

  const settings = (
    <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="column-settings">
      {columnDefs.map((c, i) => {
        const label = c.title ?? fieldOf(entity, c.field)?.title ?? c.field;
        const move = (by: number) => {
          const order = columnDefs.map((x) => x.field);
          [order[i], order[i + by]] = [order[i + by]!, order[i]!];
          setPrefs({ order });
        };
        return (
          <div key={c.field} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <Checkbox style={{ flex: 1 }} checked={!hidden.includes(c.field)} onChange={(e) => setPrefs({ hidden: e.target.checked ? hidden.filter((x) => x !== c.field) : [...hidden, c.field] })}>
              {label}
            </Checkbox>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={`${label}上移`} onClick={() => move(-1)} />
            <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === columnDefs.length - 1} aria-label={`${label}下移`} onClick={() => move(1)} />
          </div>
        );
      })}
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPrefs({ hidden: defaultHidden, order: [], density: undefined })}>恢复默认</Button>
    </div>
  );

  const body = (
    <>
      {meta.query.length > 0 && (
        <QueryBar items={meta.query} params={params} onSearch={(next) => { setPageNo(1); setParams(next); }} />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8, flexWrap: 'wrap' }}>
        <Space wrap>
          {toolbar.map((a, i) => {
            const key = `${a.type}${i}`;
            if (a.type === 'create') return <Button key={key} type="primary" icon={<PlusOutlined />} onClick={() => void run(a, [])}>{titleOfAction(a)}</Button>;
            if (a.type === 'export') return <Button key={key} icon={<DownloadOutlined />} loading={exporting} onClick={() => void run(a, [])}>{titleOfAction(a)}</Button>;
            if (a.type === 'import') return <Button key={key} icon={<UploadOutlined />} onClick={() => void run(a, [])}>{titleOfAction(a)}</Button>;
            if (a.type === 'transition' || a.type === 'approve' || a.type === 'call') {
              const rows = data.list.filter((r) => selected.includes(Number(r[rowKey])));
              const ok = rows.length > 0 && rows.every((r) => actionAllowedOn(a, r));
              return (
                <Tooltip key={key} title={rows.length && !ok ? '所选记录中有不允许该操作的' : undefined}>
                  <Button disabled={!ok} onClick={() => void run(a, rows)}>{titleOfAction(a).startsWith('批量') ? titleOfAction(a) : `批量${titleOfAction(a)}`}{rows.length ? `(${rows.length})` : ''}</Button>
                </Tooltip>
              );
            }
            if (a.type === 'link') return <Button key={key} onClick={() => void run(a, [])}>{titleOfAction(a)}</Button>;
            if (a.type === 'form') return <Button key={key} onClick={() => void run(a, [])}>{titleOfAction(a)}</Button>;
            return null;
          })}
        </Space>
        <Space>
          <Tooltip title="刷新"><Button icon={<ReloadOutlined />} onClick={() => setTick((t) => t + 1)} aria-label="刷新" /></Tooltip>
          {/* a card shows the first visible columns: their choice and order still apply, the table's density does not */}
          {!narrow && (
            <Dropdown menu={{ selectable: true, selectedKeys: [density], items: [{ key: 'large', label: '宽松' }, { key: 'middle', label: '中等' }, { key: 'small', label: '紧凑' }], onClick: ({ key }) => setPrefs({ density: key as Density }) }}>
              <Tooltip title="密度"><Button icon={<ColumnHeightOutlined />} aria-label="密度" /></Tooltip>
            </Dropdown>
          )}
          <Popover trigger="click" title="列设置" content={settings} placement="bottomRight">
            <Tooltip title="列设置"><Button icon={<SettingOutlined />} aria-label="列设置" /></Tooltip>
          </Popover>
        </Space>
      </div>
      {loadError && <Alert type="error" showIcon message={loadError} style={{ marginBottom: 12 }} data-testid="list-load-error" />}
      {narrow ? (
        <ListCards
          entity={entity} rowKey={rowKey} rows={data.list} refs={data.refs ?? {}} loading={loading} columns={visibleColumns}
          cell={(c, row) => cell(c, row, data.refs ?? {})} titleLink={detailLink}
          actionsOn={(row) => rowActions.filter((a) => actionAllowedOn(a, row))} actionTitle={titleOfAction} run={run}
          selection={batch.length ? { selected, onChange: setSelected } : undefined}
          paging={{ current: pageNo, pageSize, total: data.total, totalText: `共 ${data.total}${data.totalCapped ? '+' : ''} 条`, onChange: (p, size) => { setPageNo(size !== pageSize ? 1 : p); setPageSize(size); } }}
        />
      ) : (
      <Table<Row>
        rowKey={rowKey}
        size={density}
        loading={loading}
        dataSource={data.list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        summary={summary}
        rowSelection={batch.length ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        onChange={(pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
          const next = field ? { sortField: field, sortOrder: single.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : {};
          if (next.sortField !== sort.sortField || next.sortOrder !== sort.sortOrder) {
            setSort(next);
            setPageNo(1);
            return;
          }
          setPageNo(pagination.current ?? 1);
          setPageSize(pagination.pageSize ?? pageSize);
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showQuickJumper: true,
          showTotal: (total) => `共 ${total}${data.totalCapped ? '+' : ''} 条`,
        }}
      />
      )}
      {dialogs}
      <Suspense fallback={null}>
        {/* A kept-alive page that is not shown keeps its open record (the address has it) but not its drawer over the shown page. */}
        {detail !== null && list.detail && (!urlPath || active) && (
          <ListComponent.Provider value={ListView}>
            <DetailDrawer detail={list.detail} list={list} entity={entity} id={detail} context={context} onClose={closeDetail} onChanged={reload} />
          </ListComponent.Provider>
        )}
      </Suspense>
    </>
  );
  if (embedded) return <div data-testid={`list-${entity.name}`}>{body}</div>;
  return <Card title={title} data-testid={`list-${entity.name}`}>{body}</Card>;
}
