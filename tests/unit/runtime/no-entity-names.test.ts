/**
 * The runtime and the designer never name a business entity: screens are definitions, so a
 * quoted entity or catalogue name in their code ('customer', 'customer.page') means a special
 * case the mechanism should carry instead (a declared reference list, a page badge, a page file).
 * Screens that must be code (chat, maps, print, holiday calendar, data import) live under pages/.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import entities from '../../../schemas/generated/entities.json';
import catalogue from '../../../schemas/generated/catalogue.json';

const root = join(__dirname, '../../..');

/**
 * The shell's own services (seed 000): session and SSO, metadata and files, the header's message
 * box and daily matters, usage statistics, the workbench summary and the person's screen settings
 * (userPreference), and the form designer's store of forms (formDefinition, seed 001: a designer
 * form nested in another form loads its latest revision from it). The shell is the platform
 * every screen sits in, so it calls them by name.
 */
const SHELL_SERVICES = new Set(['auth', 'sso', 'meta', 'file', 'reference', 'message', 'notice', 'workbench', 'pageVisitStatistics', 'userPreference', 'formDefinition']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'generated') return [];
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

const names = [...new Set([...Object.keys(entities), ...catalogue.map((e) => e.catalogue)])].filter((n) => !SHELL_SERVICES.has(n));
// 'customer' or a call of its catalogue 'customer.page', in any quotes
const quoted = new RegExp(`['"\`](${names.join('|')})(\\.[A-Za-z]+)?['"\`]`);

function offenders(dir: string): string[] {
  const out: string[] = [];
  for (const file of files(join(root, dir))) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      // dataIndex/key props name table columns of generic screens, not entities
      const code = line.replace(/(dataIndex|key): '[a-zA-Z]+'/g, '');
      if (quoted.test(code)) out.push(`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
    });
  }
  return out;
}

describe('runtime/ and designer/ are free of business entities', () => {
  it('knows the names it looks for', () => {
    expect(names).toEqual(expect.arrayContaining(['customer', 'incomeReview', 'financeMattersMerge', 'handover', 'bankStatement', 'enquiryQuoteMessage']));
    expect(quoted.test(`invoke('financeMattersMerge.countConfirmIncomeReview')`)).toBe(true);
    expect(quoted.test(`referenceList('staff')`)).toBe(true);
    expect(quoted.test(`const staffId = row.staffId`)).toBe(false);
  });

  it.each(['runtime', 'designer'])('%s names no entity and no business catalogue', (dir) => {
    expect(offenders(dir)).toEqual([]);
  });
});
