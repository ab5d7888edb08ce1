/**
 * The generic list (RuoYi/Jeecg pattern, ProTable habits): query bar → toolbar (新增, 导出Excel,
 * 导入, batch actions on selected rows; refresh, density, column settings) → server-paged table
 * whose columns, cells and sorters come from the entity → 本页合计 for money. Filters, paging and
 * sort live in the address bar, so reload, back and a shared link keep them; `?<id field>=n`
 * opens that record's detail. Row actions show only where the row's state and the user's
 * permissions allow them.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App, Alert, Button, Card, Checkbox, Dropdown, Popover, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import { ColumnHeightOutlined, DownloadOutlined, DownOutlined, PlusOutlined, ReloadOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { hasPermission } from '../../../schemas/src/permission';
import { thousands } from '../../../schemas/src/format';
import { invoke, invokeDownload, mayCall } from '../../../api/call';
import { ApiError, saveFile } from '../../../api/http';
import { useSession } from '../../session/store';
import { antdSize, useSettings } from '../../shell/settings';
import { rememberTitles } from '../../reference/titles';
import type { ColumnDef, ListDef, PageAction } from '../../router/types';
import { cellKind, fieldOf, isNumeric, renderValue, type Refs } from '../cells';
import { fillValues } from './fixed';
import { QueryBar, type QueryParams } from './QueryBar';
import { useListMeta, type ListMeta } from './useListMeta';
import { ApproveDialog, callRequest, checkRequest, needsDialog, reportActionError, runTransition, TransitionDialog, type TransitionRequest } from '../common/ActionDialogs';
import { entityScope, planAction, sendPlanned } from '../common/rowCall';
import type { PlannedCall } from '../common/actionRequest';

const FormDrawer = lazy(() => import('../form/FormDrawer'));
const DetailDrawer = lazy(() => import('../detail/DetailView').then((m) => ({ default: m.DetailDrawer })));
const ImportDialog = lazy(() => import('./ImportDialog'));

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
type Density = 'large' | 'middle' | 'small';

export interface ListViewProps {
  list: ListDef;
  title?: string;
  /** the page's path: filters, paging and sort sync with the address bar while it is shown */
  urlPath?: string;
  /** filters fixed by the context (a related list's parent id, route parameters) */
  fixed?: Record<string, unknown>;
  /** create: initial values (a related list's parent id) */
  createValues?: Record<string, unknown>;
  embedded?: boolean;
  /** called after any change (create, edit, transition) so a parent view can refresh */
  onChanged?: () => void;
  /**
   * A tab's list (no urlPath of its own) on the page being shown: `?<rowKey>=` in the address
   * (a notice's link) opens that record's detail, and closing it takes the parameter away.
   */
  detailFromAddress?: boolean;
}

/** Fills {field} placeholders from a row (or route parameters). */
export function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
}

/**
 * A new record's starting values: the list's context (a related list's parent id), then the
 * action's values filled from the context and, for a row's action, the row. An action with its
 * own create `api` makes another kind of record from the row (创建项目 from a contract): only its
 * values apply.
 */
export function createInitialValues(action: PageAction, createValues: Record<string, unknown> | undefined, fixed: Record<string, unknown> | undefined, row?: Row): Record<string, unknown> {
  const filled = fillValues(action.values, { ...(fixed ?? {}), ...(row ?? {}) });
  return action.api ? filled : { ...(createValues ?? {}), ...filled };
}

function matchesWhen(row: Row, when: Record<string, unknown> | undefined): boolean {
  return Object.entries(when ?? {}).every(([k, v]) => (Array.isArray(v) ? v.some((x) => String(x) === String(row[k])) : String(v) === String(row[k])));
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

export function ListView({ list, title, urlPath, fixed, createValues, embedded, onChanged, detailFromAddress }: ListViewProps) {
  const { meta, error } = useListMeta(list);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!meta) return <Card loading title={title} />;
  return <ListBody list={list} meta={meta} title={title} urlPath={urlPath} fixed={fixed} createValues={createValues} embedded={embedded} onChanged={onChanged} detailFromAddress={detailFromAddress} />;
}

function ListBody({ list, meta, title, urlPath, fixed, createValues, embedded, onChanged, detailFromAddress }: ListViewProps & { meta: ListMeta }) {
  const { entity } = meta;
  const rowKey = list.rowKey ?? entity.idField;
  const { roles } = useSession();
  const { modal, message } = App.useApp();
  const held = roles ?? [];
  const location = useLocation();
  const navigate = useNavigate();
  const active = Boolean(urlPath) && location.pathname === urlPath;
  const initial = useMemo(() => (urlPath ? readParams(location.search, meta) : { params: {}, control: {} }), []); // eslint-disable-line react-hooks/exhaustive-deps
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
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  // Follows the shell's global size (Default/Medium/Small/Mini), so that switch reaches tables too;
  // the table's own density menu overrides it until the global size changes again.
  const { size: globalSize } = useSettings();
  const [density, setDensity] = useState<Density>(() => antdSize(globalSize));
  useEffect(() => setDensity(antdSize(globalSize)), [globalSize]);
  const storageKey = `list-columns:${urlPath ?? list.api.page}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      const saved = localStorage.getItem(storageKey);
      if (saved) return JSON.parse(saved) as string[];
    } catch { /* private mode */ }
    return list.columns.filter((c) => typeof c !== 'string' && c.hidden).map((c) => (c as ColumnDef).field);
  });
  const [form, setForm] = useState<{ action: PageAction; mode: 'create' | 'edit' | 'view' | 'act'; id?: number; row?: Row; call?: PlannedCall } | null>(null);
  const [detail, setDetail] = useState<number | null>(() => {
    const id = (urlPath || detailFromAddress) && list.detail ? Number(new URLSearchParams(location.search).get(rowKey)) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  });
  const [transition, setTransition] = useState<TransitionRequest | null>(null);
  const [approve, setApprove] = useState<{ api: string; rows: Row[] } | null>(null);
  const [importing, setImporting] = useState(false);
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
  const scope = useMemo(() => entityScope(entity, rowKey), [entity, rowKey]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    invoke<PageResult>(list.api.page, { query })
      .then((result) => {
        if (!alive) return;
        rememberTitles(result.refs);
        setData({ list: result.list ?? [], total: result.total ?? 0, totalCapped: result.totalCapped, refs: result.refs ?? {}, approvable: result.approvable ?? [] });
        setSelected([]);
      })
      .catch(() => alive && setData({ list: [], total: 0 }))
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

  // The action's own permission, and its call's: a button the server would refuse with 403 is not shown.
  const allowed = useCallback((a: PageAction) => (!a.permission || hasPermission(held, a.permission)) && (!a.api || mayCall(a.api, held)), [held]);
  const actionAllowedOn = useCallback((a: PageAction, row: Row): boolean => {
    if (!allowed(a) || !matchesWhen(row, a.when)) return false;
    if (a.type === 'transition') {
      const t = meta.transitions.get(a.api!);
      if (!t || t.system) return false;
      if (t.permission && !hasPermission(held, t.permission)) return false;
      return t.from.some((f) => String(f) === String(row[t.field]));
    }
    if (a.type === 'approve') return (data.approvable ?? []).includes(Number(row[rowKey]));
    return true;
  }, [allowed, meta, held, data.approvable, rowKey]);

  const titleOfAction = (a: PageAction) => a.title ?? (a.type === 'transition' ? meta.transitions.get(a.api!)?.title : undefined) ?? ({ create: '新增', edit: '编辑', view: '查看', remove: '删除', approve: '审核', export: '导出Excel', import: '导入', link: '打开', transition: '操作', form: '处理', call: '执行' } as const)[a.type];

  /** A transition (or a call asking for fields): its dialog, or a plain confirmation. */
  const runRequest = (req: TransitionRequest, a: PageAction) => {
    checkRequest(req); // refuses on the click what the path rule cannot fill
    const t = req.transition;
    if (needsDialog(t)) return setTransition(req);
    return modal.confirm({
      title: a.confirm ?? t.confirm ?? `确定${req.title}？`, okText: '确定', cancelText: '取消', okButtonProps: { danger: t.danger },
      onOk: async () => {
        try {
          const said = await runTransition(req);
          void message.success(said);
          reload();
        } catch (err) {
          void message.error((err as ApiError).message);
        }
      },
    });
  };

  const run = async (a: PageAction, rows: Row[]) => {
    try {
      return await act(a, rows);
    } catch (err) {
      // A definition the path rule cannot serve (or any other failure raised here) says what it is.
      reportActionError(err, (text) => void message.error(text));
      return undefined;
    }
  };

  const act = async (a: PageAction, rows: Row[]) => {
    const ids = rows.map((r) => Number(r[rowKey]));
    switch (a.type) {
      case 'create':
        return setForm({ action: a, mode: 'create', row: rows[0] });
      case 'edit':
        return setForm({ action: a, mode: 'edit', id: ids[0] });
      case 'view':
        return list.detail ? setDetail(ids[0]!) : setForm({ action: a, mode: 'view', id: ids[0] });
      case 'link':
        return navigate(fill(a.to!, rows[0] ?? {}));
      case 'remove': {
        const api = a.api ?? list.api.remove!;
        const calls = planAction(api, scope, rows.slice(0, 1), context);
        return modal.confirm({
          title: a.confirm ?? '确定删除该记录？', okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
          onOk: async () => {
            await sendPlanned(api, calls.map((c) => ({ params: c.params, body: {} })));
            void message.success('已删除');
            reload();
          },
        });
      }
      case 'form':
        return setForm({ action: a, mode: 'act', id: ids[0], row: rows[0], call: a.api ? planAction(a.api, scope, rows.slice(0, 1), context)[0] : undefined });
      case 'call': {
        const req = { ...callRequest(entity, { ...a, title: titleOfAction(a) }, rows, context), idField: rowKey };
        // Fields to ask for, or several selected rows: the dialog path shared with transitions.
        if (a.fields?.length || rows.length !== 1) return runRequest(req, a);
        const calls = planAction(a.api!, scope, rows, context);
        const title = titleOfAction(a)!;
        return modal.confirm({
          title: a.confirm ?? `确定${title}？`, okText: '确定', cancelText: '取消',
          onOk: async () => {
            const [result] = await sendPlanned<{ message?: string } | null>(a.api!, calls);
            void message.success(result && typeof result === 'object' && typeof result.message === 'string' ? result.message : `${title}成功`);
            reload();
          },
        });
      }
      case 'approve':
        planAction(a.api!, scope, rows, context, { idInBody: true });
        return setApprove({ api: a.api!, rows });
      case 'transition':
        return runRequest({ entity, transition: meta.transitions.get(a.api!)!, api: a.api!, title: titleOfAction(a)!, records: rows, context, idField: rowKey }, a);
      case 'export': {
        setExporting(true);
        try {
          const columns = visibleColumns.map((c) => c.field).filter((f) => entity.fields[f] || f === 'createdAt' || f === 'updatedAt');
          saveFile(await invokeDownload(list.api.export!, { query: { ...sort, ...params, ...fixedParams, columns } }));
        } catch (err) {
          if (!(err instanceof ApiError)) void message.error('导出失败');
        } finally {
          setExporting(false);
        }
        return undefined;
      }
      case 'import':
        return setImporting(true);
    }
    return undefined;
  };

  const columnDefs = useMemo(() => list.columns.map((c) => (typeof c === 'string' ? { field: c } : c)), [list.columns]);
  const visibleColumns = columnDefs.filter((c) => !hidden.includes(c.field));
  const rowActions = (list.rowActions ?? []).filter(allowed);
  const toolbar = (list.actions ?? []).filter(allowed);
  const batch = toolbar.filter((a) => a.type === 'transition' || a.type === 'approve' || a.type === 'call');

  const columns = useMemo<TableProps<Row>['columns']>(() => {
    const refs = data.refs ?? {};
    const base = visibleColumns.map((c) => {
      const f = fieldOf(entity, c.field);
      const kind = f ? cellKind(f) : 'text';
      return {
        key: c.field,
        dataIndex: c.field,
        title: c.title ?? f?.title ?? c.field,
        width: c.width ?? f?.width ?? WIDTH[kind] ?? 120,
        ellipsis: c.ellipsis ?? (kind === 'longText' || kind === 'text'),
        fixed: c.fixed,
        align: f && isNumeric(f) ? ('right' as const) : undefined,
        sorter: meta.sortable.has(c.field) ? true : undefined,
        sortOrder: sort.sortField === c.field ? (sort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        render: (value: unknown, row: Row) => {
          const content = f ? renderValue(f, value, refs) : String(value ?? '-');
          if (c.link === 'detail') return <Typography.Link onClick={() => run({ type: 'view' }, [row])}>{content}</Typography.Link>;
          if (c.link) return <Typography.Link onClick={() => navigate(fill(c.link!, row))}>{content}</Typography.Link>;
          return content;
        },
      };
    });
    if (!rowActions.length) return base;
    return [
      ...base,
      {
        key: '__actions',
        title: '操作',
        fixed: 'right' as const,
        width: 190,
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
      {columnDefs.map((c) => (
        <div key={c.field}>
          <Checkbox checked={!hidden.includes(c.field)} onChange={(e) => {
            const next = e.target.checked ? hidden.filter((x) => x !== c.field) : [...hidden, c.field];
            setHidden(next);
            try { localStorage.setItem(storageKey, JSON.stringify(next)); } catch { /* ignore */ }
          }}>
            {c.title ?? fieldOf(entity, c.field)?.title ?? c.field}
          </Checkbox>
        </div>
      ))}
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
                  <Button disabled={!ok} onClick={() => void run(a, rows)}>{`批量${titleOfAction(a)}`}{rows.length ? `(${rows.length})` : ''}</Button>
                </Tooltip>
              );
            }
            if (a.type === 'link') return <Button key={key} onClick={() => navigate(fill(a.to!, fixed ?? {}))}>{titleOfAction(a)}</Button>;
            if (a.type === 'form') return <Button key={key} onClick={() => void run(a, [])}>{titleOfAction(a)}</Button>;
            return null;
          })}
        </Space>
        <Space>
          <Tooltip title="刷新"><Button icon={<ReloadOutlined />} onClick={() => setTick((t) => t + 1)} aria-label="刷新" /></Tooltip>
          <Dropdown menu={{ selectable: true, selectedKeys: [density], items: [{ key: 'large', label: '宽松' }, { key: 'middle', label: '中等' }, { key: 'small', label: '紧凑' }], onClick: ({ key }) => setDensity(key as Density) }}>
            <Tooltip title="密度"><Button icon={<ColumnHeightOutlined />} aria-label="密度" /></Tooltip>
          </Dropdown>
          <Popover trigger="click" title="列设置" content={settings} placement="bottomRight">
            <Tooltip title="列设置"><Button icon={<SettingOutlined />} aria-label="列设置" /></Tooltip>
          </Popover>
        </Space>
      </div>
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
      <Suspense fallback={null}>
        {form && form.mode !== 'act' && (
          <FormDrawer
            title={form.mode === 'create' ? titleOfAction(form.action)! : `${titleOfAction(form.action)}${entity.title}`}
            formName={form.action.form ?? list.form ?? ''}
            mode={form.mode}
            id={form.id}
            rowKey={rowKey}
            api={form.mode === 'create' && form.action.api ? { create: form.action.api } : list.api}
            initialValues={form.mode === 'create' ? createInitialValues(form.action, createValues, fixed, form.row) : undefined}
            onClose={() => setForm(null)}
            onSaved={() => { setForm(null); reload(); }}
          />
        )}
        {form && form.mode === 'act' && (
          <FormDrawer
            title={form.row ? `${titleOfAction(form.action)}：${String(form.row[entity.titleField ?? rowKey] ?? '')}` : titleOfAction(form.action)!}
            formName={form.action.form!}
            mode="create"
            rowKey={rowKey}
            api={{ create: form.action.api }}
            params={form.call?.params ?? {}}
            extraBody={form.call?.body ?? {}}
            initialValues={Object.fromEntries(Object.entries(form.action.values ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^\{\w+\}$/.test(v) ? form.row?.[v.slice(1, -1)] : v]))}
            onClose={() => setForm(null)}
            onSaved={() => { setForm(null); reload(); }}
          />
        )}
        {/* A kept-alive page that is not shown keeps its open record (the address has it) but not its drawer over the shown page. */}
        {detail !== null && list.detail && (!urlPath || active) && (
          <DetailDrawer detail={list.detail} list={list} entity={entity} id={detail} context={context} onClose={closeDetail} onChanged={reload} />
        )}
        {importing && list.api.import && (
          <ImportDialog title={title ?? entity.title} api={list.api.import} templateApi={list.api.importTemplate!} onClose={() => setImporting(false)} onImported={reload} />
        )}
      </Suspense>
      {transition && <TransitionDialog req={transition} onClose={() => setTransition(null)} onDone={() => { setTransition(null); void message.success(`${transition.title}成功`); reload(); }} />}
      {approve && <ApproveDialog api={approve.api} entity={entity} records={approve.rows} context={context} idField={rowKey} onClose={() => setApprove(null)} onDone={() => { setApprove(null); void message.success('审核已提交'); reload(); }} />}
    </>
  );
  if (embedded) return <div data-testid={`list-${entity.name}`}>{body}</div>;
  return <Card title={title} data-testid={`list-${entity.name}`}>{body}</Card>;
}
