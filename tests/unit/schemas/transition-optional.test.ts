/**
 * Transition forms (mechanism): every form field is required unless the transition declares it
 * `optional` — offered in the dialog, accepted in the body, not demanded.
 */
import { describe, expect, it } from 'vitest';
import { resolveEntity } from '../../../schemas/src/entity-schema';
import { transitionBody } from '../../../schemas/src/entry-schemas';

const entity = resolveEntity({
  name: 'stepDemo', title: '演示', idField: 'stepDemoId',
  fields: {
    status: { type: 'integer', title: '状态', default: 0 },
    pieces: { type: 'integer', title: '件数' },
    place: { type: 'string', title: '地点', maxLength: 20 },
  },
  states: { status: { transitions: [
    { name: 'load', title: '装车', from: [0], to: 10, form: ['pieces', 'place'], optional: ['place'] },
    { name: 'strict', title: '严格', from: [0], to: 10, form: ['pieces', 'place'] },
  ] } },
} as any);
const enums = () => undefined as any;

describe('transition form fields', () => {
  it('requires the form fields not declared optional', () => {
    const body = transitionBody(entity, 'load', enums, true) as any;
    expect(body.required).toEqual(['pieces']);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['pieces', 'place']));
  });
  it('requires every form field when none is optional', () => {
    const body = transitionBody(entity, 'strict', enums, true) as any;
    expect(body.required).toEqual(['pieces', 'place']);
  });
});
