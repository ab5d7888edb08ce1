/**
 * Finds import cycles among the repo's TypeScript sources: `tsx scripts/import-cycles.ts [dirs…]`
 * prints each cycle (a strongly connected group of files) and exits 1 when there is one.
 * Only static imports and re-exports count, `import type` included (a type cycle still ties two
 * modules that should not know each other); `import()` and `import.meta.glob` load later and are
 * how a registry reaches what registers with it, so they don't.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'generated') return [];
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  // `./x.js` written for ESM resolves to x.ts
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile());
}

/** The files each file imports statically (repo-relative paths). */
export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sources(join(root, d)))) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const out = new Set<string>();
    for (const st of sf.statements) {
      const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
      const target = spec ? resolveImport(file, spec) : undefined;
      if (target) out.add(relative(root, target).split('\\').join('/'));
    }
    graph.set(relative(root, file).split('\\').join('/'), [...out].sort());
  }
  return graph;
}

/** Strongly connected groups of more than one file, or a file importing itself (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter); low.set(v, counter); counter++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** One import path around a group, to show how it closes: a → b → … → a. */
export function cyclePath(graph: Map<string, string[]>, group: string[]): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let x: string | undefined = v; x && x !== start; x = prev.get(x)) path.splice(1, 0, x);
        return [...path, start];
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return group;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['runtime', 'pages', 'server', 'schemas', 'api', 'designer'];
  const graph = importGraph(root, dirs);
  const cycles = importCycles(graph);
  for (const g of cycles) console.log(`${g.length} files: ${cyclePath(graph, g).join(' → ')}`);
  console.log(`${graph.size} files, ${cycles.length} import cycle(s)`);
  process.exit(cycles.length ? 1 : 0);
}
