/** Merges the registry's per-compType constraints into the form metamodel document. */
import { compTypeConstraints } from './metamodel';

type Schema = Record<string, any>;
const MARK = 'compTypeConstraints';

export function buildFormMetaSchema(base: Schema): Schema {
  const doc = structuredClone(base);
  const item = doc.$defs.item as Schema;
  const structural = ((item.allOf ?? []) as Schema[]).filter((entry) => entry.$comment !== MARK);
  item.allOf = [...structural, { $comment: MARK, allOf: compTypeConstraints() }];
  return doc;
}
