/**
 * A declared report: filters, the dimensions to group by (up to three), an ECharts chart of the
 * first dimension (series by measure, or by the second dimension), and a table — a pivot when
 * two dimensions are chosen — with the summary row. ECharts loads with this screen only.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { DownloadOutlined } from '@ant-design/icons';
import type { EntityLookup, ResolvedEntity } from '../../../schemas/src/entity-schema';
import { invoke, invokeDownload } from '../../../api/call';
import { saveFile } from '../../../api/http';
import { loadEntity, uiEntry, type UiEntry } from '../../meta';
import { rememberTitles } from '../../reference/titles';
import type { ReportDef } from '../../router/types';
import { QueryBar, type QueryParams } from '../list/QueryBar';
import { filterEntities, queryItems } from '../list/useListMeta';
import { resolveFixed } from '../list/fixed';
import { Chart, chartOption, dimLabel, drillHref, formatMeasure, type Dim, type ReportResult } from './chart';

export { chartOption, formatMeasure };

type Result = ReportResult;

export default function ReportView({ report, embedded, params, title }: { report: ReportDef; embedded?: boolean; params?: Record<string, string>; title?: string }) {
  const [meta, setMeta] = useState<{ entity: ResolvedEntity; entry: UiEntry; related: EntityLookup }>();
  const [filters, setFilters] = useState<QueryParams>({});
  const [dims, setDims] = useState<string[]>(report.dims ?? []);
  const [data, setData] = useState<Result>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    uiEntry(report.api).then(async (entry) => {
      const entity = await loadEntity(entry.entity!);
      setMeta({ entry, entity, related: await filterEntities(entity, entry) });
    }).catch((err: Error) => setError(err.message));
  }, [report.api]);
  const fixedKey = JSON.stringify(resolveFixed(report.fixed, params) ?? {});
  const fixed = useMemo(() => Object.fromEntries(Object.entries(JSON.parse(fixedKey) as Record<string, unknown>).map(([k, v]) => [k, String(v)])), [fixedKey]);
  const query = useMemo(() => ({ ...filters, ...fixed, ...(dims.length ? { dims } : {}) }), [filters, fixed, dims]);
  useEffect(() => {
    if (!meta) return;
    let alive = true;
    setLoading(true);
    invoke<Result>(report.api, { query })
      .then((r) => { if (alive) { rememberTitles(r.refs); setData(r); } })
      .catch((err: Error) => alive && setError(err.message))
      .finally(() => alive && setLoading(false));
    return () => { alive = false; };
  }, [meta, query, report.api]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!meta) return <Spin />;
  const available = meta.entry.report?.dimensions ?? [];
  const items = queryItems(meta.entity, meta.entry, report.query, meta.related);
  const option = data ? chartOption(report, data) : null;
  const d = data?.dimensions ?? [];
  const pivot = data && d.length === 2;
  const drill = report.drill;
  const href = drill && data ? (row: Record<string, unknown>) => drillHref(drill, row, data.dimensions, { ...filters, ...fixed }) : undefined;
  const table = data && report.table !== false && (pivot ? pivotTable(data) : plainTable(data, href, drill?.title));
  const onPick = href && data ? (name: string, seriesName: string) => {
    const [d1, d2] = data.dimensions as [Dim, Dim | undefined];
    const row = data.rows.find((r) => dimLabel(d1, r[d1.name], data.refs) === name && (!d2 || dimLabel(d2, r[d2.name], data.refs) === seriesName));
    if (row) navigate(href(d2 ? row : { [d1.name]: row[d1.name] }));
  } : undefined;

  const body = (
    <div data-testid="report">
      {items.length > 0 && <QueryBar items={items} params={filters} onSearch={setFilters} />}
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>分析维度</Typography.Text>
        <Select mode="multiple" style={{ minWidth: 260 }} maxCount={3} value={dims.length ? dims : [available[0]?.name ?? available[0]?.field ?? '']}
          options={available.map((x) => ({ value: x.name ?? x.field, label: x.title ?? meta.entity.fields[x.field]?.title ?? x.field }))}
          onChange={(v) => setDims(v)} data-testid="report-dims" />
        {report.export !== false && (
          <Button icon={<DownloadOutlined />} onClick={async () => saveFile(await invokeDownload(report.api, { query: { ...query, export: true } }))}>导出Excel</Button>
        )}
      </Space>
      <Spin spinning={loading}>
        {data && !data.rows.length ? <Empty description="没有符合条件的数据" /> : null}
        {option && report.chart && <Chart option={option} onPick={onPick} />}
        {table}
      </Spin>
    </div>
  );
  return embedded ? body : <Card title={title}>{body}</Card>;
}

function plainTable(data: Result, href?: (row: Record<string, unknown>) => string, drillTitle?: string) {
  const columns = [
    ...data.dimensions.map((dim, i) => ({ key: dim.name, title: dim.title, dataIndex: dim.name,
      // The first dimension's cell drills to the records behind the row.
      render: (v: unknown, row: Record<string, unknown>) => (href && i === 0 ? <Link to={href(row)} title={drillTitle ?? '查看明细'} data-testid="report-drill">{dimLabel(dim, v, data.refs)}</Link> : dimLabel(dim, v, data.refs)) })),
    ...data.measures.map((m) => ({ key: m.name, title: m.title, dataIndex: m.name, align: 'right' as const, render: (v: unknown) => formatMeasure(m, v) })),
  ];
  return (
    <Table size="small" rowKey="__key" dataSource={data.rows.map((r, i) => ({ ...r, __key: i }))} columns={columns} pagination={data.rows.length > 50 ? { pageSize: 50 } : false} scroll={{ x: 'max-content' }}
      summary={() => (
        <Table.Summary.Row>
          {data.dimensions.map((dim, i) => <Table.Summary.Cell key={dim.name} index={i}>{i === 0 ? <Typography.Text strong>合计</Typography.Text> : null}</Table.Summary.Cell>)}
          {data.measures.map((m, i) => <Table.Summary.Cell key={m.name} index={data.dimensions.length + i} align="right"><Typography.Text strong>{formatMeasure(m, data.summary[m.name])}</Typography.Text></Table.Summary.Cell>)}
        </Table.Summary.Row>
      )} />
  );
}

function pivotTable(data: Result) {
  const [d1, d2] = data.dimensions as [Dim, Dim];
  const m = data.measures[0]!;
  const cols = [...new Set(data.rows.map((r) => dimLabel(d2, r[d2.name], data.refs)))];
  const rowKeys = [...new Set(data.rows.map((r) => dimLabel(d1, r[d1.name], data.refs)))];
  const rows = rowKeys.map((k) => {
    const row: Record<string, unknown> = { key: k, [d1.name]: k };
    let total = 0;
    for (const c of cols) {
      const v = data.rows.find((r) => dimLabel(d1, r[d1.name], data.refs) === k && dimLabel(d2, r[d2.name], data.refs) === c)?.[m.name] ?? null;
      row[c] = v;
      total += Number(v ?? 0);
    }
    row.__total = m.format === 'percent' ? null : total;
    return row;
  });
  return (
    <Table size="small" rowKey="key" dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} data-testid="pivot"
      columns={[
        { key: d1.name, title: `${d1.title} \\ ${d2.title}`, dataIndex: d1.name, fixed: 'left' },
        ...cols.map((c) => ({ key: c, title: c, dataIndex: c, align: 'right' as const, render: (v: unknown) => formatMeasure(m, v) })),
        { key: '__total', title: `${m.title}合计`, dataIndex: '__total', align: 'right' as const, render: (v: unknown) => formatMeasure(m, v) },
      ]} />
  );
}
