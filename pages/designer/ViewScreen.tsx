/**
 * #/view and /view (seed 001 §2): renders the form definition the designer keeps in local storage.
 * The stored text is checked like an import (metamodel, no expression, same-origin addresses).
 */
import { useMemo } from 'react';
import { Alert, App, Button, Card, Space } from 'antd';
import { createForm } from '@formily/core';
import { liveChecks } from '../../runtime/renderers/form/checks';
import { Submit } from '@formily/antd-v5';
import type { ScreenProps } from '../../runtime/screens/types';
import { checkFormDefinition } from '../../schemas/src/form-meta';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import { FormRenderer } from '../../designer/FormRenderer';
import { STORAGE_KEY } from '../../designer/store';

function readStored(): { definition?: DesignerForm; error?: string } {
  let text: string | null = null;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* no storage */
  }
  if (!text) return { error: '本地没有保存的表单定义，请先在表单设计器中设计表单' };
  try {
    const parsed = JSON.parse(text) as unknown;
    const problem = checkFormDefinition(parsed);
    return problem ? { error: problem } : { definition: parsed as DesignerForm };
  } catch {
    return { error: '本地保存的表单定义不是合法的JSON' };
  }
}

function View() {
  const { message } = App.useApp();
  const { definition, error } = useMemo(readStored, []);
  const form = useMemo(() => createForm({ disabled: Boolean(definition?.config?.disabled), effects: liveChecks }), [definition]);
  return (
    <div style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }} data-testid="form-view">
      <Card title={(definition?.config?.name as string) || definition?.title || '表单'}>
        {error || !definition ? <Alert type="warning" showIcon message={error} /> : (
          <FormRenderer definition={definition} form={form}>
            <Space style={{ marginTop: 16 }}>
              <Submit onSubmit={() => void message.success('success')} onSubmitFailed={() => void message.warning('请检查表单填写内容')}>提交</Submit>
              <Button onClick={() => form.reset('*', { forceClear: true })}>重置</Button>
            </Space>
          </FormRenderer>
        )}
      </Card>
    </div>
  );
}

export default function ViewScreen(_props: ScreenProps) {
  return (
    <App component={false}>
      <View />
    </App>
  );
}
