import { describe, expect, it } from 'vitest';
import { resolveRefFilter } from '../../../runtime/renderers/common/RefSelect';
import { matchesFilter } from '../../../schemas/src/ref-filter';
import { fieldItem } from '../../../schemas/src/layout';
import { compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';

describe('dependent reference pickers (filterBy)', () => {
  it('fills "{field}" from the values, keeps constants, leaves out what is not chosen yet', () => {
    expect(resolveRefFilter({ clueId: '{clueId}', status: 15 }, { clueId: 7 })).toEqual(['clueId:7', 'status:15']);
    expect(resolveRefFilter({ clueId: '{clueId}', status: 15 }, {})).toEqual(['status:15']);
    expect(resolveRefFilter({ enquiryId: '{enquiryId}' }, { enquiryId: '' })).toEqual([]);
    expect(resolveRefFilter(undefined, { a: 1 })).toEqual([]);
  });

  it('a constant list is any of its codes: one filter joined by | for the picker, any-of for the form', () => {
    expect(resolveRefFilter({ status: [10, 15, 25, 30] }, {})).toEqual(['status:10|15|25|30']);
    expect(matchesFilter({ status: 15 }, { status: [10, 15] })).toBe(true);
    expect(matchesFilter({ status: '20' }, { status: [10, 15] })).toBe(false);
    expect(matchesFilter({ status: null }, { status: [10, 15] })).toBe(false);
  });

  it('the entity field’s filterBy reaches the picker of every form built from it', () => {
    const entity = {
      name: 'fixtureQuote', title: '报价', idField: 'quoteId', fields: {
        clueId: { type: 'reference', ref: 'clue', title: '线索', column: 'clue_id' },
        enquiryId: { type: 'reference', ref: 'enquiry', title: '询价单', column: 'enquiry_id', filterBy: { clueId: '{clueId}', status: 15 } },
      }, children: {},
    } as unknown as ResolvedEntity;
    const item = fieldItem(entity, { field: 'enquiryId' }, 12, 100, () => undefined);
    const schema = compileForm({ entity: 'fixtureQuote', config: {}, list: [item] }, { resolveOptions: () => [] }) as any;
    expect(JSON.stringify(schema)).toContain('"filterBy":{"clueId":"{clueId}","status":15}');
  });
});
