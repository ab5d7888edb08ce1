// Gzip size of the initial JS of /login and of the shell, from dist/.vite/manifest.json (run after `npm run build`).
// Initial JS of an entry chunk: the chunk plus its static imports, gzip-sized (from the Vite manifest).
import fs from 'node:fs';
import zlib from 'node:zlib';
const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync('dist/' + file)).length;
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const byName = (part) => Object.keys(manifest).find((k) => k.includes(part));
const size = (set) => [...set].reduce((sum, key) => sum + gz(manifest[key].file), 0);
const base = closure([entry]);
const login = closure([byName('LoginScreen')], new Set(base));
const shell = closure([byName('ShellLayout'), byName('report/DashboardPage')], new Set(login));
const shellOnly = closure([byName('ShellLayout'), byName('report/DashboardPage')], new Set(base));
console.log('entry', (size(base) / 1024).toFixed(1), 'KB');
console.log('/login initial', (size(login) / 1024).toFixed(1), 'KB', [...login].map((k) => manifest[k].file).join(' '));
console.log('shell (login + layout + dashboard)', (size(shell) / 1024).toFixed(1), 'KB');
console.log('shell direct (entry + layout + dashboard)', (size(shellOnly) / 1024).toFixed(1), 'KB', [...shellOnly].map((k) => manifest[k].file).join(' '));
