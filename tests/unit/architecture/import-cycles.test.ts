/**
 * No module of the runtime, the pages or the server imports itself through others: a cycle makes
 * load order decide what is undefined at start-up, and ties modules that should not know each
 * other (a screen and its registry, two owners of print documents). `tsx scripts/import-cycles.ts`
 * shows the path around any cycle.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclePath, importCycles, importGraph } from '../../../scripts/import-cycles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('import cycles', () => {
  it('finds a cycle through several files and names the path around it', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts', 'd.ts']], ['c.ts', ['a.ts']], ['d.ts', []]]);
    const cycles = importCycles(graph);
    expect(cycles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cyclePath(graph, cycles[0]!)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('runtime/, pages/ and server/ have none (static imports, type imports included)', () => {
    const graph = importGraph(root, ['runtime', 'pages', 'server', 'schemas', 'api', 'designer']);
    expect(graph.size).toBeGreaterThan(100);
    // the graph must see real edges, or an empty result would prove nothing
    expect(graph.get('server/crud/scope.ts')).toContain('server/crud/title.ts');
    expect(importCycles(graph).map((g) => cyclePath(graph, g).join(' → '))).toEqual([]);
  });
});
