import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../../../scripts/gen/index';
import { copyDefinitions } from './definitions-copy';
import { loadDefinitions } from '../../../scripts/gen/load';
import { validateDefinitions } from '../../../scripts/gen/validate';

const root = join(__dirname, '../../..');

describe('every definition in the repo is valid', () => {
  it('has no problems', () => {
    const problems = validateDefinitions(loadDefinitions(root));
    expect(problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`)).toEqual([]);
  });
  it('the generated files are up to date', async () => {
    const files = await generate(root);
    for (const [rel, content] of Object.entries(files)) {
      expect(readFileSync(join(root, rel), 'utf8'), `${rel} is stale: run npm run gen`).toBe(content);
    }
  });
});

describe('an invalid definition fails naming the file and the JSON pointer', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gen-'));
    copyDefinitions(dir);
    return () => rmSync(dir, { recursive: true, force: true });
  });
  const mutate = (rel: string, fn: (j: any) => void) => {
    const p = join(dir, rel);
    const orig = readFileSync(p, 'utf8');
    const j = JSON.parse(orig);
    fn(j);
    writeFileSync(p, JSON.stringify(j));
    return () => writeFileSync(p, orig);
  };
  it('a wrong field type in an entity', () => {
    const undo = mutate('schemas/entities/customer.json', (j) => { j.fields.name.type = 'varchar'; });
    const problems = validateDefinitions(loadDefinitions(dir));
    undo();
    expect(problems.some((p) => p.file === 'schemas/entities/customer.json' && p.pointer === '/fields/name/type')).toBe(true);
  });
  it('a page naming an unknown permission', () => {
    const undo = mutate('pages/business/clue/customer-list.json', (j) => { j.meta.roles = ['不存在的权限']; });
    const problems = validateDefinitions(loadDefinitions(dir));
    undo();
    expect(problems).toContainEqual({ file: 'pages/business/clue/customer-list.json', pointer: '/meta/roles/0', message: 'unknown permission 不存在的权限' });
  });
  it('an entry whose alternatives name an unknown permission', () => {
    const undo = mutate('schemas/api/customer.json', (j) => { j.entries[1].permission = '商务:客户列表|不存在的权限'; });
    const problems = validateDefinitions(loadDefinitions(dir));
    undo();
    expect(problems).toContainEqual({ file: 'schemas/api/customer.json', pointer: '/entries/1/permission', message: 'unknown permission 商务:客户列表|不存在的权限' });
  });
  it('a cached list, a badge or a submit form whose call does not fit', async () => {
    const undo1 = mutate('schemas/reference-lists.json', (j) => { j.lists[0].api = 'customer.save'; j.lists[1].api = 'nothing.here'; });
    const undo2 = mutate('pages/profile/profile-finance.json', (j) => { j.meta.badge.api = 'financeMattersMerge.listConfirmIncomeReview'; });
    const undo3 = mutate('schemas/api/auth.json', (j) => {
      j.entries.find((e: any) => e.name === 'changePassword').body = { type: 'object', properties: { newPassword: { type: 'string' } } };
    });
    const run = generate(dir);
    await expect(run).rejects.toThrow(/schemas\/reference-lists.json#\/lists\/0\/api: customer.save is POST, a cached list is read with GET/);
    await expect(run).rejects.toThrow(/schemas\/reference-lists.json#\/lists\/1\/api: unknown catalogue entry nothing.here/);
    await expect(run).rejects.toThrow(/pages\/profile\/profile-finance.json#\/meta\/badge\/api: financeMattersMerge.listConfirmIncomeReview must answer an integer count/);
    await expect(run).rejects.toThrow(/pages\/profile\/password-change.json#\/form\/api\/submit: auth.changePassword must take \{"\$form": "passwordChange"\} as its body/);
    undo1(); undo2(); undo3();
  });
  it('a catalogue entry pointing at an unknown entity and a form with a duplicate id', async () => {
    const undo1 = mutate('schemas/api/customer.json', (j) => { j.entries[0].entity = 'nothing'; });
    const undo2 = mutate('schemas/forms/designer/formSettings.json', (j) => { j.list.push({ ...j.list[0] }); });
    await expect(generate(dir)).rejects.toThrow(/schemas\/api\/customer.json#\/entries\/0\/entity: unknown entity nothing[\s\S]*schemas\/forms\/designer\/formSettings.json#\/list\/\d+\/id: duplicate component id/);
    undo1();
    undo2();
  });
  it('a form item carrying an executable expression is refused', () => {
    const undo = mutate('schemas/forms/designer/formSettings.json', (j) => { j.list[0].label = '{{ alert(1) }}'; });
    const problems = validateDefinitions(loadDefinitions(dir));
    undo();
    expect(problems.some((p) => p.file === 'schemas/forms/designer/formSettings.json' && p.pointer.endsWith('/label'))).toBe(true);
  });
  // Every name a page, layout or catalogue entry uses must match something.
  const refused = async (rel: string, fn: (j: any) => void, expected: RegExp) => {
    const undo = mutate(rel, fn);
    try {
      await expect(generate(dir)).rejects.toThrow(expected);
    } finally {
      undo();
    }
  };
  it('a misspelled list column', () => refused('pages/business/clue/customer-list.json', (j) => { j.tabs[0].list.columns[0] = 'nmae'; },
    /customer-list.json#\/tabs\/0\/list\/columns\/0: customer has no field nmae/));
  it('a query field the list call does not declare', () => refused('pages/business/clue/customer-list.json', (j) => { j.tabs[0].list.query.push('industry'); },
    /customer-list.json#\/tabs\/0\/list\/query\/\d+: customer.listLocalCustomer declares no filter industry/));
  it('a misspelled form field', () => refused('schemas/layouts/customer.json', (j) => { j.sections[0].fields.push('shortNmae'); },
    /layouts\/customer.json#\/sections\/0\/fields\/\d+: customer has no field or child shortNmae/));
  it('a transition the entity does not have', () => refused('schemas/api/customer.json', (j) => {
    j.entries.push({ name: 'zz', method: 'POST', path: 'zz', handler: 'crud.transition', options: { transition: 'nope' } });
  }, /customer.json#\/entries\/\d+\/options\/transition: customer has no transition nope/));
  it('a sort field without an index, a filter with a wrong operator, an unknown handler', () => refused('schemas/api/customer.json', (j) => {
    j.entries[3].options.sort = ['creditDays'];
    j.entries[3].options.filters.push({ field: 'name', op: 'range' });
    j.entries.push({ name: 'zz', method: 'GET', path: 'zz', handler: 'customer.nothing' });
  }, /operator range is not one of[\s\S]*sort field creditDays is not indexed[\s\S]*no handler customer.nothing is registered/));
  it('a create action of another kind of record names a create entry and needs its form', () => refused('pages/business/clue/customer-list.json', (j) => {
    j.tabs[0].list.rowActions.push({ type: 'create', title: '复制', api: 'customer.update', values: { name: '{nope}' } });
  }, /rowActions\/\d+\/api: customer.update is not a crud.create entry[\s\S]*rowActions\/\d+: create with its own api needs its form[\s\S]*rowActions\/\d+\/values: customer has no field nope/));
  it('a call action about another entity, asking for a field the entity lacks', () => refused('pages/business/clue/customer-list.json', (j) => {
    j.tabs[0].list.rowActions.push({ type: 'call', api: 'supplier.handover', fields: ['managerStafId'] });
  }, /rowActions\/\d+\/api: supplier.handover is about supplier, not customer[\s\S]*rowActions\/\d+\/fields\/0: customer has no field managerStafId/));
  it('a dependent picker filtering on a field the target does not offer, or on an unknown field of its own', () => refused('schemas/entities/customer.json', (j) => {
    j.fields.managerStaffId.filterBy = { mobile: '13800000000', depId: '{nodep}' };
  }, /customer.json#\/fields\/managerStaffId\/filterBy\/mobile: staff has no lookup field mobile[\s\S]*filterBy\/depId: unknown field nodep/));
  it('an unknown form on an action and an unknown enum on a field', () => refused('pages/business/clue/customer-list.json', (j) => { j.tabs[0].list.actions[0].form = 'nope'; },
    /customer-list.json#\/tabs\/0\/list\/actions\/0\/form: unknown form nope/));
});
