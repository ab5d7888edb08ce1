/**
 * 分类表单设计 (/digital-asset/category-designer?categoryId=): the form designer on one category's
 * metadata form. It opens the category's latest revision (or an empty form) and 保存 stores a new
 * revision through the category's own call, which links it as the category's form; assets of the
 * category are then filled in with it and checked on the server with it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, Space, Spin, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import Designer from '../../designer/Designer';
import { DesignerStore } from '../../designer/store';
import { invoke } from '../../api/call';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import type { ScreenProps } from '../../runtime/screens/types';

interface Category { categoryId: number; name: string; formName?: string | null }

function Screen({ categoryId }: { categoryId: number }) {
  const { message } = AntApp.useApp();
  const [category, setCategory] = useState<Category>();
  const [store, setStore] = useState<DesignerStore>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const c = await invoke<Category>('digitalAssetCategory.get', { params: { categoryId } });
      let definition: DesignerForm | undefined;
      if (c.formName) definition = (await invoke<{ definition: DesignerForm }>('formDefinition.get', { params: { name: c.formName } }).catch(() => undefined))?.definition;
      if (!live) return;
      setCategory(c);
      setStore(new DesignerStore(definition ?? { title: `${c.name}表单`, config: { version: '1.10', labelWidth: 100, labelPosition: 'right', gutter: 0, size: 'medium' }, list: [] } as unknown as DesignerForm));
    })().catch((e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [categoryId]);

  const save = async () => {
    if (!store) return;
    setSaving(true);
    try {
      const r = await invoke<{ revision: number }>('digitalAssetCategory.saveForm', { params: { categoryId }, body: { definition: store.getState().form } });
      void message.success(`分类表单已保存（第${r.revision}版）`);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!store || !category) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <div data-testid="category-designer">
      <Space style={{ margin: '8px 12px' }}>
        <Typography.Text strong>分类：{category.name}</Typography.Text>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} data-testid="category-form-save">保存</Button>
      </Space>
      <Designer store={store} />
    </div>
  );
}

export default function CategoryDesigner({ params }: ScreenProps) {
  const categoryId = Number(params?.categoryId);
  const body = useMemo(() => (Number.isSafeInteger(categoryId) && categoryId > 0 ? <Screen categoryId={categoryId} /> : <Alert type="warning" showIcon message="请从资产分类列表的「设计表单」进入" />), [categoryId]);
  return <AntApp component={false}>{body}</AntApp>;
}
