/**
 * Custom screens are found by convention: a page's `component` names a screen file, the browser's
 * registry (an import.meta.glob) offers every such file, and `npm run gen` refuses a page whose
 * component names no file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../scripts/gen/load';
import { checkScreens, screenFiles, type ScreenFile } from '../../../scripts/gen/screens';
import { screens } from '../../../runtime/screens/registry';
import { LIGHT_PAGES } from '../../../runtime/router/AccessGate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const defs = loadDefinitions(root);
const files = screenFiles(root);
const customPages = defs.pages.filter((p) => (p.data as { kind?: string }).kind === 'custom');

describe('custom screens by convention', () => {
  it('the pages kept free of antd (the login route) are named as their pages name them', () => {
    // A renamed screen silently put antd back into /login's initial JS (107 → 210 KB).
    for (const name of LIGHT_PAGES) expect(customPages.some((p) => (p.data as { component?: string }).component === name), name).toBe(true);
  });
  it('every custom page of the repo names a screen file with a default export', () => {
    expect(customPages.length).toBeGreaterThan(0);
    expect(checkScreens(defs, files)).toEqual([]);
  });

  it('the browser registry offers exactly the screen files, by base name', () => {
    expect(Object.keys(screens).sort()).toEqual(files.map((f) => f.name).sort());
    for (const p of customPages) expect(screens[(p.data as { component: string }).component], p.file).toBeDefined();
  });

  it('refuses a page whose component names no screen file, at file#/component', () => {
    const bad = { pages: [...defs.pages, { file: 'pages/x/bad.json', data: { kind: 'custom', path: '/x/bad', component: 'NoSuchScreen', meta: { title: '坏' } } }] };
    const problems = checkScreens(bad, files);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'pages/x/bad.json', pointer: '/component' });
    expect(problems[0]!.message).toContain('NoSuchScreen');
  });

  it('refuses a named file without a default export, and two screen files of one name', () => {
    const own: ScreenFile[] = [
      { file: 'pages/a/Helper.tsx', name: 'Helper', hasDefault: false },
      { file: 'pages/a/Map.tsx', name: 'Map', hasDefault: true },
      { file: 'runtime/screens/Map.tsx', name: 'Map', hasDefault: true },
    ];
    const pages = [{ file: 'pages/a/h.json', data: { kind: 'custom', component: 'Helper' } }];
    const problems = checkScreens({ pages }, own);
    expect(problems.map((p) => p.file).sort()).toEqual(['pages/a/h.json', 'runtime/screens/Map.tsx']);
    expect(problems.find((p) => p.file === 'pages/a/h.json')!.message).toContain('default export');
  });
});
