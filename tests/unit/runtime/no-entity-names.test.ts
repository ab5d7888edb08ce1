/**
 * The runtime and the designer never name a business entity: screens are definitions, so a
 * quoted entity name in their code means a special case the mechanism should carry instead.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import entities from '../../../schemas/generated/entities.json';

const root = join(__dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'generated') return [];
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe('runtime/ and designer/ are free of business entities', () => {
  const names = Object.keys(entities);
  const quoted = new RegExp(`['"\`](${names.join('|')})['"\`]`);
  it.each(['runtime', 'designer'])('%s names no entity', (dir) => {
    const offenders: string[] = [];
    for (const file of files(join(root, dir))) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        // dataIndex/key props name table columns of generic screens, not entities
        const code = line.replace(/(dataIndex|key): '[a-zA-Z]+'/g, '');
        if (quoted.test(code)) offenders.push(`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
