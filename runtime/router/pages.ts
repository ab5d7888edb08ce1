/**
 * Route meta of every page (menu, router, search) comes with the shell from the generated
 * manifest; a screen's body (list, detail, report ...) loads with the screen.
 */
import manifest from '../generated/pages.json';
import { buildRoutes, type PageFiles } from './routes';
import type { PageDef } from './types';

export const pageFiles = manifest as unknown as PageFiles;

export const routes = buildRoutes(pageFiles);

const bodies = import.meta.glob<PageDef>('/pages/**/*.json', { import: 'default' });

/** The whole definition of a page (its body included). */
export async function loadPage(file: string): Promise<PageDef> {
  const load = bodies[file];
  if (!load) throw new Error(`页面定义 ${file} 不存在`);
  return load();
}
