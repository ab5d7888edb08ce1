/**
 * A value's plain text in the browser: the registry's one formatter (the text the server logs and
 * exports) fed with what the browser knows — enumeration labels, the page's referenced titles and
 * the region tree once it is loaded.
 */
import { fieldText, type TextContext } from '../../../schemas/src/fields/registry';
import type { FieldDef } from '../../../schemas/src/fields/types';
import { enumLabel } from '../../reference/enums';
import { regionIndexFor } from '../../reference/region';
import { regionTree } from '../../reference/lists';

/** Titles of referenced records a page carries: entity → id → title. */
export type Refs = Record<string, Record<string, string>>;

export function browserTextContext(refs: Refs = {}): TextContext {
  return {
    enumLabel: (name, code) => enumLabel(name, code)?.label,
    refTitle: (entity, id) => refs[entity]?.[String(id)],
    regionLabel: (code) => {
      const tree = regionTree.peek();
      return tree ? regionIndexFor(tree).labelOf(code) : undefined;
    },
  };
}

/** Plain text of a value (list cells, descriptions, exports of a page, summaries, titles). */
export function textOf(f: FieldDef, value: unknown, refs: Refs = {}): string {
  return fieldText(f, value, browserTextContext(refs));
}
