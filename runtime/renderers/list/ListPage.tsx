/** Generic renderer of kind=list pages: query bar, server-paged sortable table, actions opening the form. */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Space, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { hasPermission } from '../../../schemas/src/permission';
import { invoke } from '../../../api/call';
import { useSession } from '../../session/store';
import { regionTree, staffList, departmentList } from '../../reference/lists';
import { useReference } from '../../reference/useReference';
import type { PageAction, PageDef } from '../../router/types';
import { renderCell, type ReferenceData } from './cells';
import { QueryBar, type QueryValues } from './QueryBar';

const FormDrawer = lazy(() => import('../form/FormDrawer'));

type Row = Record<string, unknown>;

interface PageResult {
  list: Row[];
  total: number;
}

export interface OpenForm {
  action: PageAction;
  mode: 'create' | 'edit' | 'view';
  id?: string | number;
}

const PAGE_SIZES = ['10', '20', '50', '100'];

export default function ListPage({ page }: { page: PageDef }) {
  const list = page.list!;
  const { roles } = useSession();
  const held = roles ?? [];
  const needs = (ref: string) => list.columns.some((column) => column.ref === ref) || (list.query ?? []).some((field) => field.type === ref);
  const refs: ReferenceData = {
    staff: useReference(staffList, needs('staff')),
    region: useReference(regionTree, needs('region')),
    department: useReference(departmentList, needs('department')),
  };

  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(list.pageSize ?? 20);
  const [sort, setSort] = useState<{ sortField?: string; sortOrder?: 'asc' | 'desc' }>({});
  const [filters, setFilters] = useState<QueryValues>({});
  const [data, setData] = useState<PageResult>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);
  const [open, setOpen] = useState<OpenForm | null>(null);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    invoke<PageResult>(list.api.page, { query: { pageNo, pageSize, ...sort, ...(filters as Record<string, string>) } })
      .then((result) => alive && setData({ list: result.list ?? [], total: result.total ?? 0 }))
      .catch(() => alive && setData({ list: [], total: 0 }))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [list.api.page, pageNo, pageSize, sort, filters, reloadTick]);

  const allowed = useCallback((action: PageAction) => !action.permission || hasPermission(held, action.permission), [held]);
  const rowActions = (list.rowActions ?? []).filter(allowed);
  const toolbar = (list.actions ?? []).filter(allowed);

  const columns = useMemo<TableProps<Row>['columns']>(() => {
    const base = list.columns.map((column) => ({
      key: column.field,
      dataIndex: column.field,
      title: column.title,
      width: column.width,
      ellipsis: column.ellipsis,
      fixed: column.fixed,
      sorter: column.sorter ? true : undefined,
      sortOrder: sort.sortField === column.field ? (sort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (value: unknown) => renderCell(column, value, refs),
    }));
    if (rowActions.length === 0) return base;
    return [
      ...base,
      {
        key: '__actions',
        title: '操作',
        fixed: 'right' as const,
        width: 60 + rowActions.length * 50,
        render: (_: unknown, row: Row) => (
          <Space size={4}>
            {rowActions.map((action) => (
              <Button
                key={action.type + action.title}
                type="link"
                size="small"
                onClick={() => setOpen({ action, mode: action.type === 'edit' ? 'edit' : 'view', id: row[list.rowKey] as number })}
              >
                {action.title}
              </Button>
            ))}
          </Space>
        ),
      },
    ];
  }, [list, refs.staff, refs.region, refs.department, sort, rowActions.length]);

  return (
    <Card title={page.meta.title}>
      {list.query && list.query.length > 0 && (
        <QueryBar
          fields={list.query}
          refs={refs}
          onSearch={(values) => {
            setPageNo(1);
            setFilters(values);
          }}
        />
      )}
      {toolbar.length > 0 && (
        <Space style={{ marginBottom: 16 }}>
          {toolbar
            .filter((action) => action.type === 'create')
            .map((action) => (
              <Button key={action.title} type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ action, mode: 'create' })}>
                {action.title}
              </Button>
            ))}
        </Space>
      )}
      <Table<Row>
        rowKey={list.rowKey}
        size="middle"
        loading={loading}
        dataSource={data.list}
        columns={columns}
        scroll={{ x: 'max-content' }}
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
          showTotal: (total) => `共 ${total} 条`,
        }}
      />
      {open && (
        <Suspense fallback={null}>
          <FormDrawer
            title={open.mode === 'create' ? open.action.title : `${open.action.title}${page.meta.title.replace(/列表$/, '')}`}
            formName={open.action.form ?? ''}
            mode={open.mode}
            id={open.id}
            rowKey={list.rowKey}
            api={list.api}
            onClose={() => setOpen(null)}
            onSaved={() => {
              setOpen(null);
              setReloadTick((tick) => tick + 1);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
