/**
 * The region tree as cascader options. An entity stores only the last region code (a string);
 * the cascader needs the whole path, so both directions are looked up here.
 */
/** A node of the region tree (seed 002 §3.1). */
export interface RegionNode { regionId: string; parentId: string; name: string; children?: RegionNode[] | null }

export interface TreeOption {
  label: string;
  value: string;
  children?: TreeOption[];
}

export interface RegionIndex {
  options: TreeOption[];
  /** code -> path of codes from the root */
  pathOf(code: string | number | null | undefined): string[] | undefined;
  /** code -> names joined with / */
  labelOf(code: string | number | null | undefined): string;
}

export function indexRegions(tree: readonly RegionNode[]): RegionIndex {
  const paths = new Map<string, { codes: string[]; names: string[] }>();
  const walk = (nodes: readonly RegionNode[] | null | undefined, codes: string[], names: string[]): TreeOption[] =>
    (nodes ?? []).map((node) => {
      const code = String(node.regionId);
      const here = { codes: [...codes, code], names: [...names, node.name] };
      paths.set(code, here);
      const children = node.children && node.children.length > 0 ? walk(node.children, here.codes, here.names) : undefined;
      return children ? { label: node.name, value: code, children } : { label: node.name, value: code };
    });
  const options = walk(tree, [], []);
  return {
    options,
    pathOf: (code) => (code === null || code === undefined || code === '' ? undefined : paths.get(String(code))?.codes),
    labelOf: (code) => (code === null || code === undefined || code === '' ? '' : paths.get(String(code))?.names.join('/') ?? String(code)),
  };
}

const cache = new WeakMap<readonly RegionNode[], RegionIndex>();

export function regionIndexFor(tree: readonly RegionNode[]): RegionIndex {
  let index = cache.get(tree);
  if (!index) {
    index = indexRegions(tree);
    cache.set(tree, index);
  }
  return index;
}

/** Path of values from the root to `code` in a cascader option tree. */
export function pathInOptions(options: readonly TreeOption[], code: string | number | null | undefined): TreeOption[] | undefined {
  if (code === null || code === undefined || code === '') return undefined;
  const target = String(code);
  for (const option of options) {
    if (option.value === target) return [option];
    if (option.children) {
      const below = pathInOptions(option.children, target);
      if (below) return [option, ...below];
    }
  }
  return undefined;
}
