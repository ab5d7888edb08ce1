/**
 * Opens a designer-format form in a Drawer: loads the record through the page's `get` api, saves
 * through `create`/`update` (update carries `version`). 400 and 409 are shown in the drawer and
 * the user's input stays, so a stale edit can be copied before refreshing.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, message, Space, Spin } from 'antd';
import { createForm, setValidateLanguage, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout, PreviewText, Submit } from '@formily/antd-v5';
import type { ISchema } from '@formily/json-schema';
import { compileForm, collectOptionSources, dataFieldIds, type DesignerForm } from '../../../schemas/src/form-to-formily';
import { invoke } from '../../../api/call';
import { ApiError } from '../../../api/http';
import { loadFormDefinition, prepareOptions } from './definitions';
import { SchemaField } from './components';

setValidateLanguage('zh-CN');

export interface FormDrawerProps {
  title: string;
  formName: string;
  mode: 'create' | 'edit' | 'view';
  id?: string | number;
  rowKey: string;
  api: { get?: string; create?: string; update?: string };
  onClose: () => void;
  onSaved: () => void;
}

type Values = Record<string, unknown>;

interface Loaded {
  definition: DesignerForm;
  schema: ISchema;
  form: Form<Values>;
  version?: number;
}

export default function FormDrawer({ title, formName, mode, id, rowKey, api, onClose, onSaved }: FormDrawerProps) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [loadError, setLoadError] = useState<string>();
  const [saveError, setSaveError] = useState<string>();

  useEffect(() => {
    let alive = true;
    (async () => {
      const definition = await loadFormDefinition(formName);
      const resolve = await prepareOptions(collectOptionSources(definition));
      const schema = compileForm(definition, { resolveOptions: resolve });
      const form = createForm<Values>({ readPretty: mode === 'view' });
      let version: number | undefined;
      if (mode !== 'create' && id !== undefined && api.get) {
        const record = await invoke<Values>(api.get, { params: { [rowKey]: id } });
        version = record.version as number | undefined;
        form.setInitialValues(record);
      }
      if (alive) setLoaded({ definition, schema, form, version });
    })().catch((err: Error) => alive && setLoadError(err?.message || '加载失败'));
    return () => {
      alive = false;
    };
  }, [formName, mode, id]);

  const fields = useMemo(() => (loaded ? dataFieldIds(loaded.definition) : []), [loaded]);

  const save = async (values: Values) => {
    if (!loaded) return;
    setSaveError(undefined);
    const body: Values = {};
    for (const field of fields) {
      const value = values[field];
      // Cleared fields go as null on update so the server clears them; create just leaves them out.
      if (value === undefined || value === '') {
        if (mode === 'edit') body[field] = null;
      } else body[field] = value;
    }
    try {
      if (mode === 'edit' && api.update) {
        const saved = await invoke<Values>(api.update, { params: { [rowKey]: id! }, body: { ...body, version: loaded.version } }, { silent: [400, 409] });
        loaded.version = (saved?.version as number | undefined) ?? loaded.version;
      } else if (mode === 'create' && api.create) {
        await invoke(api.create, { body }, { silent: [400, 409] });
      }
      void message.success('保存成功');
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && (err.code === 400 || err.code === 409)) setSaveError(err.message);
      else if (!(err instanceof ApiError)) setSaveError((err as Error)?.message || '保存失败');
    }
  };

  const footer =
    mode === 'view' || !loaded ? (
      <Button onClick={onClose}>关闭</Button>
    ) : (
      <Space>
        <Button onClick={onClose}>取消</Button>
        <Submit onSubmit={save} onSubmitFailed={() => void message.warning('请检查表单填写内容')}>
          保存
        </Submit>
      </Space>
    );

  const body = loadError ? (
    <Alert type="error" showIcon message={loadError} />
  ) : !loaded ? (
    <Spin style={{ display: 'block', margin: '48px auto' }} />
  ) : (
    <>
      {saveError && <Alert type="error" showIcon message={saveError} style={{ marginBottom: 16 }} data-testid="form-error" />}
      {/* Empty values read as '-' in view mode (Formily's default placeholder is 'N/A'). */}
      <PreviewText.Placeholder value="-">
        <FormLayout labelWidth={(loaded.definition.config?.labelWidth as number) ?? 80} layout={loaded.definition.config?.labelPosition === 'top' ? 'vertical' : 'horizontal'}>
          <SchemaField schema={loaded.schema} />
        </FormLayout>
      </PreviewText.Placeholder>
    </>
  );

  // The footer's Submit needs the form in context, so the provider wraps the whole drawer.
  const drawer = (
    <Drawer title={title} open width={880} onClose={onClose} destroyOnHidden footer={<div style={{ textAlign: 'right' }}>{footer}</div>}>
      {body}
    </Drawer>
  );
  return loaded ? <FormProvider form={loaded.form}>{drawer}</FormProvider> : drawer;
}
