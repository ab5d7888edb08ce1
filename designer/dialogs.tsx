/** The action-bar dialogs: preview, JSON, form settings, open and save on the server. */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Form as AntForm, Input, List, Modal, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { createForm } from '@formily/core';
import { liveChecks, warnInvalid } from '../runtime/renderers/form/checks';
import { Submit } from '@formily/antd-v5';
import type { DesignerConfig, DesignerForm } from '../schemas/src/form-to-formily';
import './form-meta-browser';
import { checkFormDefinition } from '../schemas/src/form-meta';
import { FORM_CONFIG_DEFAULTS } from '../schemas/src/designer-rules';
import settingsForm from '../schemas/forms/designer/formSettings.json';
import { request } from '../api/http';
import { businessFormNames, expandedLayout, forgetCustomForms } from '../runtime/meta';
import { FormRenderer } from './FormRenderer';
import { jsonSyntaxMessage } from './json-message';
import type { DesignerState, DesignerStore } from './store';

const JsonEditor = lazy(() => import('./JsonEditor'));
const FORMS_API = '/api/v1/form-base/form';

export function PreviewDialog({ open, definition, saved, onClose }: { open: boolean; definition: DesignerForm; saved?: DesignerState['saved'] & { clean: boolean }; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = useMemo(() => structuredClone(definition), [definition, open]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm({ disabled: Boolean(definition.config?.disabled), effects: liveChecks }), [copy]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Record<string, unknown>) => {
    if (saved?.clean) {
      await request({ method: 'POST', url: `${FORMS_API}/{name}/submit`, params: { name: saved.name }, data: { revision: saved.revision, values: JSON.parse(JSON.stringify(values)) } });
    }
    void message.success('success');
  };
  return (
    <Modal title="预览" open={open} onCancel={onClose} width="80%" footer={null} destroyOnHidden>
      {open && (
        <div data-testid="preview">
          <FormRenderer definition={copy} form={form}>
            <Space style={{ marginTop: 16 }}>
              <Submit onSubmit={submit} onSubmitFailed={() => warnInvalid(message)} data-testid="preview-submit">提交</Submit>
              <Button onClick={() => form.reset('*', { forceClear: true })}>重置</Button>
              <Button onClick={onClose}>关闭</Button>
            </Space>
          </FormRenderer>
        </div>
      )}
    </Modal>
  );
}

export function JsonDialog({ open, definition, onClose, onConfirm }: { open: boolean; definition: DesignerForm; onClose: () => void; onConfirm: (form: DesignerForm) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setText(JSON.stringify(definition, null, 2));
      setError(undefined);
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const confirm = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      setError(jsonSyntaxMessage(text, err as Error));
      return;
    }
    const problem = checkFormDefinition(parsed);
    if (problem) {
      setError(problem);
      return;
    }
    onConfirm(parsed as DesignerForm);
  };
  return (
    <Modal title="JSON" open={open} onCancel={onClose} onOk={confirm} okText="确定" cancelText="取消" width="70%" destroyOnHidden>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} data-testid="json-error" />}
      {open && (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <JsonEditor value={text} onChange={setText} />
        </Suspense>
      )}
    </Modal>
  );
}

export function SettingsDialog({ open, config, onClose, onChange }: { open: boolean; config: DesignerConfig; onClose: () => void; onChange: (config: DesignerConfig) => void }) {
  const form = useMemo(() => createForm({
    initialValues: { ...FORM_CONFIG_DEFAULTS, ...config },
  }), [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const confirm = () => {
    const values = form.values as DesignerConfig;
    const labelWidth = Math.max(60, Math.min(140, Number(values.labelWidth) || 80));
    const gutter = Math.max(0, Math.min(30, Number(values.gutter) || 0));
    onChange({ ...config, ...values, labelWidth, gutter });
    onClose();
  };
  return (
    <Modal title="表单设置" open={open} onCancel={onClose} onOk={confirm} okText="确定" cancelText="取消" destroyOnHidden>
      <Tabs items={[{ key: 'config', label: '表单配置', children: open ? <FormRenderer definition={settingsForm as unknown as DesignerForm} form={form} loadOptions={false} /> : null }]} />
    </Modal>
  );
}

interface ServerForm { name: string; title: string; revision: number; revisions: number; baseForm?: string | null; updatedAt: string }

const layoutTitles = import.meta.glob<string>('/schemas/layouts/*.json', { import: 'title' });

export function OpenDialog({ open, onClose, onOpen }: { open: boolean; onClose: () => void; onOpen: (form: DesignerForm, saved?: DesignerState['saved'], baseForm?: string) => void }) {
  const [forms, setForms] = useState<ServerForm[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setForms(undefined);
    request<ServerForm[]>({ method: 'GET', url: `${FORMS_API}/list`, silent: true }).then(setForms).catch((err: Error) => {
      setForms([]);
      setError(err.message);
    });
  }, [open]);
  const openServer = async (name: string) => {
    const row = await request<{ name: string; title: string; revision: number; baseForm?: string; definition: DesignerForm }>({ method: 'GET', url: `${FORMS_API}/{name}`, params: { name } });
    onOpen(row.definition, { name: row.name, title: row.title, revision: row.revision, baseForm: row.baseForm ?? undefined });
  };
  const [titles, setTitles] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    void Promise.all(Object.entries(layoutTitles).map(async ([path, load]) => [path.replace(/^.*\//, '').replace(/\.json$/, ''), await load()] as const))
      .then((pairs) => setTitles(Object.fromEntries(pairs)));
  }, [open]);
  // A business form opens expanded from its entity (labels, rules, widgets) as the screen shows it.
  const openBusiness = async (name: string) => {
    const definition = await expandedLayout(name);
    onOpen(structuredClone(definition), undefined, name);
  };
  return (
    <Modal title="打开表单" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Tabs items={[
        {
          key: 'server', label: '已保存的表单', children: (
            <>
              {error && <Alert type="warning" message={error} />}
              {!forms ? <Spin /> : (
                <List size="small" dataSource={forms} locale={{ emptyText: '暂无保存的表单' }} renderItem={(f) => (
                  <List.Item actions={[<Button key="open" size="small" type="link" onClick={() => openServer(f.name)} data-testid={`open-${f.name}`}>打开</Button>]}>
                    <Space>{f.title}<Typography.Text type="secondary">{f.name}</Typography.Text><Tag>v{f.revision}</Tag>{f.baseForm && <Tag color="blue">{f.baseForm}</Tag>}</Space>
                  </List.Item>
                )} />
              )}
            </>
          ),
        },
        {
          key: 'business', label: '业务表单', children: (
            <List size="small" dataSource={businessFormNames()} renderItem={(name) => (
              <List.Item actions={[<Button key="open" size="small" type="link" onClick={() => openBusiness(name)} data-testid={`business-${name}`}>打开</Button>]}>
                <Space>{titles[name] ?? name}<Typography.Text type="secondary">{name}</Typography.Text></Space>
              </List.Item>
            )} />
          ),
        },
      ]} />
    </Modal>
  );
}

export function SaveDialog({ open, store, onClose }: { open: boolean; store: DesignerStore; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = AntForm.useForm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    const { saved, form: definition } = store.getState();
    setError(undefined);
    form.setFieldsValue({
      name: saved?.name ?? '', title: saved?.title ?? (definition.config?.name as string) ?? definition.title ?? '', remark: '',
    });
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = async () => {
    const values = await form.validateFields();
    const { form: definition, saved } = store.getState();
    const problem = checkFormDefinition(definition);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      const row = await request<{ name: string; title: string; revision: number; baseForm?: string }>({
        method: 'POST', url: `${FORMS_API}/save`, silent: [400, 403],
        data: { name: values.name, title: values.title, remark: values.remark || undefined, baseForm: saved?.baseForm, definition },
      });
      store.markSaved({ name: row.name, title: row.title, revision: row.revision, baseForm: row.baseForm ?? undefined });
      // A saved customisation of a business form is what that form's screens render from now on.
      if (row.baseForm) forgetCustomForms();
      void message.success(`已保存为第 ${row.revision} 版`);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="保存到服务器" open={open} onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存" cancelText="取消" destroyOnHidden forceRender>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} data-testid="save-error" />}
      <AntForm form={form} layout="vertical">
        <AntForm.Item name="name" label="表单标识" rules={[{ required: true, message: '请输入表单标识' }, { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '表单标识只能包含字母、数字、下划线和短横线，且以字母开头' }]}>
          <Input maxLength={64} placeholder="例如 visitRegister" />
        </AntForm.Item>
        <AntForm.Item name="title" label="表单名称" rules={[{ required: true, message: '请输入表单名称' }]}>
          <Input maxLength={100} />
        </AntForm.Item>
        <AntForm.Item name="remark" label="版本说明">
          <Input maxLength={200} />
        </AntForm.Item>
      </AntForm>
    </Modal>
  );
}
