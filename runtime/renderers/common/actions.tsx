/**
 * Screen actions on records, shared by the list (row actions, toolbar and batch actions) and the
 * detail (its header's buttons): which actions a user sees for a record, and running them with
 * their dialogs (forms, confirmations, transitions, approvals). One rule for both places, so a
 * button a row offers is the button its detail offers, and both act alike.
 */
import { matchesWhen } from '../../../schemas/src/when';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from 'antd';
import type { ResolvedEntity, ResolvedTransition } from '../../../schemas/src/entity-schema';
import { hasPermission } from '../../../schemas/src/permission';
import { mayCall } from '../../../api/call';
import type { ApiError } from '../../../api/http';
import type { ImportCalls, ListApi, PageAction } from '../../router/types';
import { fillValues } from '../list/fixed';
import { ApproveDialog, callRequest, checkRequest, doneText, needsDialog, reportActionError, runTransition, TransitionDialog, type TransitionRequest } from './ActionDialogs';
import { entityScope, planAction, sendPlanned } from './rowCall';
import type { PlannedCall } from './actionRequest';
import { useEventLink } from '../../realtime/useEventLink';

const FormDrawer = lazy(() => import('../form/FormDrawer'));
const ImportDialog = lazy(() => import('../list/ImportDialog'));

/**
 * The calls an import action makes: its own (`import`: a wizard over a choice, a commit by the
 * checked upload's id), else the list's import and template.
 */
export function importCalls(a: PageAction, api: ActionHost['api']): ImportCalls | undefined {
  if (a.import) return a.import;
  const list = api as ListApi;
  return list.import && list.importTemplate ? { upload: list.import, template: list.importTemplate } : undefined;
}

type Row = Record<string, any>;

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

export { matchesWhen };

/** The action's own permission, and its call's: a button the server would refuse with 403 is not shown. */
export function actionPermitted(a: PageAction, held: readonly string[]): boolean {
  return (!a.permission || hasPermission(held, a.permission)) && (!a.api || mayCall(a.api, held)) && (!a.import || mayCall(a.import.upload, held));
}

export interface RecordActionRule {
  held: readonly string[];
  /** action api → the transition it performs */
  transitions: Map<string, ResolvedTransition>;
  /** whether the user may decide the record's pending approval */
  canApprove: (row: Row) => boolean;
  /**
   * 'detail': the record's own header, where 查看 is pointless, a create needs its own api (it
   * makes another kind of record from this one) and list-wide actions (export, import) do not apply
   */
  place?: 'row' | 'detail';
  /** the page of a message event this user may open (useEventLink): a link action's `event` needs it */
  eventLink?: EventLink;
}

type EventLink = (eventType: number | null | undefined, subjectId: number | null | undefined) => string | undefined;

/** Where a link action leads from a row: its `to` filled from the row, or the page of the row's event (undefined when the user may not open it). */
export function linkTarget(a: PageAction, row: Row | undefined, fallback: Record<string, unknown>, eventLink?: EventLink): string | undefined {
  if (a.event) return row && eventLink ? eventLink(row[a.event.eventType] as number | null, row[a.event.subject] as number | null) : undefined;
  return a.to ? fill(a.to, row ?? fallback) : undefined;
}

const ON_RECORD = new Set<PageAction['type']>(['edit', 'remove', 'link', 'transition', 'approve', 'call', 'form', 'create']);

/**
 * Whether the user sees `a` on this record: permitted, its `when` matches, a transition's
 * `from` states hold the record's state (and the transition is the user's to make), an approval
 * is pending on the user.
 */
export function actionShownOn(a: PageAction, row: Row, rule: RecordActionRule): boolean {
  if (!actionPermitted(a, rule.held) || !matchesWhen(row, a.when)) return false;
  if (rule.place === 'detail' && (!ON_RECORD.has(a.type) || (a.type === 'create' && !a.api))) return false;
  if (a.type === 'transition') {
    const t = rule.transitions.get(a.api!);
    if (!t || t.system) return false;
    if (t.permission && !hasPermission(rule.held, t.permission)) return false;
    return t.from.some((f) => String(f) === String(row[t.field]));
  }
  if (a.type === 'approve') return rule.canApprove(row);
  if (a.type === 'link' && a.event) return Boolean(linkTarget(a, row, {}, rule.eventLink));
  return true;
}

const DEFAULT_TITLES: Record<PageAction['type'], string> = { create: '新增', edit: '编辑', view: '查看', remove: '删除', approve: '审核', export: '导出Excel', import: '导入', link: '打开', transition: '操作', form: '处理', call: '执行' };

/** The button's text: its own title, the transition's, or the type's usual word. */
export function actionTitle(a: PageAction, transitions: Map<string, ResolvedTransition>): string {
  return a.title ?? (a.type === 'transition' ? transitions.get(a.api!)?.title : undefined) ?? DEFAULT_TITLES[a.type];
}

export interface ActionHost {
  entity: ResolvedEntity;
  /** the id field as the rows are keyed */
  rowKey: string;
  /** the calls behind create/edit/remove (the list's, or the detail's get) */
  api: ListApi | { get?: string; create?: string; update?: string; remove?: string };
  /** the form create and edit use unless the action names its own */
  form?: string;
  transitions: Map<string, ResolvedTransition>;
  /** route parameters and fixed filters: they fill path parameters the rows do not */
  context: Record<string, unknown>;
  /** what the records are called here (the list's title): 导入<title> */
  title?: string;
  /** create: initial values of the list's context (a related list's parent id) */
  createValues?: Record<string, unknown>;
  fixed?: Record<string, unknown>;
  /** after a change to the records (create, edit, transition, ...) */
  onChanged: () => void;
  /** after a remove (the detail closes); else onChanged */
  onRemoved?: () => void;
  /** what the host does itself: 查看 opening its detail, the list's export */
  own?: Partial<Record<'view' | 'export', (rows: Row[]) => unknown>>;
}

type FormState = { action: PageAction; mode: 'create' | 'edit' | 'view' | 'act'; id?: number; row?: Row; call?: PlannedCall };

/**
 * Runs actions on records: `run(a, rows)` (rows: the row, the detail's record, the selected
 * rows, or none for a toolbar action) and `dialogs`, which the host renders once.
 */
export function useActionRunner(host: ActionHost): { run: (a: PageAction, rows: Row[]) => Promise<unknown>; title: (a: PageAction) => string; dialogs: ReactNode } {
  const { entity, rowKey, context } = host;
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const eventLink = useEventLink();
  const [form, setForm] = useState<FormState | null>(null);
  const [transition, setTransition] = useState<TransitionRequest | null>(null);
  const [approve, setApprove] = useState<{ api: string; rows: Row[] } | null>(null);
  const [importing, setImporting] = useState<{ action: PageAction; calls: ImportCalls } | null>(null);
  const title = (a: PageAction) => actionTitle(a, host.transitions);
  const scope = entityScope(entity, rowKey);
  const removed = () => (host.onRemoved ?? host.onChanged)();

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
          host.onChanged();
        } catch (err) {
          void message.error((err as ApiError).message);
        }
      },
    });
  };

  const act = async (a: PageAction, rows: Row[]) => {
    const ids = rows.map((r) => Number(r[rowKey]));
    switch (a.type) {
      case 'create':
        return setForm({ action: a, mode: 'create', row: rows[0] });
      case 'edit':
        return setForm({ action: a, mode: 'edit', id: ids[0] });
      case 'view':
        return host.own?.view ? host.own.view(rows) : setForm({ action: a, mode: 'view', id: ids[0] });
      case 'export':
        return host.own?.export?.(rows);
      case 'import': {
        const calls = importCalls(a, host.api);
        return calls && setImporting({ action: a, calls });
      }
      case 'link': {
        const to = linkTarget(a, rows[0], host.fixed ?? {}, eventLink);
        if (!to) return undefined;
        // A link may also tell the server the row was opened (a reminder read): sent, not awaited.
        if (a.api && rows[0]) {
          void sendPlanned(a.api, planAction(a.api, scope, rows.slice(0, 1), context))
            .then(() => host.onChanged())
            .catch((err) => reportActionError(err, (text) => void message.error(text)));
        }
        return navigate(to);
      }
      case 'remove': {
        const api = a.api ?? host.api.remove!;
        const calls = planAction(api, scope, rows.slice(0, 1), context).map((c) => ({ params: c.params, body: {} }));
        return modal.confirm({
          title: a.confirm ?? '确定删除该记录？', okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
          // A refusal (409 in use, 403) is shown by the client as it arrives; the question is
          // answered either way, so the dialog closes instead of offering 删除 again.
          onOk: () => sendPlanned(api, calls).then(() => {
            void message.success('已删除');
            removed();
          }, (err) => reportActionError(err, (text) => void message.error(text))),
        });
      }
      case 'form':
        return setForm({ action: a, mode: 'act', id: ids[0], row: rows[0], call: a.api ? planAction(a.api, scope, rows.slice(0, 1), context)[0] : undefined });
      case 'call': {
        const req = { ...callRequest(entity, { ...a, title: title(a) }, rows, context), idField: rowKey };
        // Fields to ask for, or several selected rows: the dialog path shared with transitions.
        if (a.fields?.length || rows.length !== 1) return runRequest(req, a);
        const calls = planAction(a.api!, scope, rows, context);
        return modal.confirm({
          title: a.confirm ?? `确定${title(a)}？`, okText: '确定', cancelText: '取消',
          onOk: () => sendPlanned(a.api!, calls).then(([result]) => {
            void message.success(doneText(result, title(a)));
            host.onChanged();
          }, (err) => reportActionError(err, (text) => void message.error(text))),
        });
      }
      case 'approve':
        planAction(a.api!, scope, rows, context, { idInBody: true }); // refuses on the click what the rule cannot fill
        return setApprove({ api: a.api!, rows });
      case 'transition':
        return runRequest({ entity, transition: host.transitions.get(a.api!)!, api: a.api!, title: title(a), records: rows, context, idField: rowKey }, a);
    }
    return undefined;
  };

  const run = async (a: PageAction, rows: Row[]) => {
    try {
      return await act(a, rows);
    } catch (err) {
      // A definition the path rule cannot serve (see actionRequest.ts) says what it is on the click.
      reportActionError(err, (text) => void message.error(text));
      return undefined;
    }
  };

  const saved = () => {
    setForm(null);
    host.onChanged();
  };
  const dialogs = (
    <>
      <Suspense fallback={null}>
        {form && form.mode !== 'act' && (
          <FormDrawer
            title={form.mode === 'create' ? title(form.action) : `${title(form.action)}${entity.title}`}
            formName={form.action.form ?? host.form ?? ''}
            mode={form.mode}
            id={form.id}
            rowKey={rowKey}
            api={form.mode === 'create' && form.action.api ? { create: form.action.api } : host.api}
            initialValues={form.mode === 'create' ? createInitialValues(form.action, host.createValues, host.fixed, form.row) : undefined}
            onClose={() => setForm(null)}
            onSaved={saved}
          />
        )}
        {form && form.mode === 'act' && (
          <FormDrawer
            title={form.row ? `${title(form.action)}：${String(form.row[entity.titleField ?? rowKey] ?? '')}` : title(form.action)}
            formName={form.action.form!}
            mode="create"
            rowKey={rowKey}
            api={{ create: form.action.api }}
            params={form.call?.params ?? {}}
            extraBody={form.call?.body ?? {}}
            initialValues={Object.fromEntries(Object.entries(form.action.values ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^\{\w+\}$/.test(v) ? form.row?.[v.slice(1, -1)] : v]))}
            onClose={() => setForm(null)}
            onSaved={saved}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {importing && (
          <ImportDialog title={importing.action.import ? title(importing.action) : `导入${host.title ?? entity.title}`} calls={importing.calls} confirm={importing.action.confirm}
            onClose={() => setImporting(null)} onImported={host.onChanged} />
        )}
      </Suspense>
      {transition && <TransitionDialog req={transition} onClose={() => setTransition(null)} onDone={(said) => { setTransition(null); void message.success(said); host.onChanged(); }} />}
      {approve && <ApproveDialog api={approve.api} entity={entity} records={approve.rows} context={context} idField={rowKey} onClose={() => setApprove(null)} onDone={() => { setApprove(null); void message.success('审核已提交'); host.onChanged(); }} />}
    </>
  );
  return { run, title, dialogs };
}
