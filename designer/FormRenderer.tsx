/** Renders a designer-format definition through the runtime form renderer (compileForm + SchemaField). */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ISchema } from '@formily/json-schema';
import '../schemas/src/components';
import './form-meta-browser';
import { collectOptionSources, compileForm, type DesignerForm, type FormOption } from '../schemas/src/form-to-formily';
import { SchemaField } from '../runtime/renderers/form/components';
import { prepareOptions } from '../runtime/renderers/form/definitions';

const SIZE: Record<string, 'small' | 'default' | 'large'> = { medium: 'default', small: 'small', mini: 'small' };

/** Adds the decorator tooltip of items that carry one (the panel's ID warning) and an element id per field. */
function withTooltips(schema: ISchema, tooltips: Record<string, string>): ISchema {
  const walk = (node: ISchema) => {
    for (const [key, child] of Object.entries(node.properties ?? {}) as [string, ISchema][]) {
      if (tooltips[key]) child['x-decorator-props'] = { ...(child['x-decorator-props'] as object), tooltip: tooltips[key] };
      if (child['x-decorator'] === 'FormItem' && child.type !== 'void' && !/__col$/.test(key)) {
        child['x-component-props'] = { id: key, ...(child['x-component-props'] as object) };
      }
      walk(child);
    }
  };
  walk(schema);
  return schema;
}

export function useCompiled(definition: DesignerForm, loadOptions = true): { schema?: ISchema; error?: string } {
  const [resolver, setResolver] = useState<((source: string) => FormOption[] | undefined) | null>(() => (loadOptions ? null : () => undefined));
  const sources = useMemo(() => collectOptionSources(definition).join(','), [definition]);
  useEffect(() => {
    if (!loadOptions) return;
    let alive = true;
    prepareOptions(sources ? sources.split(',') : [])
      .then((resolve) => alive && setResolver(() => resolve))
      .catch(() => alive && setResolver(() => () => undefined));
    return () => {
      alive = false;
    };
  }, [sources, loadOptions]);
  return useMemo(() => {
    if (!resolver) return {};
    try {
      const tooltips: Record<string, string> = {};
      for (const item of definition.list) if (typeof item.tooltip === 'string') tooltips[item.id] = item.tooltip;
      return { schema: withTooltips(compileForm(definition, { resolveOptions: resolver }), tooltips) };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }, [definition, resolver]);
}

export function FormRenderer({ definition, form, loadOptions = true, children }: { definition: DesignerForm; form: Form; loadOptions?: boolean; children?: React.ReactNode }) {
  const { schema, error } = useCompiled(definition, loadOptions);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!schema) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  const config = definition.config ?? {};
  return (
    <FormProvider form={form}>
      <FormLayout
        labelWidth={(config.labelWidth as number) ?? 80}
        layout={config.labelPosition === 'top' ? 'vertical' : 'horizontal'}
        labelAlign={config.labelPosition === 'left' ? 'left' : 'right'}
        size={SIZE[String(config.size)] ?? 'default'}
      >
        <SchemaField schema={schema} />
      </FormLayout>
      {children}
    </FormProvider>
  );
}
