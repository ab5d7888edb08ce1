/**
 * Opens a form (business layout, the organisation's customised version, or a designer form)
 * in a Drawer: loads the record through the page's `get` api, saves through `create`/`update`
 * (update carries `version`). A server error that names a field is shown on that field; the
 * user's input always stays, so a stale edit can be copied before refreshing.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Alert, Button, Drawer, Grid, Space, Spin } from 'antd';
import { createForm, setValidateLanguage, type Form, onFieldInputValueChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, PreviewText, Submit } from '@formily/antd-v5';
import { invoke } from '../../../api/call';
import { ApiError } from '../../../api/http';
import { rememberTitles } from '../../reference/titles';
import { SchemaField } from './components';
import { bodyOf, compileNamedForm, type CompiledForm } from './compiled';
import { warnInvalid } from './checks';
import { formEffects } from './fillIns';

setValidateLanguage('zh-CN');

export interface FormDrawerProps {
  title: string;
  formName: string;
  mode: 'create' | 'edit' | 'view';
  id?: string | number;
  rowKey: string;
  api: { get?: string; create?: string; update?: string };
  /** create: values the new record starts with */
  initialValues?: Record<string, unknown>;
  /** path parameters of the create call (a form action acting on a row) */
  params?: Record<string, string | number>;
  /** added to what the form sends (a form action's row id when its call's path has none) */
  extraBody?: Record<string, unknown>;
  onClose: () => void;
  onSaved: (record?: Record<string, unknown>) => void;
}

type Values = Record<string, unknown>;

interface Loaded {
  compiled: CompiledForm;
  form: Form<Values>;
  version?: number;
}

/**
 * Puts a server message on the field it names (`name`, `lines.2.unitPrice`, `custom.x`); returns
 * false when no such field is on the form.
 */
export function showFieldError(form: Form, err: ApiError): boolean {
  const field = (err.data as { field?: string } | null | undefined)?.field;
  if (!field) return false;
  const path = field.startsWith('custom.') ? field.slice('custom.'.length) : field;
  const target = form.query(path).take();
  if (!target) return false;
  form.setFieldState(path, (state) => {
    (state as { selfErrors?: string[] }).selfErrors = [err.message];
  });
  // The server's word holds until the user edits that field, or a cell of it when it names a
  // table (「第1张发票：…」 on the invoice lines); then the field's own checks decide.
  const effects = `server-error:${path}`;
  form.removeEffects(effects);
  form.addEffects(effects, () => {
    onFieldInputValueChange('*', (f) => {
      const changed = f.path.toString();
      if (changed !== path && !changed.startsWith(`${path}.`)) return;
      form.setFieldState(path, (state) => {
        (state as { selfErrors?: string[] }).selfErrors = [];
      });
      form.removeEffects(effects);
    });
  });
  return true;
}

export default function FormDrawer({ title, formName, mode, id, rowKey, api, initialValues, params, extraBody, onClose, onSaved }: FormDrawerProps) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [loadError, setLoadError] = useState<string>();
  const [saveError, setSaveError] = useState<string>();
  const screens = Grid.useBreakpoint();
  const { message, modal } = App.useApp();
  const asking = useRef(false);

  useEffect(() => {
    let alive = true;
    (async () => {
      const compiled = await compileNamedForm(formName, { readOnly: mode === 'view', editing: mode === 'edit' });
      const form = createForm<Values>({ readPretty: mode === 'view', effects: formEffects(compiled.entity, mode) });
      let version: number | undefined;
      if (mode !== 'create' && id !== undefined && api.get) {
        const record = await invoke<Values & { refs?: Record<string, Record<string, string>> }>(api.get, { params: { [rowKey]: id } });
        rememberTitles(record.refs);
        version = record.version as number | undefined;
        form.setInitialValues({ ...(record.custom as Values | undefined), ...record });
      } else if (initialValues) {
        form.setInitialValues(initialValues);
      }
      if (alive) setLoaded({ compiled, form, version });
    })().catch((err: Error) => alive && setLoadError(err?.message || '加载失败'));
    return () => {
      alive = false;
    };
  }, [formName, mode, id]); // eslint-disable-line react-hooks/exhaustive-deps

  const labelWidth = useMemo(() => (loaded?.compiled.definition.config?.labelWidth as number) ?? 80, [loaded]);

  const save = async (values: Values) => {
    if (!loaded) return;
    setSaveError(undefined);
    const body = bodyOf(loaded.compiled, values, mode === 'edit' ? 'edit' : 'create');
    try {
      let saved: Values | undefined;
      if (mode === 'edit' && api.update) {
        saved = await invoke<Values>(api.update, { params: { [rowKey]: id! }, body: { ...body, version: loaded.version } }, { silent: [400, 403, 409] });
        loaded.version = (saved?.version as number | undefined) ?? loaded.version;
      } else if (mode === 'create' && api.create) {
        saved = await invoke<Values>(api.create, { params, body: { ...body, ...(extraBody ?? {}) } }, { silent: [400, 403, 409] });
      }
      void message.success('保存成功');
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && (err.code === 400 || err.code === 403 || err.code === 409)) {
        if (!showFieldError(loaded.form, err)) setSaveError(err.message);
        else void message.error(err.message);
      } else if (!(err instanceof ApiError)) setSaveError((err as Error)?.message || '保存失败');
    }
  };

  // Esc, the mask, the close button and 取消 never drop what was typed without asking.
  const requestClose = () => {
    if (!loaded || mode === 'view' || !loaded.form.modified) return onClose();
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: '内容尚未保存，确定关闭？',
      content: '关闭后填写的内容将丢失。',
      okText: '关闭',
      cancelText: '继续编辑',
      onOk: onClose,
      afterClose: () => {
        asking.current = false;
      },
    });
  };

  const footer =
    mode === 'view' || !loaded ? (
      <Button onClick={onClose}>关闭</Button>
    ) : (
      <Space>
        <Button onClick={requestClose}>取消</Button>
        <Submit onSubmit={save} onSubmitFailed={() => warnInvalid(message)}>
          保存
        </Submit>
      </Space>
    );

  const narrow = !screens.md;
  const body = loadError ? (
    <Alert type="error" showIcon message={loadError} />
  ) : !loaded ? (
    <Spin style={{ display: 'block', margin: '48px auto' }} />
  ) : (
    <>
      {saveError && <Alert type="error" showIcon message={saveError} style={{ marginBottom: 16 }} data-testid="form-error" />}
      {/* Empty values read as '-' in view mode (Formily's default placeholder is 'N/A'). */}
      <PreviewText.Placeholder value="-">
        <FormLayout labelWidth={narrow ? undefined : labelWidth} layout={narrow || loaded.compiled.definition.config?.labelPosition === 'top' ? 'vertical' : 'horizontal'}>
          <SchemaField schema={loaded.compiled.schema} />
        </FormLayout>
      </PreviewText.Placeholder>
    </>
  );

  // The footer's Submit needs the form in context, so the provider wraps the whole drawer.
  const drawer = (
    <Drawer title={title} open width={narrow ? '100%' : 880} onClose={requestClose} destroyOnHidden footer={<div style={{ textAlign: 'right' }}>{footer}</div>}>
      {body}
    </Drawer>
  );
  return loaded ? <FormProvider form={loaded.form}>{drawer}</FormProvider> : drawer;
}
