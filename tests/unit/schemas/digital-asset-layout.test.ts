/**
 * The layout widget designerForm on 资料's 分类信息: the json field is rendered by the SubForm
 * component with the form source the layout names (the chosen 资产分类's form), as an object.
 */
import { describe, expect, it } from 'vitest';
import entities from '../../../schemas/generated/entities.json';
import assetLayout from '../../../schemas/layouts/digitalAsset.json';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { find } from '../helpers/formily-schema';

const all = entities as unknown as Record<string, ResolvedEntity>;
const resolve = (name: string) => all[name];

describe('designerForm layout widget', () => {
  it('资料的分类信息 is a SubForm chosen by categoryId through the category', () => {
    const form = expandLayout(assetLayout as LayoutDef, resolve);
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.digitalAsset, resolveEntity: resolve });
    const node = find(schema, 'customValues')!;
    expect(node['x-component']).toBe('SubForm');
    expect(node.type).toBe('object');
    expect(node['x-component-props']).toMatchObject({ formOf: { field: 'categoryId', api: 'digitalAssetCategory.get', name: 'formName' } });
    expect(node.title).toBe('分类信息');
  });
});
