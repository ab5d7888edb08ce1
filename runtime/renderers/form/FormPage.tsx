/** kind=form: one record (a configuration) edited on its own screen; `get` without an id loads it. */
import { useEffect, useState } from 'react';
import { App, Alert, Button, Card, Space, Spin } from 'antd';
import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, Submit } from '@formily/antd-v5';
import { hasPermission } from '../../../schemas/src/permission';
import { invoke } from '../../../api/call';
import { ApiError } from '../../../api/http';
import { useSession } from '../../session/store';
import type { PageDef } from '../../router/types';
import { SchemaField } from './components';
import { bodyOf, compileNamedForm, type CompiledForm } from './compiled';
import { showFieldError } from './FormDrawer';
import { warnInvalid } from './checks';
import { formEffects } from './fillIns';

export default function FormPage({ page }: { page: PageDef }) {
  const def = page.form!;
  const { roles } = useSession();
  const { message, modal } = App.useApp();
  const canSave = !def.permission || hasPermission(roles ?? [], def.permission);
  const [state, setState] = useState<{ compiled: CompiledForm; form: Form; record: Record<string, any> }>();
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    (async () => {
      const compiled = await compileNamedForm(def.form, { readOnly: !canSave, editing: true });
      const record = await invoke<Record<string, any>>(def.api.get!);
      setState({ compiled, form: createForm({ initialValues: record, readPretty: !canSave, effects: formEffects(compiled.entity, canSave ? 'edit' : 'view') }), record });
    })().catch((err: Error) => setError(err.message));
  }, [def, tick, canSave]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!state) return <Card title={page.meta.title}><Spin /></Card>;
  const save = async (values: Record<string, unknown>) => {
    try {
      const id = state.compiled.entity ? state.record[state.compiled.entity.idField] : undefined;
      await invoke(def.api.update!, { params: id ? { [state.compiled.entity!.idField]: id } : {}, body: { ...bodyOf(state.compiled, values, 'edit'), version: state.record.version } }, { silent: [400, 409] });
      void message.success('保存成功');
      setTick((t) => t + 1);
    } catch (err) {
      if (err instanceof ApiError && !showFieldError(state.form, err)) setError(err.message);
    }
  };
  return (
    <Card title={page.meta.title}>
      <FormProvider form={state.form}>
        <FormLayout labelWidth={(state.compiled.definition.config?.labelWidth as number) ?? 120}>
          <SchemaField schema={state.compiled.schema} />
        </FormLayout>
        {canSave && (
          <Space style={{ marginTop: 16 }}>
            <Submit onSubmit={save} onSubmitFailed={() => warnInvalid(message)}>保存</Submit>
            <Button onClick={() => setTick((t) => t + 1)}>重置</Button>
            {(def.actions ?? []).filter((a) => a.type === 'call' && (!a.permission || hasPermission(roles ?? [], a.permission))).map((a, i) => (
              <Button key={`${a.api}${i}`} onClick={() => modal.confirm({
                title: a.confirm ?? `确定${a.title ?? '执行'}？`, okText: '确定', cancelText: '取消',
                onOk: async () => {
                  const result = await invoke<{ ok?: boolean; message?: string } | null>(a.api!, { body: {} });
                  const text = result && typeof result.message === 'string' ? result.message : `${a.title ?? '执行'}成功`;
                  if (result && result.ok === false) void message.warning(text); else void message.success(text);
                },
              })}>{a.title ?? '执行'}</Button>
            ))}
          </Space>
        )}
      </FormProvider>
    </Card>
  );
}
