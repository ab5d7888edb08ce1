/**
 * Layout widgets added for 组织架构 (mechanism): a json list whose item properties name an
 * enumeration or an entity gets selects and pickers in its table; a list of values can be checked
 * in a tree of options; a write-only text is typed unseen.
 */
import { describe, expect, it } from 'vitest';
import entities from '../../../schemas/generated/entities.json';
import roleLayout from '../../../schemas/layouts/role.json';
import processLayout from '../../../schemas/layouts/processTemplate.json';
import staffLayout from '../../../schemas/layouts/staff.json';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { collectOptionSources, compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { find, type Schema } from '../helpers/formily-schema';

const all = entities as unknown as Record<string, ResolvedEntity>;
const resolve = (name: string) => all[name];


describe('layout widgets', () => {
  it('json table columns: x-enum becomes a select of the enumeration, x-ref a picker (several ids for an array)', () => {
    const form = expandLayout(processLayout as LayoutDef, resolve);
    const nodes = form.list.find((i) => i.id === 'nodes')! as unknown as { columns: Schema[] };
    // Each column holds its row property (field) under an id of its table's, unique beside the template's own name.
    expect(nodes.columns.map((c) => c.field)).toEqual(['name', 'approverType', 'staffIds', 'roleIds', 'permission', 'minAmount', 'mode']);
    expect(nodes.columns.map((c) => c.id)).toEqual(['nodes_name', 'nodes_approverType', 'nodes_staffIds', 'nodes_roleIds', 'nodes_permission', 'nodes_minAmount', 'nodes_mode']);
    expect(nodes.columns.find((c) => c.field === 'approverType')).toMatchObject({ compType: 'select', storeDispatchName: 'enum:approverType', multiple: false, required: true });
    expect(nodes.columns.find((c) => c.field === 'staffIds')).toMatchObject({ compType: 'select', storeDispatchName: 'ref:staff', multiple: true });
    const schema = compileForm(form, { resolveOptions: (s) => (s === 'enum:approverType' ? [{ label: '角色', value: 2 }] : []), entity: all.processTemplate, resolveEntity: resolve });
    expect(find(schema, 'roleIds')!['x-component']).toBe('RefSelect');
    expect(find(schema, 'roleIds')!['x-component-props']).toMatchObject({ entity: 'role', mode: 'multiple' });
    expect(find(schema, 'approverType')!.enum).toEqual([{ label: '角色', value: 2 }]);
  });

  it('an untitled item property (derived bookkeeping) is not a column unless asked for', () => {
    const form = expandLayout({ ...(processLayout as LayoutDef), sections: [{ fields: ['nodes'] }] }, resolve);
    const nodes = form.list.find((i) => i.id === 'nodes')! as unknown as { columns: Schema[] };
    expect(nodes.columns.map((c) => c.field)).not.toContain('approverIds');
  });

  it('treeCheck: the values of a json list checked in a tree of the named option source', () => {
    const form = expandLayout(roleLayout as LayoutDef, resolve);
    expect(collectOptionSources(form)).toContain('permissions');
    const tree = [{ label: '商务', value: '商务', children: [{ label: '客户列表', value: '商务:客户列表' }] }];
    const schema = compileForm(form, { resolveOptions: (s) => (s === 'permissions' ? tree : undefined), entity: all.role, resolveEntity: resolve });
    const permissions = find(schema, 'permissions')!;
    expect(permissions['x-component']).toBe('TreeCheck');
    expect(permissions.type).toBe('array');
    expect(permissions['x-component-props'].treeData).toEqual(tree);
  });

  it('a write-only text (a password, a secret) is typed unseen', () => {
    const form = expandLayout(staffLayout as LayoutDef, resolve);
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.staff, resolveEntity: resolve });
    expect(find(schema, 'initialPassword')!['x-component']).toBe('Password');
    expect(find(schema, 'username')!['x-component']).toBe('Input');
  });
});
