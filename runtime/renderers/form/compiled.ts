/**
 * A form ready to render: its definition (layout, customised or designer form), the bound
 * entity, and the Formily schema compiled with the entity's own rules and the option sources.
 */
import type { ISchema } from '@formily/json-schema';
import { compileForm, collectOptionSources, dataFieldIds, type DesignerForm } from '../../../schemas/src/form-to-formily';
import { entityFieldCheck, loadFieldChecks } from '../../../schemas/src/field-check';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { loadEntityWithChildren, loadForm, peekEntity } from '../../meta';
import { prepareOptions } from './definitions';
import '../../../schemas/src/components/compile';

export interface CompiledForm {
  definition: DesignerForm;
  entity?: ResolvedEntity;
  schema: ISchema;
  fields: string[];
}

export async function compileNamedForm(name: string, opts: { readOnly?: boolean; editing?: boolean } = {}): Promise<CompiledForm> {
  return compileDefinition(await loadForm(name), opts);
}

export async function compileDefinition(definition: DesignerForm, opts: { readOnly?: boolean; editing?: boolean } = {}): Promise<CompiledForm> {
  const entity = definition.entity ? await loadEntityWithChildren(definition.entity) : undefined;
  // The entity's field checks, compiled at build time (no `new Function` under the CSP).
  if (entity) await Promise.all([entity.name, ...Object.values(entity.children).map((c) => c.entity)].map(loadFieldChecks));
  const resolveOptions = await prepareOptions(collectOptionSources(definition));
  const schema = compileForm(definition, {
    resolveOptions, readOnly: opts.readOnly, editing: opts.editing,
    entity, resolveEntity: (n) => peekEntity(n), checkField: entityFieldCheck,
  });
  return { definition, entity, schema, fields: dataFieldIds(definition) };
}

/**
 * The body a save sends: the entity's writable fields (editable numbers too when editing),
 * child lines, and the form's own added fields under `custom`. Cleared fields go as null on
 * update so the server clears them; a create just leaves them out.
 */
export function bodyOf(compiled: CompiledForm, values: Record<string, unknown>, mode: 'create' | 'edit'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const e = compiled.entity;
  for (const field of compiled.fields) {
    let value = values[field];
    if (value === '') value = undefined;
    if (e) {
      const f = e.fields[field];
      const child = e.children[field];
      if (child) {
        const childEntity = peekEntity(child.entity);
        body[field] = (Array.isArray(value) ? value : []).map((line) => cleanLine(childEntity, child.key, line as Record<string, unknown>));
        continue;
      }
      if (f) {
        if (f.readOnly && !(mode === 'edit' && f.editable)) continue;
        if (value === undefined) {
          if (mode === 'edit') body[field] = null;
        } else body[field] = value;
        continue;
      }
      if (e.customFields && value !== undefined) custom[field] = value;
      continue;
    }
    if (value === undefined) {
      if (mode === 'edit') body[field] = null;
    } else body[field] = value;
  }
  if (e?.customFields && Object.keys(custom).length) body.custom = custom;
  return body;
}

/** A child line as the parent's body carries it: its id (an existing line) and writable fields. */
function cleanLine(child: ResolvedEntity | undefined, key: string, line: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(line ?? {})) {
    if (v === undefined || v === '' || v === null || k === key) continue;
    if (child && k === child.idField) out[k] = v;
    else if (!child || (child.fields[k] && !child.fields[k]!.readOnly)) out[k] = v;
  }
  return out;
}
