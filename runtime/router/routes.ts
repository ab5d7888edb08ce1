/**
 * Routes and the menu tree built from pages/**\/*.json (folder = menu group via _group.json),
 * and the access rules of seed 000 §2.2. Pure: the glob lives in pages.ts so tests feed files directly.
 */
import { matchPath } from 'react-router-dom';
import { matchesRoles } from '../../schemas/src/permission';
import type { MenuNode, PageDef, RouteEntry } from './types';

export const APP_TITLE = '物流综合管理系统';

export type PageFiles = Record<string, PageDef>;

function folderOf(file: string): string {
  return file.slice(0, file.lastIndexOf('/'));
}

function toPattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The groups enclosing a file: each _group.json in its folder or any parent folder, outermost first. */
function enclosingGroups(file: string, groups: Map<string, PageDef>): { folder: string; def: PageDef }[] {
  const found: { folder: string; def: PageDef }[] = [];
  let folder = folderOf(file);
  while (folder.includes('/')) {
    const group = groups.get(folder);
    if (group) found.unshift({ folder, def: group });
    folder = folderOf(folder);
  }
  return found;
}

function groupMap(files: PageFiles): Map<string, PageDef> {
  const groups = new Map<string, PageDef>();
  for (const [file, def] of Object.entries(files)) {
    if (file.endsWith('/_group.json')) groups.set(folderOf(file), def);
  }
  return groups;
}

/** The group definitions enclosing a route file, outermost first (breadcrumb, search titles). */
export function groupsOf(files: PageFiles, file: string): PageDef[] {
  return enclosingGroups(file, groupMap(files)).map((group) => group.def);
}

export function buildRoutes(files: PageFiles): RouteEntry[] {
  const groups = groupMap(files);
  return Object.entries(files)
    .filter(([file, def]) => !file.endsWith('/_group.json') && def.kind !== 'group')
    .map(([file, def]) => {
      const enclosing = enclosingGroups(file, groups);
      return {
        file,
        def,
        pattern: toPattern(def.path),
        groupRoles: enclosing.map((group) => group.def.meta.roles ?? []).filter((roles) => roles.length > 0),
        groupPath: enclosing.length > 0 ? enclosing[enclosing.length - 1].def.path : undefined,
      };
    })
    .sort((a, b) => (a.def.order ?? 0) - (b.def.order ?? 0) || a.def.path.localeCompare(b.def.path));
}

export function routeAllowed(route: RouteEntry, roles: readonly string[]): boolean {
  if (route.def.public) return true;
  return matchesRoles(roles, route.def.meta.roles) && route.groupRoles.every((groupRoles) => matchesRoles(roles, groupRoles));
}

/**
 * The menu tree for a user: every route is kept; those the user may not see, and those marked
 * hidden, carry hidden: true (seed 000 §2.2). Public and layout-less routes never appear.
 */
export function buildMenu(files: PageFiles, roles: readonly string[]): MenuNode[] {
  const groups = groupMap(files);
  const nodes = new Map<string, MenuNode>();
  const roots: MenuNode[] = [];

  const groupNode = (folder: string): MenuNode | undefined => {
    const def = groups.get(folder);
    if (!def) return undefined;
    let node = nodes.get(folder);
    if (!node) {
      node = {
        key: def.path,
        title: def.meta.title,
        icon: def.meta.icon,
        order: def.order ?? 0,
        hidden: Boolean(def.meta.hidden) || !matchesRoles(roles, def.meta.roles),
        children: [],
      };
      nodes.set(folder, node);
      const parent = enclosingGroups(folder + '/_group.json', groups).slice(0, -1).pop();
      (parent ? groupNode(parent.folder)!.children! : roots).push(node);
    }
    return node;
  };

  for (const route of buildRoutes(files)) {
    const { def } = route;
    if (def.public || def.layout === false || def.redirect) continue;
    const leaf: MenuNode = {
      key: def.path,
      title: def.meta.title,
      icon: def.meta.icon,
      order: def.order ?? 0,
      hidden: Boolean(def.meta.hidden) || !routeAllowed(route, roles),
    };
    const enclosing = enclosingGroups(route.file, groups).pop();
    (enclosing ? groupNode(enclosing.folder)!.children! : roots).push(leaf);
  }

  const finish = (list: MenuNode[]): MenuNode[] =>
    list
      .map((node) => {
        if (!node.children) return node;
        const children = finish(node.children);
        return { ...node, children, hidden: node.hidden || children.every((child) => child.hidden) };
      })
      .sort((a, b) => a.order - b.order);
  return finish(roots);
}

/** Visible entries only, for the sidebar. */
export function visibleMenu(tree: readonly MenuNode[]): MenuNode[] {
  return tree
    .filter((node) => !node.hidden)
    .map((node) => (node.children ? { ...node, children: visibleMenu(node.children) } : node));
}

export function matchRoute(routes: readonly RouteEntry[], pathname: string): { route: RouteEntry; params: Record<string, string | undefined> } | undefined {
  for (const route of routes) {
    const match = matchPath({ path: route.pattern, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

export type AccessDecision =
  | { kind: 'render'; route: RouteEntry }
  | { kind: 'redirect'; to: string; state?: Record<string, unknown> }
  | { kind: 'loading' };

export interface AccessInput {
  pathname: string;
  search: string;
  token: string | null;
  /** null while the profile of the token has not been read yet. */
  roles: readonly string[] | null;
  routes: readonly RouteEntry[];
}

/** Seed 000 §2.2. Every redirect replaces the history entry. */
export function decideAccess({ pathname, search, token, roles, routes }: AccessInput): AccessDecision {
  const matched = matchRoute(routes, pathname)?.route;
  if (matched?.def.public) {
    if (token && pathname === '/login') return { kind: 'redirect', to: redirectTarget(search) };
    return { kind: 'render', route: matched };
  }
  if (!token) return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(pathname + search)}` };
  if (roles === null) return { kind: 'loading' };
  if (!matched) return { kind: 'redirect', to: '/404' };
  if (matched.def.redirect) return { kind: 'redirect', to: matched.def.redirect };
  if (!routeAllowed(matched, roles)) return { kind: 'redirect', to: '/401', state: { noGoBack: true } };
  return { kind: 'render', route: matched };
}

export function pageTitle(title?: string): string {
  return title ? `${title} - ${APP_TITLE}` : APP_TITLE;
}

/** Where login sends the user: the redirect parameter when it is a local path, else '/'. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}

/** A token in the query string of any route (seed 000 §2.2): the token and the address without it. */
export function takeQueryToken(pathname: string, search: string, hash = ''): { token: string; cleanUrl: string } | undefined {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (!token) return undefined;
  params.delete('token');
  const rest = params.toString();
  return { token, cleanUrl: pathname + (rest ? `?${rest}` : '') + hash };
}
