/** Option sources of forms known in the browser: enumerations, the region tree and the permission tree. */
import type { FormOption } from '../../../schemas/src/form-to-formily';
import { hasPermission } from '../../../schemas/src/permission';
import { enumOptions } from '../../reference/enums';
import { regionTree } from '../../reference/lists';
import { regionIndexFor } from '../../reference/region';
import { getSession } from '../../session/store';

let permissionTree: FormOption[] | undefined;

/**
 * schemas/permissions.json as a tree by its colon names (商务 → 商务:客户列表 → …), loaded with the
 * first form that needs it. A permission the user doesn't hold comes disabled: nobody grants what
 * they don't have (the server refuses it too).
 */
async function permissionOptions(): Promise<FormOption[]> {
  if (!permissionTree) {
    const { permissions } = (await import('../../../schemas/permissions.json')).default as { permissions: { name: string; title: string }[] };
    const byName = new Map<string, FormOption>();
    const roots: FormOption[] = [];
    for (const p of [...permissions].sort((a, b) => a.name.split(':').length - b.name.split(':').length)) {
      const node: FormOption = { label: p.title, value: p.name, children: [] };
      byName.set(p.name, node);
      // Under the nearest listed ancestor: 财务:资金事项:收入:查看 sits under 资金事项 (收入 itself is no permission).
      const parts = p.name.split(':');
      let parent: FormOption | undefined;
      for (let n = parts.length - 1; n > 0 && !parent; n--) parent = byName.get(parts.slice(0, n).join(':'));
      (parent ? parent.children! : roots).push(node);
    }
    permissionTree = roots;
  }
  const held = getSession().roles ?? [];
  const mark = (list: FormOption[]): FormOption[] => list.map((o) => ({ ...o, disabled: !hasPermission(held, String(o.value)), children: mark(o.children ?? []) }));
  return mark(permissionTree);
}

/** Loads the cached lists a form needs, then answers option look-ups synchronously. References search on their own. */
export async function prepareOptions(sources: string[]): Promise<(source: string) => FormOption[] | undefined> {
  if (sources.includes('region')) await regionTree.get();
  const permissions = sources.includes('permissions') ? await permissionOptions() : undefined;
  return (source) => {
    if (source.startsWith('enum:')) return enumOptions(source.slice('enum:'.length));
    if (source === 'region') return regionIndexFor(regionTree.peek() ?? []).options;
    if (source === 'permissions') return permissions;
    return undefined;
  };
}
