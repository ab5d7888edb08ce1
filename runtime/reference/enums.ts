/** Enumerations of schemas/enums, merged into one lookup by name. */
export interface EnumValue {
  value: string | number | boolean;
  label: string;
  color?: string;
  /** the page a record of this value leads to; {id} stands for its subject's id */
  route?: string;
}

interface EnumFile {
  enums: Record<string, { title?: string; values: EnumValue[] }>;
}

const files = import.meta.glob<EnumFile>('/schemas/enums/*.json', { eager: true, import: 'default' });

const enums: Record<string, EnumValue[]> = {};
for (const file of Object.values(files)) {
  for (const [name, def] of Object.entries(file.enums ?? {})) enums[name] = def.values;
}

export function enumValues(name: string): EnumValue[] {
  return enums[name] ?? [];
}

export function enumOptions(name: string): { label: string; value: string | number | boolean }[] {
  return enumValues(name).map(({ label, value }) => ({ label, value }));
}

export function enumLabel(name: string, value: unknown): EnumValue | undefined {
  return enumValues(name).find((entry) => entry.value === value || String(entry.value) === String(value));
}
