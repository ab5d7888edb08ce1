/** The searchable routes of a user: every permitted, titled menu page (hidden ones excluded). */
import { buildMenu, visibleMenu } from '../router/routes';
import type { PageFiles } from '../router/routes';
import type { MenuNode } from '../router/types';
import type { SearchItem } from './search';

export function searchItems(files: PageFiles, roles: readonly string[]): SearchItem[] {
  const out: SearchItem[] = [];
  const walk = (nodes: MenuNode[], trail: string[]) => {
    for (const node of nodes) {
      const titles = [...trail, node.title];
      if (node.children) walk(node.children, titles);
      else out.push({ path: node.key, titles });
    }
  };
  walk(visibleMenu(buildMenu(files, roles)), []);
  return out;
}
