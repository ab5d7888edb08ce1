// @vitest-environment jsdom
/**
 * Every filter widget of the query bar is the control its label names (the Form.Item's id reaches
 * it): a click on 发送状态 opens that select, and a screen reader reads the label with the control.
 * Generated over the browser's field-type map, so a new type's widget is held to it the day it exists.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BROWSER_FIELD_TYPES } from '../../../runtime/renderers/fields';
import { QueryBar } from '../../../runtime/renderers/list/QueryBar';
import type { FieldDef, FieldType } from '../../../schemas/src/fields/types';
import { FIELD_TYPES } from '../../../schemas/src/fields/registry';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });

// Pickers that load their options from the server on mount are held to the same rule in the e2e suite.
const NEEDS_SERVER = new Set<FieldType>(['reference', 'references', 'region']);

describe('query bar labels point at their widgets', () => {
  for (const type of Object.keys(BROWSER_FIELD_TYPES) as FieldType[]) {
    if (NEEDS_SERVER.has(type)) continue;
    const def: FieldDef = { type, title: '筛选项', ...(type === 'enum' ? { enum: 'verifyStatus' } : {}) } as FieldDef;
    for (const op of FIELD_TYPES[type].filters) {
      it(`${type} (${op})`, () => {
        render(<QueryBar items={[{ field: 'x', op, def, label: '筛选项' }]} params={{}} onSearch={() => undefined} />);
        const control = screen.getByLabelText('筛选项');
        expect(control.tagName).toMatch(/INPUT|TEXTAREA/);
        cleanup();
      });
    }
  }
});
