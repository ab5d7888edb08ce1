/**
 * A record's detail, as a drawer from its list or as a page of its own: a header with the
 * record's name, state tags and key fields; the actions its state and the user allow; tabs for
 * fields, child lines, related lists (by reference), attachments and activity (approval,
 * state timeline, operation log with field-level changes).
 */
import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Grid, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import type { ResolvedEntity, ResolvedTransition } from '../../../schemas/src/entity-schema';
import { invoke, mayCall } from '../../../api/call';
import { callApi } from '../../../api/generated/client';
import { useSession } from '../../session/store';
import { loadEntityWithChildren, peekEntity, uiEntry } from '../../meta';
import { rememberTitles } from '../../reference/titles';
import { enumLabel } from '../../reference/enums';
import type { DetailDef, DetailTab, ListDef, PageDef } from '../../router/types';
import { screens } from '../../screens/registry';
import { fieldOf, renderValue, type Refs } from '../cells';
import { SchemaField } from '../form/components';
import { FileLinks } from '../common/FilePreview';
import { compileNamedForm, type CompiledForm } from '../form/compiled';
import { FormEntityProvider } from '../fields/form-text';
import { actionPermitted, actionShownOn, fill, useActionRunner } from '../common/actions';
import { useEventLink } from '../../realtime/useEventLink';
import { ListComponent } from '../common/views';

const ReportView = lazy(() => import('../report/ReportView'));

type Row = Record<string, any>;

interface Activity {
  timeline: Row[];
  logs: Row[];
  approval: null | { approvalId: number; transitionTitle: string; currentNodeName: string; nodes: { seq: number; name: string; mode: string; approvers: number[] }[]; tasks: Row[]; canDecide: boolean };
}

export function DetailDrawer({ detail, list, entity, id, context, onClose, onChanged }: { detail: DetailDef; list: ListDef; entity: ResolvedEntity; id: number; context?: Record<string, unknown>; onClose: () => void; onChanged?: () => void }) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer open width={screens.md ? 1000 : '100%'} title={`${entity.title}详情`} onClose={onClose} destroyOnHidden>
      <DetailBody detail={detail} list={list} entity={entity} id={id} context={context} onChanged={onChanged} onRemoved={onClose} />
    </Drawer>
  );
}

export function stateTags(entity: ResolvedEntity, row: Row) {
  return entity.stateFields.map((f) => {
    const def = entity.fields[f];
    const e = def?.enum ? enumLabel(def.enum, row[f]) : undefined;
    return e ? <Tag key={f} color={e.color && e.color !== 'default' ? e.color : 'blue'}>{def!.title}：{e.label}</Tag> : null;
  });
}

export function DetailBody({ detail, list, entity, id, context, onChanged, onRemoved }: { detail: DetailDef; list: ListDef; entity: ResolvedEntity; id: number; context?: Record<string, unknown>; onChanged?: () => void; onRemoved?: () => void }) {
  const { roles } = useSession();
  const held = roles ?? [];
  const getApi = detail.api?.get ?? list.api.get!;
  const [record, setRecord] = useState<Row>();
  const [activity, setActivity] = useState<Activity>();
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);
  const [transitions, setTransitions] = useState<Map<string, ResolvedTransition>>(new Map());

  const actions = useMemo(() => (detail.actions ?? list.rowActions ?? []).filter((a) => a.type !== 'view' && actionPermitted(a, held)), [detail, list, held]);
  const refresh = useCallback(() => {
    setTick((t) => t + 1);
    onChanged?.();
  }, [onChanged]);

  useEffect(() => {
    let alive = true;
    (async () => {
      await loadEntityWithChildren(entity.name);
      const row = await invoke<Row & { refs?: Refs }>(getApi, { params: { [entity.idField]: id } });
      rememberTitles(row.refs);
      const act = await callApi<Activity>('meta.activity', { params: { entity: entity.name, id } }, { silent: true }).catch(() => undefined);
      const map = new Map<string, ResolvedTransition>();
      await Promise.all(actions.filter((a) => a.type === 'transition' && a.api).map(async (a) => {
        const e = await uiEntry(a.api!);
        const t = entity.transitions.find((x) => x.name === e.transition);
        if (t) map.set(a.api!, t);
      }));
      if (alive) {
        setRecord(row);
        setActivity(act);
        setTransitions(map);
      }
    })().catch((err: Error) => alive && setError(err.message));
    return () => {
      alive = false;
    };
  }, [id, tick]); // eslint-disable-line react-hooks/exhaustive-deps

  const { run, title: titleOf, dialogs } = useActionRunner({
    entity, rowKey: entity.idField, api: { get: getApi, update: list.api.update, remove: list.api.remove }, form: list.form, transitions, context: context ?? {},
    onChanged: refresh,
    // the record is gone: the list refreshes and the drawer closes (reading it again would fail)
    onRemoved: () => { onChanged?.(); onRemoved?.(); },
  });
  const eventLink = useEventLink();

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!record) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const refs = record.refs ?? {};
  const visible = (a: (typeof actions)[number]) => actionShownOn(a, record, { held, transitions, canApprove: () => Boolean(activity?.approval?.canDecide), place: 'detail', eventLink });
  const name = [entity.number ? record[entity.number.field] : null, entity.titleField && entity.titleField !== entity.number?.field ? record[entity.titleField] : null].filter(Boolean).join(' ');
  const header = (detail.header ?? []).map((f) => ({ key: f, label: fieldOf(entity, f)?.title ?? f, children: fieldOf(entity, f) ? renderValue(fieldOf(entity, f)!, record[f], refs) : String(record[f] ?? '-') }));

  return (
    <div data-testid="detail">
      <Space align="start" style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space direction="vertical" size={4}>
          <Typography.Title level={4} style={{ margin: 0 }}>{name || `${entity.title} #${id}`}</Typography.Title>
          <Space wrap size={4}>{stateTags(entity, record)}</Space>
        </Space>
        <Space wrap>
          {actions.filter(visible).map((a, i) => (
            <Button key={`${a.type}${i}`} type={i === 0 ? 'primary' : 'default'} danger={a.type === 'remove'} onClick={() => void run(a, [record])}>{titleOf(a)}</Button>
          ))}
        </Space>
      </Space>
      {activity?.approval && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="approval-status"
          message={`${activity.approval.transitionTitle}审批中：当前节点「${activity.approval.currentNodeName}」${activity.approval.canDecide ? '，等待您审批' : ''}`} />
      )}
      {header.length > 0 && <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} items={header} style={{ marginBottom: 12 }} />}
      <Tabs
        destroyOnHidden
        // keyed by the refresh: an action on the record (发布 creating its quote rows, say) reloads the related lists too
        items={detail.tabs.map((t, i) => ({ t, i })).filter(({ t }) => tabAllowed(t, held))
          .map(({ t, i }) => ({ key: String(i), label: tabTitle(t, entity), children: <TabBody key={tick} tab={t} entity={entity} record={record} id={id} activity={activity} onChanged={refresh} /> }))}
      />
      {dialogs}
    </div>
  );
}

/** A tab reading through a call of its own (a related list, a report, a timeline) shows only to whoever may make that call. */
function tabAllowed(t: DetailTab, held: readonly string[]): boolean {
  const api = t.type === 'related' ? t.list?.api.page : t.type === 'report' ? t.report?.api : t.type === 'timeline' || t.type === 'screen' ? t.api : undefined;
  return !api || mayCall(api, held);
}

function tabTitle(t: DetailTab, entity: ResolvedEntity): string {
  if (t.title) return t.title;
  switch (t.type) {
    case 'fields': return '基本信息';
    case 'children': return entity.children[t.name ?? '']?.title ?? '明细';
    case 'attachments': return entity.fields[t.name ?? '']?.title ?? '附件';
    case 'activity': return '审批与操作记录';
    default: return '相关';
  }
}

function TabBody({ tab, entity, record, id, activity, onChanged }: { tab: DetailTab; entity: ResolvedEntity; record: Row; id: number; activity?: Activity; onChanged: () => void }) {
  // Whoever opened this detail (a list, a detail page) provides the list its related tabs show.
  const RelatedList = useContext(ListComponent);
  switch (tab.type) {
    case 'fields':
      return tab.form ? <FormFields form={tab.form} record={record} /> : <AllFields entity={entity} record={record} />;
    case 'children':
      return <ChildLines entity={entity} name={tab.name!} record={record} />;
    case 'related':
      return RelatedList && <RelatedList list={tab.list!} embedded fixed={{ [tab.key!]: id }} createValues={{ [tab.key!]: id }} onChanged={onChanged} />;
    case 'attachments': {
      const files = (record[tab.name!] ?? []) as { name: string; url: string }[];
      return files.length ? (
        <FileLinks files={files} vertical />
      ) : <Empty description="暂无附件" />;
    }
    case 'activity':
      return <ActivityView entity={entity} activity={activity} />;
    case 'timeline':
      return <StepsTimeline api={tab.api!} idField={entity.idField} id={id} />;
    case 'screen': {
      const Piece = screens[tab.component ?? ''];
      const page = { kind: 'custom', path: '', name: 'DetailTab', component: tab.component, meta: { title: tab.title ?? '' } } as unknown as PageDef;
      return Piece ? <Suspense fallback={<Spin />}><Piece page={page} params={{ [entity.idField]: String(id) }} record={record} onChanged={onChanged} /></Suspense> : null;
    }
    case 'report':
      return <Suspense fallback={<Spin />}><ReportView report={{ ...tab.report!, fixed: Object.fromEntries(Object.entries(tab.report!.fixed ?? {}).map(([k, v]) => [k, typeof v === 'string' ? fill(v, record) : v])) }} embedded /></Suspense>;
    default:
      return null;
  }
}

interface Step { at: string; stage: string; document: string; title: string; fromLabel?: string | null; toLabel?: string | null; operatorName?: string | null; comment?: string | null }

/** A record's steps across the documents around it (a project's 全流程), oldest first. */
function StepsTimeline({ api, idField, id }: { api: string; idField: string; id: number }) {
  const [steps, setSteps] = useState<Step[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    invoke<Step[]>(api, { params: { [idField]: id } }).then(setSteps, (err: Error) => setError(err.message));
  }, [api, idField, id]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!steps) return <Spin />;
  if (!steps.length) return <Empty description="暂无流程记录" />;
  return (
    <Timeline data-testid="steps-timeline" items={steps.map((s, i) => ({
      key: i,
      children: (
        <div>
          <Tag color="blue">{s.stage}</Tag>
          <Typography.Text strong>{s.document}</Typography.Text>
          <Typography.Text style={{ marginLeft: 8 }}>{s.title}</Typography.Text>
          {s.fromLabel !== s.toLabel && (s.fromLabel || s.toLabel) ? <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{s.fromLabel ?? '-'} → {s.toLabel ?? '-'}</Typography.Text> : null}
          <div><Typography.Text type="secondary">{s.operatorName ?? '系统'} · {new Date(s.at).toLocaleString('zh-CN', { hour12: false })}</Typography.Text>{s.comment ? <span style={{ marginLeft: 8 }}>意见：{s.comment}</span> : null}</div>
        </div>
      ),
    }))} />
  );
}

function FormFields({ form, record }: { form: string; record: Row }) {
  const [compiled, setCompiled] = useState<CompiledForm>();
  const instance = useMemo(() => createForm({ readPretty: true, initialValues: { ...(record.custom ?? {}), ...record } }), [record]);
  useEffect(() => {
    void compileNamedForm(form, { readOnly: true }).then(setCompiled);
  }, [form]);
  if (!compiled) return <Spin />;
  return (
    <FormProvider form={instance}>
      <PreviewText.Placeholder value="-">
        <FormEntityProvider entity={compiled.entity} resolve={peekEntity}>
          <FormLayout labelWidth={(compiled.definition.config?.labelWidth as number) ?? 100}><SchemaField schema={compiled.schema} /></FormLayout>
        </FormEntityProvider>
      </PreviewText.Placeholder>
    </FormProvider>
  );
}

function AllFields({ entity, record }: { entity: ResolvedEntity; record: Row }) {
  const items = Object.entries(entity.fields).filter(([, f]) => !f.writeOnly && f.type !== 'json').map(([k, f]) => ({
    key: k, label: f.title, children: renderValue(f, record[k], record.refs ?? {}), span: f.type === 'text' ? 2 : 1,
  }));
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />;
}

function ChildLines({ entity, name, record }: { entity: ResolvedEntity; name: string; record: Row }) {
  const c = entity.children[name]!;
  const child = peekEntity(c.entity);
  const lines = (record[name] ?? []) as Row[];
  if (!child) return <Spin />;
  const columns = Object.entries(child.fields).filter(([k, f]) => k !== c.key && f.type !== 'json').map(([k, f]) => ({
    key: k, dataIndex: k, title: f.title, align: ['money', 'number', 'integer'].includes(f.type) ? ('right' as const) : undefined,
    render: (v: unknown) => renderValue(f, v, record.refs ?? {}),
  }));
  return <Table rowKey={child.idField} size="small" pagination={false} dataSource={lines} scroll={{ x: 'max-content' }} columns={[{ key: '__i', title: '序号', width: 60, render: (_: unknown, __: unknown, i: number) => i + 1 }, ...columns]} />;
}

function stateLabel(entity: ResolvedEntity, field: string, value: string | null): string {
  if (value === null) return '-';
  const def = entity.fields[field];
  return (def?.enum ? enumLabel(def.enum, value)?.label : undefined) ?? value;
}

function ActivityView({ entity, activity }: { entity: ResolvedEntity; activity?: Activity }) {
  if (!activity) return <Empty description="无权查看操作记录" />;
  const items = activity.timeline.map((t) => ({
    key: t.transitionLogId,
    color: t.transition === 'reject' ? 'red' : t.transition === 'approve' ? 'green' : 'blue',
    children: (
      <div>
        <Typography.Text strong>{t.title}</Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{t.operatorName ?? '系统'} · {new Date(t.createdAt).toLocaleString('zh-CN', { hour12: false })}</Typography.Text>
        {t.fromState !== t.toState && <div>{stateLabel(entity, t.field, t.fromState)} → {stateLabel(entity, t.field, t.toState)}</div>}
        {t.comment && <div>意见：{t.comment}</div>}
      </div>
    ),
  }));
  return (
    <div data-testid="activity">
      {activity.approval && (
        <Card size="small" title={`当前审批：${activity.approval.transitionTitle}`} style={{ marginBottom: 16 }}>
          <Timeline items={activity.approval.nodes.map((n) => {
            const tasks = activity.approval!.tasks.filter((t) => t.seq === n.seq);
            const done = tasks.some((t) => t.status === 10) && (n.mode !== 'all' || tasks.every((t) => t.status === 10));
            return {
              key: n.seq, color: done ? 'green' : n.seq === activity.approval!.nodes.find((x) => x.name === activity.approval!.currentNodeName)?.seq ? 'blue' : 'gray',
              children: <span>{n.name}（{n.mode === 'all' ? '会签' : '或签'}）：{tasks.map((t) => `${t.staffName ?? t.staffId}${t.status === 10 ? '✓' : t.status === 20 ? '✗' : ''}`).join('、') || '无审批人'}</span>,
            };
          })} />
        </Card>
      )}
      <Typography.Title level={5}>状态流转</Typography.Title>
      {items.length ? <Timeline items={items} /> : <Empty description="暂无流转记录" />}
      <Typography.Title level={5}>操作记录</Typography.Title>
      <Table size="small" rowKey="logId" dataSource={activity.logs} pagination={{ pageSize: 10 }} scroll={{ x: 'max-content' }} columns={[
        { key: 'createdAt', dataIndex: 'createdAt', title: '时间', width: 170, render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }) },
        { key: 'operatorName', dataIndex: 'operatorName', title: '操作人', width: 100 },
        { key: 'action', dataIndex: 'action', title: '操作', width: 100 },
        {
          key: 'content', dataIndex: 'content', title: '变更内容',
          render: (lines: { label: string; before: string | null; after: string | null }[]) => (
            <div>{(lines ?? []).slice(0, 12).map((l, i) => <div key={i}><Typography.Text type="secondary">{l.label}：</Typography.Text>{l.before ?? '空'} → {l.after ?? '空'}</div>)}</div>
          ),
        },
      ]} />
    </div>
  );
}
