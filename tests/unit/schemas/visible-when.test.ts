/**
 * A layout field's `visibleWhen` (the 派车 form showing only what the chosen 承运类型 uses): the
 * field and its grid column follow the named fields' values; hidden, the field is not checked and
 * its value leaves the form (so it is not sent), and shown again it gets the value back.
 */
import { describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { compileForm, visibleWhenHolds } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { find, type Schema } from '../helpers/formily-schema';

const entity = {
  name: 'visibleDemo', title: '演示', idField: 'visibleDemoId', tenant: 'org', children: {}, transitions: [], search: [], indexes: [],
  fields: {
    kind: { type: 'integer', title: '类型', required: true },
    truck: { type: 'string', title: '自有车辆', maxLength: 20, required: true },
    carrier: { type: 'string', title: '承运商', maxLength: 20 },
  },
} as unknown as ResolvedEntity;

const layout: LayoutDef = { name: 'visibleDemo', title: '演示', entity: 'visibleDemo', sections: [{ fields: [
  'kind', { field: 'truck', visibleWhen: { kind: 1 } }, { field: 'carrier', visibleWhen: { kind: [2, 3, 4] } },
] }] };


describe('layout visibleWhen', () => {
  it('matches like an action\'s when: values compared as text, an array is any of, a blank field hides', () => {
    expect(visibleWhenHolds({ kind: 1 }, { kind: '1' })).toBe(true);
    expect(visibleWhenHolds({ kind: [2, 3] }, { kind: 3 })).toBe(true);
    expect(visibleWhenHolds({ kind: [2, 3] }, { kind: 1 })).toBe(false);
    expect(visibleWhenHolds({ kind: 1 }, {})).toBe(false);
    expect(visibleWhenHolds(undefined, {})).toBe(true);
  });

  it('compiles into function reactions (never an expression) on the field and its column', () => {
    const schema = compileForm(expandLayout(layout, () => entity), {}) as Schema;
    expect(typeof find(schema, 'truck')!['x-reactions']).toBe('function');
    expect(typeof find(schema, 'truck__col')!['x-reactions']).toBe('function');
    expect(find(schema, 'kind')!['x-reactions']).toBeUndefined();
    expect(JSON.stringify(schema)).not.toContain('{{');
  });

  it('hidden: not required and not in the values; shown again: the value is back', async () => {
    const schema = compileForm(expandLayout(layout, () => entity), {}) as Schema;
    const form = createForm({ initialValues: { kind: 2, carrier: '顺达' } });
    form.createField({ name: 'kind' });
    for (const name of ['truck', 'carrier']) {
      const col = `${name}__col`;
      form.createVoidField({ name: col, reactions: [find(schema, col)!['x-reactions']] });
      form.createField({ name, basePath: col, required: Boolean(find(schema, name)!.required), reactions: [find(schema, name)!['x-reactions']] });
    }
    const field = (name: string) => form.query(name).take()!;
    expect(field('truck').display).toBe('none');
    expect(field('carrier').display).toBe('visible');
    await expect(form.validate()).resolves.toBeUndefined(); // truck is required, but hidden

    form.setValuesIn('kind', 1);
    expect(field('carrier').display).toBe('none');
    expect(form.values.carrier).toBeUndefined();
    expect('carrier' in form.values).toBe(false);
    expect(field('truck').display).toBe('visible');
    await expect(form.validate()).rejects.toBeTruthy(); // shown, truck is required again

    form.setValuesIn('kind', 3);
    expect(form.values.carrier).toBe('顺达');
  });
});
