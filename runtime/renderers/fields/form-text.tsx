/**
 * A read-only form (a detail's form tab) shows a number as the list does: the field type's text
 * (99.90 for money, 99.9 for a quantity), not the raw decimal the picker holds. The form's entity
 * is given by context; a field it does not know (a form's own field) keeps the picker's text.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useField } from '@formily/react';
import { PreviewText } from '@formily/antd-v5';
import type { FieldDef } from '../../../schemas/src/fields/types';
import { textOf } from './text';

interface EntityFields { fields: Record<string, FieldDef>; children: Record<string, { entity: string }> }

type Lookup = (path: string[]) => FieldDef | undefined;
const FieldDefs = createContext<Lookup | undefined>(undefined);

/** The fields of the entity a read-only form shows, its child lines' by their entity. */
export function FormEntityProvider({ entity, resolve, children }: { entity?: EntityFields; resolve: (name: string) => EntityFields | undefined; children: ReactNode }) {
  const lookup: Lookup = (path) => {
    if (!entity) return undefined;
    if (path.length === 1) return entity.fields[path[0]!];
    const child = entity.children[path[0]!];
    return path.length === 2 && child ? resolve(child.entity)?.fields[path[1]!] : undefined;
  };
  return <FieldDefs.Provider value={lookup}>{children}</FieldDefs.Provider>;
}

/** The read-pretty half of the number picker. */
export function NumberText(props: React.ComponentProps<typeof PreviewText.NumberPicker>) {
  const field = useField();
  const lookup = useContext(FieldDefs);
  const path = field.path.segments.map(String).filter((s) => !/^\d+$/.test(s));
  const def = lookup?.(path);
  const value = (props as { value?: unknown }).value;
  if (!def || value === null || value === undefined || value === '') return <PreviewText.NumberPicker {...props} />;
  return <PreviewText.Input value={textOf(def, value)} />;
}
