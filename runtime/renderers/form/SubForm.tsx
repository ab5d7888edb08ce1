/**
 * The layout widget designerForm: a json field filled with a designer form that another field of
 * the form chooses (资料's 分类信息 is the form of the chosen 资产分类). The record `formOf.api`
 * answers for that field's value names the form (`formOf.name`); its latest revision is compiled
 * like any designer form and rendered inside the outer form. Its values are the field's value, and
 * the outer form's submit checks it too, so a required item of the chosen form is asked for in the
 * browser before the server checks the same form's JSON Schema.
 */
import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { createForm, onFormValuesChange, type Field, type Form } from '@formily/core';
import { FormProvider, observer, useField } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { invoke } from '../../../api/call';
import type { DesignerForm } from '../../../schemas/src/form-to-formily';
import { compileDefinition, type CompiledForm } from './compiled';
import { SchemaField } from './components';

type Values = Record<string, unknown>;
interface Props {
  value?: Values | null;
  onChange?: (value: Values) => void;
  formOf?: { field: string; api: string; name: string };
}

const pick = (values: Values, fields: string[]): Values => {
  const out: Values = {};
  for (const f of fields) if (values[f] !== undefined && values[f] !== '') out[f] = values[f];
  return out;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

export const SubForm = observer(function SubForm({ value, onChange, formOf }: Props) {
  const field = useField<Field>();
  const key = formOf ? field.form.values[formOf.field] : undefined;
  const readPretty = field.readPretty;
  const [state, setState] = useState<{ compiled: CompiledForm; form: Form } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    setError(undefined);
    if (!formOf || key === undefined || key === null || key === '') { setState(null); return; }
    let live = true;
    setLoading(true);
    (async () => {
      const record = await invoke<Values>(formOf.api, { params: { [formOf.field]: key as string | number } });
      const name = record?.[formOf.name];
      if (!name) return null;
      const { definition } = await invoke<{ definition: DesignerForm }>('formDefinition.get', { params: { name: String(name) } });
      return compileDefinition(definition, { readOnly: readPretty });
    })().then((compiled) => {
      if (!live) return;
      if (!compiled) { setState(null); return; }
      const inner = createForm({
        readPretty,
        initialValues: { ...(field.value ?? {}) },
        effects() {
          onFormValuesChange((f) => {
            const next = pick(f.values as Values, compiled.fields);
            if (!same(next, field.value)) onChange?.(next);
          });
        },
      });
      setState({ compiled, form: inner });
    }, (e: Error) => live && setError(e.message)).finally(() => live && setLoading(false));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, formOf?.api, formOf?.field, formOf?.name, readPretty]);

  // A value set from outside (an edit's record arriving) reaches the inner form.
  useEffect(() => {
    if (state && !same(pick(state.form.values as Values, state.compiled.fields), value)) state.form.setValues({ ...(value ?? {}) }, 'overwrite');
  }, [state, value]);

  // The outer submit checks the inner form (onBlur: never while typing, always on submit).
  useEffect(() => {
    if (!state || readPretty) { field.setValidator(undefined); return; }
    field.setValidator({
      triggerType: 'onBlur',
      validator: async () => {
        try { await state.form.validate(); return ''; } catch { return '请完善分类信息'; }
      },
    });
  }, [state, readPretty, field]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (loading) return <Spin size="small" />;
  if (!state) return readPretty ? <span>-</span> : <span style={{ color: '#999' }}>{key ? '该分类无分类信息' : '请先选择分类'}</span>;
  return (
    <div data-testid="sub-form" style={{ width: '100%' }}>
      <FormProvider form={state.form}>
        <FormLayout labelWidth={(state.compiled.definition.config?.labelWidth as number) ?? 100}>
          <SchemaField schema={state.compiled.schema} />
        </FormLayout>
      </FormProvider>
    </div>
  );
});
