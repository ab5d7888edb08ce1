/** Rewrites the per-compType branch of schemas/meta/form.schema.json from the registry (see metamodel.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { buildFormMetaSchema } from './metamodel-file';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../meta/form.schema.json');
const current = JSON.parse(readFileSync(file, 'utf8'));
writeFileSync(file, JSON.stringify(buildFormMetaSchema(current), null, 2) + '\n');
console.log(`wrote ${file}`);
