/** Reading compiled Formily schemas in tests: the property named `key` wherever it sits (grids, columns, array items). */
export type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function find(schema: Schema, key: string): Schema | undefined {
  for (const [name, child] of Object.entries<Schema>(schema.properties ?? {})) {
    if (name === key) return child;
    const below = find(child, key) ?? (child.items ? find(child.items, key) : undefined);
    if (below) return below;
  }
  return undefined;
}
