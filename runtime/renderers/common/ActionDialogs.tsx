/**
 * The dialogs behind state actions: a transition asks for what its definition declares (a
 * confirmation, a comment, a small form of entity fields); an approval step is passed or
 * rejected with an opinion (required to reject). Server refusals keep the dialog open.
 */
import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Radio, Spin } from 'antd';
import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ResolvedEntity, ResolvedTransition } from '../../../schemas/src/entity-schema';
import { fieldItem } from '../../../schemas/src/layout';
import { ApiError } from '../../../api/http';
import { entryPath, entityScope, planAction, sendPlanned } from './rowCall';
import { checkFillable, planOptionsFor } from './actionRequest';
import { peekEntity } from '../../meta';
import { SchemaField } from '../form/components';
import { RecordContext } from './RefSelect';
import { compileDefinition, type CompiledForm } from '../form/compiled';
import { showFieldError } from '../form/FormDrawer';
import { formEffects } from '../form/fillIns';

export interface TransitionRequest {
  entity: ResolvedEntity;
  transition: ResolvedTransition;
  api: string;
  title: string;
  /** the records acted on (one row, the detail's record, or the selected rows) */
  records: Record<string, unknown>[];
  /** route parameters and fixed filters: they fill path parameters the records do not */
  context?: Record<string, unknown>;
  /** the entity's id field as the list keys its rows */
  idField?: string;
}

/** A call action as a transition-shaped request, so one dialog asks for its fields or confirmation. */
export function callRequest(entity: ResolvedEntity, a: { api?: string; title?: string; fields?: string[]; confirm?: string }, records: Record<string, unknown>[], context?: Record<string, unknown>): TransitionRequest {
  const transition: ResolvedTransition = { name: 'call', title: a.title ?? '操作', field: '', from: [], to: '', form: a.fields, comment: 'none', confirm: a.fields?.length ? a.confirm : undefined };
  return { entity, transition, api: a.api!, title: transition.title, records, context };
}

/**
 * The requests of an action on its records (the shared path-parameter rule): planned before any
 * dialog opens, so a definition the rule cannot serve says so on the click.
 */
export function planRequest(req: TransitionRequest, values: Record<string, unknown> = {}) {
  const type = req.transition.name === 'call' ? 'call' : 'transition';
  return planAction(req.api, entityScope(req.entity, req.idField), req.records, req.context, { ...planOptionsFor({ type, fields: req.transition.form }, req.records.length), values });
}

/** The click's check of the rule, before the dialog opens (see checkFillable). */
export function checkRequest(req: TransitionRequest): void {
  checkFillable(entryPath(req.api), entityScope(req.entity, req.idField), req.records, req.context, req.transition.form);
}

/**
 * Tells the user about a failure raised in the browser (a path parameter the rule cannot fill,
 * a bug): what it is, plus a console error for whoever looks. Server refusals (ApiError) were
 * already shown by the HTTP layer or are shown by the caller.
 */
export function reportActionError(err: unknown, notify: (text: string) => void): void {
  if (err instanceof ApiError) return;
  console.error(err);
  notify(err instanceof Error ? err.message : String(err));
}

/** Whether acting needs a dialog at all (else the action runs on a plain confirm). */
export function needsDialog(t: ResolvedTransition): boolean {
  return Boolean(t.form?.length) || (t.comment ?? 'none') !== 'none';
}

function recordLabel(req: TransitionRequest, i: number): string {
  const r = req.records[i] ?? {};
  const e = req.entity;
  const name = (e.number ? r[e.number.field] : undefined) ?? (e.titleField ? r[e.titleField] : undefined) ?? r[req.idField ?? e.idField];
  return `第 ${i + 1} 条（${String(name ?? '')}）`;
}

async function call(req: TransitionRequest, body: Record<string, unknown>) {
  const results = await sendPlanned(req.api, planRequest(req, body), { silent: [400, 403, 409] }, (i) => recordLabel(req, i));
  return results[results.length - 1];
}

/**
 * What to tell the user once an action's call succeeded: the text the call answers when it did
 * something else too (a drafted contract, submitted for approval), else 「<title>成功」. Every way
 * of acting (a plain confirm, a transition's dialog, a call) says it alike.
 */
export function doneText(result: unknown, title: string): string {
  const said = result && typeof result === 'object' ? (result as { message?: unknown }).message : undefined;
  return typeof said === 'string' && said ? said : `${title}成功`;
}

/** Runs a transition that needs no input (after the caller's confirm); answers what to tell the user (doneText). */
export async function runTransition(req: TransitionRequest): Promise<string> {
  return doneText(await call(req, {}), req.title);
}

/** Seed 002: a dynamic table's column is at least 240px wide. */
const DYNAMIC_COLUMN_MIN = 240;
/** the table's 序号 (60) and 操作 (70) columns and its borders */
const TABLE_EXTRA = 132;
/** the dialog's own padding either side of its body */
const MODAL_PADDING = 48;

/** The most columns of any dynamic table in a compiled form (0 without one). */
export function widestTable(schema: unknown): number {
  if (!schema || typeof schema !== 'object') return 0;
  const s = schema as { 'x-component'?: unknown; 'x-component-props'?: { columns?: unknown[] }; properties?: Record<string, unknown> };
  const own = s['x-component'] === 'DynamicTable' ? (s['x-component-props']?.columns?.length ?? 0) : 0;
  return Math.max(own, ...Object.values(s.properties ?? {}).map(widestTable));
}

/** A transition or call asking for input; `onDone` gets what to tell the user (doneText). */
export function TransitionDialog({ req, onClose, onDone }: { req: TransitionRequest; onClose: () => void; onDone: (said: string) => void }) {
  const t = req.transition;
  const [compiled, setCompiled] = useState<{ c: CompiledForm; form: Form } | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!t.form?.length) return;
    const list = t.form.map((f) => fieldItem(req.entity, { field: f, required: !t.optional?.includes(f) || undefined }, 24, 100, (n) => peekEntity(n)));
    // The dialog's fields act as in any form of the entity: a picked reference fills the fields it brings.
    void compileDefinition({ entity: req.entity.name, config: { labelWidth: 100 }, list }).then((c) => setCompiled({ c, form: createForm({ effects: formEffects(req.entity, 'edit') }) }));
  }, [t.name]); // eslint-disable-line react-hooks/exhaustive-deps

  const ok = async () => {
    setError(undefined);
    let values: Record<string, unknown> = {};
    if (compiled) {
      try {
        await compiled.form.validate();
      } catch {
        return;
      }
      // Only the dialog's own fields go: a fill-in may have set others the call does not take.
      const asked = new Set(t.form ?? []);
      values = Object.fromEntries(Object.entries(compiled.form.values as Record<string, unknown>).filter(([k, v]) => asked.has(k) && v !== undefined && v !== ''));
    }
    if (t.comment === 'required' && !comment.trim()) return setError('请填写意见');
    setBusy(true);
    try {
      onDone(doneText(await call(req, { ...values, ...(comment.trim() ? { comment: comment.trim() } : {}) }), req.title));
    } catch (err) {
      if (err instanceof ApiError && compiled && showFieldError(compiled.form, err)) return;
      if (!(err instanceof ApiError)) console.error(err);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  // A table among the fields (录入报价's quotes, 岗位系数's posts, staff and times) needs the room of
  // a wide dialog: each of its columns at least seed 002's dynamic-table column minimum (240px),
  // plus 序号 and 操作, as far as the window allows; its label goes above it (the dialog's title
  // already names it) so the table has the whole width.
  const wide = (t.form ?? []).some((f) => req.entity.fields[f]?.type === 'json' || Boolean(req.entity.children[f]));
  const columns = compiled ? widestTable(compiled.c.schema) : 0;
  const width = Math.max(1000, columns * DYNAMIC_COLUMN_MIN + TABLE_EXTRA + MODAL_PADDING);
  return (
    <Modal open title={req.title} onCancel={onClose} onOk={ok} confirmLoading={busy} okText="确定" cancelText="取消" destroyOnHidden
      width={wide ? `min(${width}px, calc(100vw - 32px))` : undefined}
      okButtonProps={{ danger: t.danger, 'data-testid': 'transition-ok' } as never}>
      {t.confirm && <Alert type="warning" showIcon message={t.confirm} style={{ marginBottom: 12 }} />}
      {req.records.length > 1 && <Alert type="info" showIcon message={`将对选中的 ${req.records.length} 条记录执行「${req.title}」`} style={{ marginBottom: 12 }} />}
      {t.form?.length ? (
        compiled ? (
          <RecordContext.Provider value={req.records.length === 1 ? req.records[0] : undefined}>
            <FormProvider form={compiled.form}>
              <div style={{ maxWidth: '100%', overflowX: 'auto' }} data-testid="transition-form">
                <FormLayout labelWidth={100} layout={wide ? 'vertical' : 'horizontal'}><SchemaField schema={compiled.c.schema} /></FormLayout>
              </div>
            </FormProvider>
          </RecordContext.Provider>
        ) : <Spin />
      ) : null}
      {(t.comment ?? 'none') !== 'none' && (
        <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)}
          placeholder={t.comment === 'required' ? '请填写意见（必填）' : '意见（选填）'} data-testid="transition-comment" />
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="transition-error" />}
    </Modal>
  );
}

export function ApproveDialog({ api, entity, records, context, idField, onClose, onDone }: { api: string; entity: ResolvedEntity; records: Record<string, unknown>[]; context?: Record<string, unknown>; idField?: string; onClose: () => void; onDone: () => void }) {
  const [pass, setPass] = useState(true);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setError(undefined);
    if (!pass && !comment.trim()) return setError('驳回时请填写审核意见');
    setBusy(true);
    try {
      const values = { pass, ...(comment.trim() ? { comment: comment.trim() } : {}) };
      await sendPlanned(api, planAction(api, entityScope(entity, idField), records, context, { ...planOptionsFor({ type: 'approve' }, records.length), values }), { silent: [400, 403, 409] });
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) console.error(err);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={records.length > 1 ? `审核（${records.length} 条）` : '审核'} onCancel={onClose} onOk={ok} confirmLoading={busy} okText="提交" cancelText="取消" destroyOnHidden
      okButtonProps={{ 'data-testid': 'approve-ok' } as never}>
      <Radio.Group value={pass} onChange={(e) => setPass(e.target.value)} style={{ marginBottom: 12 }}>
        <Radio value={true} data-testid="approve-pass">通过</Radio>
        <Radio value={false} data-testid="approve-reject">驳回</Radio>
      </Radio.Group>
      <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)}
        placeholder={pass ? '审核意见（选填）' : '驳回原因（必填）'} data-testid="approve-comment" />
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="approve-error" />}
    </Modal>
  );
}
