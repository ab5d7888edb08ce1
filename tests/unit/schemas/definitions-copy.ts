/** A throw-away copy of what `npm run gen` reads (definitions and the screen files pages name), for tests that break one on purpose. */
import { cpSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
const READ_BY_GEN = ['schemas', 'pages', 'runtime/screens', 'package.json'];

export function copyDefinitions(dir: string): void {
  for (const d of READ_BY_GEN) cpSync(join(root, d), join(dir, d), { recursive: true });
}
