/**
 * Layout widgets (mechanism): a json list whose item properties name an enumeration or an entity
 * gets selects and pickers in its table, untitled (derived) properties stay out; a list of values
 * is checked in a tree of a named option source; a write-only text is typed unseen.
 */
import { describe, expect, it } from 'vitest';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { find, type Schema } from '../helpers/formily-schema';

const entity = {
  name: 'widgetDemo', title: '演示', idField: 'widgetDemoId', tenant: 'org', children: {}, transitions: [], search: [], indexes: [],
  fields: {
    secret: { type: 'string', title: '密钥', writeOnly: true, maxLength: 50 },
    tags: { type: 'json', title: '标签', items: { type: 'array', items: { type: 'string' } } },
    steps: { type: 'json', title: '步骤', items: { type: 'array', items: { type: 'object', required: ['kind'], properties: {
      name: { type: 'string', title: '名称', maxLength: 20 },
      kind: { type: 'integer', title: '类型', 'x-enum': 'approverType' },
      owners: { type: 'array', title: '负责人', items: { type: 'integer' }, 'x-ref': 'staff' },
      owner: { type: 'integer', title: '主负责人', 'x-ref': 'staff' },
      derived: { type: 'array', items: { type: 'integer' } },
    } } } },
  },
} as unknown as ResolvedEntity;
const resolve = () => entity;


const layout: LayoutDef = { name: 'widgetDemo', title: '演示', entity: 'widgetDemo', sections: [{ fields: [
  'secret', { field: 'tags', widget: 'treeCheck', options: 'permissions' }, 'steps',
] }] };

describe('layout widgets', () => {
  const form = expandLayout(layout, resolve);
  const tree = [{ label: '商务', value: '商务', children: [{ label: '客户列表', value: '商务:客户列表' }] }];
  const schema = compileForm(form, { resolveOptions: (s) => (s === 'permissions' ? tree : s === 'enum:approverType' ? [{ label: '角色', value: 2 }] : []), entity: entity as never, resolveEntity: resolve as never });

  it('json table: x-enum is a select of the enumeration, x-ref a picker (several ids for an array); untitled properties stay out', () => {
    const steps = form.list.find((i) => i.id === 'steps') as unknown as { columns: Schema[] };
    expect(steps.columns.map((c) => c.field)).toEqual(['name', 'kind', 'owners', 'owner']);
    expect(steps.columns[1]).toMatchObject({ compType: 'select', storeDispatchName: 'enum:approverType', required: true });
    expect(find(schema, 'kind')!.enum).toEqual([{ label: '角色', value: 2 }]);
    expect(find(schema, 'owners')!['x-component-props']).toMatchObject({ entity: 'staff', mode: 'multiple' });
    expect(find(schema, 'owner')!['x-component-props'].mode).toBeUndefined();
  });

  it('treeCheck: the values checked in a tree of the named option source', () => {
    expect(find(schema, 'tags')!['x-component']).toBe('TreeCheck');
    expect(find(schema, 'tags')!['x-component-props'].treeData).toEqual(tree);
  });

  it('a write-only text is typed unseen', () => {
    expect(find(schema, 'secret')!['x-component']).toBe('Password');
  });
});
