// `npm start`: builds the UI when dist/ is missing or older than its sources, then serves the
// API and the built UI from one process (PORT, HOST, DATA_DIR, DATABASE_URL override).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDeps();
const UI_SOURCES = ['runtime', 'api', 'pages', 'designer', 'schemas', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = 0;
  for (const name of readdirSync(p)) if (name !== 'node_modules') m = Math.max(m, newest(join(p, name)));
  return m;
}

const built = join(root, 'dist/index.html');
const srcTime = Math.max(...UI_SOURCES.map((s) => newest(join(root, s))));
if (!existsSync(built) || statSync(built).mtimeMs < srcTime) {
  console.log('构建前端界面 (vite build) ...');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env: { REQUEST_LOG_LEVEL: 'debug', ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
