/**
 * kind=form with `api.submit`: a form filled once and sent to a call (修改密码). The call's body is
 * the form's JSON Schema on the server too, so both sides give the same Chinese messages; a refusal
 * naming a field shows on it. Once sent, `done` says what happened and what follows until the user
 * leaves — a passing toast is easily missed.
 */
import { useEffect, useState } from 'react';
import { App, Alert, Button, Card, Result, Spin } from 'antd';
import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, Submit } from '@formily/antd-v5';
import { useNavigate } from 'react-router-dom';
import { invoke } from '../../../api/call';
import { ApiError } from '../../../api/http';
import type { PageDef } from '../../router/types';
import { SchemaField } from './components';
import { bodyOf, compileNamedForm, type CompiledForm } from './compiled';
import { showFieldError } from './FormDrawer';
import { warnInvalid } from './checks';
import { formEffects } from './fillIns';

export default function SubmitFormPage({ page }: { page: PageDef }) {
  const def = page.form!;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [state, setState] = useState<{ compiled: CompiledForm; form: Form }>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  useEffect(() => {
    compileNamedForm(def.form).then(
      (compiled) => setState({ compiled, form: createForm({ effects: formEffects(compiled.entity, 'create') }) }),
      (err: Error) => setError(err.message),
    );
  }, [def]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!state) return <Card title={page.meta.title}><Spin /></Card>;
  if (done) {
    const back = def.done?.back;
    return (
      <Card style={{ maxWidth: 640 }} data-testid="submit-form-done">
        <Result status="success" title={def.done?.title ?? `${page.meta.title}成功`} subTitle={def.done?.text}
          extra={back ? [<Button type="primary" key="back" onClick={() => navigate(back.to)}>{back.title}</Button>] : undefined} />
      </Card>
    );
  }
  const submit = async (values: Record<string, unknown>) => {
    try {
      await invoke(def.api.submit!, { body: bodyOf(state.compiled, values, 'create') }, { silent: [400] });
      state.form.reset('*', { forceClear: true });
      if (def.done) setDone(true);
      else void message.success(`${page.meta.title}成功`);
    } catch (err) {
      if (err instanceof ApiError && !showFieldError(state.form, err)) void message.error(err.message);
    }
  };
  return (
    <Card title={page.meta.title} style={{ maxWidth: 640 }} data-testid="submit-form">
      <FormProvider form={state.form}>
        <FormLayout labelWidth={(state.compiled.definition.config?.labelWidth as number) ?? 120}>
          <SchemaField schema={state.compiled.schema} />
        </FormLayout>
        <Submit onSubmit={submit} onSubmitFailed={() => warnInvalid(message)}>{def.submitText ?? '提交'}</Submit>
      </FormProvider>
    </Card>
  );
}
