// @vitest-environment jsdom
/**
 * System columns a list may show beside the entity's fields: a list across the group's
 * organisations (集团管理, e.g. 从平台添加) shows each row's organisation by its title.
 */
import { describe, expect, it } from 'vitest';
import { fieldOf, textOf } from '../../../runtime/renderers/cells';

describe('system columns', () => {
  const entity = { idField: 'supplierId', fields: { name: { type: 'string', title: '供应商名称' } } } as never;

  it('orgId reads as the organisation’s title from the page’s refs', () => {
    const f = fieldOf(entity, 'orgId')!;
    expect(f).toMatchObject({ type: 'reference', ref: 'organization', title: '所属单位' });
    expect(textOf(f, 7, { organization: { 7: '华运物流苏州有限公司' } })).toBe('华运物流苏州有限公司');
    expect(textOf(f, 8, {})).toBe('8');
  });

  it('authors stay staff references, and an unknown column has no facts', () => {
    expect(fieldOf(entity, 'createdBy')).toMatchObject({ type: 'reference', ref: 'staff' });
    expect(fieldOf(entity, 'nothing')).toBeUndefined();
  });
});
