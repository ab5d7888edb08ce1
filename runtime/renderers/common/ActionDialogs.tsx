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
import { invoke } from '../../../api/call';
import { ApiError } from '../../../api/http';
import { peekEntity } from '../../meta';
import { SchemaField } from '../form/components';
import { RecordContext } from './RefSelect';
import { compileDefinition, type CompiledForm } from '../form/compiled';
import { showFieldError } from '../form/FormDrawer';

export interface TransitionRequest {
  entity: ResolvedEntity;
  transition: ResolvedTransition;
  api: string;
  title: string;
  ids: number[];
  version?: number;
  /** the row acted on (one record): dependent pickers of the form read it */
  record?: Record<string, unknown>;
  /** a plain catalogue call (action type call): the id and the dialog's values also fill the path */
  call?: boolean;
}

/** A call action as a transition-shaped request, so one dialog asks for its fields or confirmation. */
export function callRequest(entity: ResolvedEntity, a: { api?: string; title?: string; fields?: string[]; confirm?: string }, ids: number[], version?: number): TransitionRequest {
  const transition: ResolvedTransition = { name: 'call', title: a.title ?? '操作', field: '', from: [], to: '', form: a.fields, comment: 'none', confirm: a.fields?.length ? a.confirm : undefined };
  return { entity, transition, api: a.api!, title: transition.title, ids, version, call: true };
}

/** Whether acting needs a dialog at all (else the action runs on a plain confirm). */
export function needsDialog(t: ResolvedTransition): boolean {
  return Boolean(t.form?.length) || (t.comment ?? 'none') !== 'none';
}

async function call(req: TransitionRequest, body: Record<string, unknown>) {
  const target = req.ids.length === 1 ? { [req.entity.idField]: req.ids[0], ...(req.version ? { version: req.version } : {}) } : { ids: req.ids };
  const params = req.call
    ? Object.fromEntries(Object.entries({ ...target, ...body }).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<string, string | number>
    : undefined;
  return invoke(req.api, { params, body: { ...target, ...body } }, { silent: [400, 403, 409] });
}

/**
 * Runs a transition that needs no input (after the caller's confirm); answers what to tell the
 * user: the text the call answers when it did something else (submitted for approval), else 「<title>成功」.
 */
export async function runTransition(req: TransitionRequest): Promise<string> {
  const result = await call(req, {});
  const said = result && typeof result === 'object' ? (result as { message?: unknown }).message : undefined;
  return typeof said === 'string' && said ? said : `${req.title}成功`;
}

export function TransitionDialog({ req, onClose, onDone }: { req: TransitionRequest; onClose: () => void; onDone: () => void }) {
  const t = req.transition;
  const [compiled, setCompiled] = useState<{ c: CompiledForm; form: Form } | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!t.form?.length) return;
    const list = t.form.map((f) => fieldItem(req.entity, { field: f, required: !t.optional?.includes(f) || undefined }, 24, 100, (n) => peekEntity(n)));
    void compileDefinition({ entity: req.entity.name, config: { labelWidth: 100 }, list }).then((c) => setCompiled({ c, form: createForm() }));
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
      values = Object.fromEntries(Object.entries(compiled.form.values as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== ''));
    }
    if (t.comment === 'required' && !comment.trim()) return setError('请填写意见');
    setBusy(true);
    try {
      await call(req, { ...values, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && compiled && showFieldError(compiled.form, err)) return;
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={req.title} onCancel={onClose} onOk={ok} confirmLoading={busy} okText="确定" cancelText="取消" destroyOnHidden
      okButtonProps={{ danger: t.danger, 'data-testid': 'transition-ok' } as never}>
      {t.confirm && <Alert type="warning" showIcon message={t.confirm} style={{ marginBottom: 12 }} />}
      {req.ids.length > 1 && <Alert type="info" showIcon message={`将对选中的 ${req.ids.length} 条记录执行「${req.title}」`} style={{ marginBottom: 12 }} />}
      {t.form?.length ? (
        compiled ? (
          <RecordContext.Provider value={req.record}>
            <FormProvider form={compiled.form}>
              <FormLayout labelWidth={100}><SchemaField schema={compiled.c.schema} /></FormLayout>
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

export function ApproveDialog({ api, entity, ids, onClose, onDone }: { api: string; entity: ResolvedEntity; ids: number[]; onClose: () => void; onDone: () => void }) {
  const [pass, setPass] = useState(true);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setError(undefined);
    if (!pass && !comment.trim()) return setError('驳回时请填写审核意见');
    setBusy(true);
    try {
      const target = ids.length === 1 ? { [entity.idField]: ids[0] } : { ids };
      await invoke(api, { body: { ...target, pass, ...(comment.trim() ? { comment: comment.trim() } : {}) } }, { silent: [400, 403, 409] });
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={ids.length > 1 ? `审核（${ids.length} 条）` : '审核'} onCancel={onClose} onOk={ok} confirmLoading={busy} okText="提交" cancelText="取消" destroyOnHidden
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
