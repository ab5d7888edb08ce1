// Installs the npm packages when node_modules is missing or was installed from another
// lockfile. Compares the lockfile's content, not mtimes: a fresh clone has new mtimes but the
// same dependencies. Plain Node, so it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules/.install-hash');

export function ensureDeps() {
  const hash = createHash('sha256').update(readFileSync(join(root, 'package-lock.json'))).digest('hex');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === hash) return;
  console.log('== 安装依赖 (npm ci)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(marker, hash);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureDeps();
