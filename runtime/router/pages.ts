/** All page definitions, keyed by file path. Route meta is needed up front, and the files are small. */
import { buildRoutes, type PageFiles } from './routes';
import type { PageDef } from './types';

export const pageFiles: PageFiles = import.meta.glob<PageDef>('/pages/**/*.json', { eager: true, import: 'default' });

export const routes = buildRoutes(pageFiles);
