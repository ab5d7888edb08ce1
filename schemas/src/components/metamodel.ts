/**
 * Derives the per-compType part of schemas/meta/form.schema.json from the registry's panels, so a
 * limit is written once (panel) and enforced everywhere (designer, JSON import, gen, server).
 * `npx tsx schemas/src/components/write-metamodel.ts` rewrites the file; a unit test fails when
 * the file and the registry disagree.
 */
import { COMPONENTS } from './registry';
import type { PanelField } from './types';

type Schema = Record<string, unknown>;

export const SAFE_API_PATH_PATTERN = '^(|/api/[A-Za-z0-9\\-._~/%?&=,:]*)$';

export function fieldSchema(field: PanelField): Schema | undefined {
  if (field.schema) return field.schema;
  switch (field.kind) {
    case 'switch':
      return { type: 'boolean' };
    case 'number': {
      const integer = (field.step ?? 1) % 1 === 0 && (field.min ?? 0) % 1 === 0;
      const schema: Schema = { type: integer ? 'integer' : 'number' };
      if (field.min !== undefined) schema.minimum = field.min;
      if (field.max !== undefined) schema.maximum = field.max;
      return schema;
    }
    case 'select':
    case 'radio':
      return field.options ? { enum: field.options.map((option) => option.value) } : undefined;
    case 'input':
    case 'textarea':
    case 'color':
      return { type: 'string' };
  }
  return undefined;
}

function nest(properties: Record<string, Schema>, path: string[], schema: Schema): void {
  const [head, ...rest] = path;
  if (!head) return;
  if (rest.length === 0) {
    properties[head] = schema;
    return;
  }
  const existing = (properties[head] ??= { type: 'object', properties: {} }) as { properties: Record<string, Schema> };
  existing.properties ??= {};
  nest(existing.properties, rest, schema);
}

/** One if/then per compType with the panel's property limits. */
export function compTypeConstraints(): Schema[] {
  return Object.values(COMPONENTS).map((def) => {
    const properties: Record<string, Schema> = {};
    for (const field of def.panel) {
      if (field.prop === 'id' || field.virtual) continue;
      const schema = fieldSchema(field);
      if (!schema || Object.keys(schema).length === 0) continue;
      nest(properties, field.prop.split('.'), schema);
    }
    if (def.panel.some((field) => field.prop === 'action')) properties.action = { type: 'string', maxLength: 500, pattern: SAFE_API_PATH_PATTERN };
    if (def.compType === 'upload') {
      properties.accept = { type: 'array', items: { enum: ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip', 'rar'] }, uniqueItems: true };
    }
    if (def.compType === 'colorPicker') properties.predefine = { type: 'array', items: { type: 'string', maxLength: 50 }, maxItems: 50 };
    if (def.compType === 'dialogList') {
      properties.colConf = {
        type: 'array',
        items: {
          type: 'object',
          required: ['label', 'property'],
          properties: {
            index: { type: 'integer' }, show: { type: 'boolean' }, label: { type: 'string', minLength: 1, maxLength: 50 },
            property: { type: 'string', minLength: 1, maxLength: 50 }, width: { type: 'integer', minimum: 0, maximum: 2000, default: 150 },
          },
        },
      };
    }
    return { if: { properties: { compType: { const: def.compType } }, required: ['compType'] }, then: { properties } };
  });
}
