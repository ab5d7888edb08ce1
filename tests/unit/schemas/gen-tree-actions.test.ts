/** The generator checks what a list's tree and its form/call actions name (mechanism). */
import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../../../scripts/gen/index';
import { copyDefinitions } from './definitions-copy';

const root = join(__dirname, '../../..');
const PAGE = 'pages/organization/management.json';

describe('trees and row actions are cross-checked', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gen-tree-'));
    copyDefinitions(dir);
    return () => rmSync(dir, { recursive: true, force: true });
  });
  const withPage = async (fn: (j: any) => void) => {
    const p = join(dir, PAGE);
    const orig = readFileSync(p, 'utf8');
    const j = JSON.parse(orig);
    fn(j);
    writeFileSync(p, JSON.stringify(j));
    try {
      await generate(dir);
      return '';
    } catch (err) {
      return (err as Error).message;
    } finally {
      writeFileSync(p, orig);
    }
  };

  it('accepts the repo as it is', async () => {
    expect(await withPage(() => undefined)).toBe('');
  });
  it('a tree filter the list does not declare', async () => {
    expect(await withPage((j) => { j.list.tree.filter = 'post'; })).toMatch(`${PAGE}#/list/tree/filter: staff.listPagedLocalOrgStaff declares no filter post`);
  });
  it('a tree call about another entity, and a tree that edits without a form', async () => {
    const msg = await withPage((j) => { j.list.tree.update = 'role.update'; delete j.list.tree.form; });
    expect(msg).toMatch(`${PAGE}#/list/tree/update: role.update is about role, the tree about department`);
    expect(msg).toMatch(`${PAGE}#/list/tree: a tree that adds or edits nodes needs a form`);
  });
  it('an enumeration value routed to no page of the app', async () => {
    const p = join(dir, 'schemas/enums/system.json');
    const orig = readFileSync(p, 'utf8');
    writeFileSync(p, orig.replace('"/project/project-detail/{id}"', '"/project/no-such-detail/{id}"'));
    try {
      await expect(generate(dir)).rejects.toThrow('schemas/enums/system.json#/enums/eventType/values/5/route: no page has the path /project/no-such-detail/{id}');
    } finally {
      writeFileSync(p, orig);
    }
  });
  it('a form action without its form, a call action with an unknown call', async () => {
    const msg = await withPage((j) => {
      j.list.rowActions.push({ type: 'form', title: '无表单', api: 'staff.move' });
      j.list.rowActions.push({ type: 'call', title: '无接口', api: 'staff.nothing' });
    });
    expect(msg).toMatch(/form needs a form/);
    expect(msg).toMatch(/unknown catalogue entry staff.nothing/);
  });
});
