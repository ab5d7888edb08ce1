/** `npm run gen` refuses a screen action whose path parameters the runtime rule cannot fill. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../scripts/gen/load';
import { resolveCatalogue, resolveEntities } from '../../../scripts/gen/resolve';
import { checkActionPaths } from '../../../scripts/gen/actions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const defs = loadDefinitions(root);
const entities = resolveEntities(defs);
const byId = new Map(resolveCatalogue(defs, entities).map((e) => [e.id, e]));

function withPage(data: unknown) {
  return { ...defs, pages: [...defs.pages, { file: 'pages/x/bad.json', data }] };
}

describe('gen: action path parameters', () => {
  it('every page of the repo passes', () => {
    expect(checkActionPaths(defs, entities, byId)).toEqual([]);
  });

  it('an action on another entity whose path names a parameter nothing fills is refused at file#pointer', () => {
    // transportSchedule.load needs {scheduleId}; a demand row has no such field and no context gives it.
    const bad = withPage({ kind: 'list', path: '/x/bad', list: { api: { page: 'transportDemand.page' }, columns: [], rowActions: [{ type: 'call', api: 'transportSchedule.load' }] } });
    const problems = checkActionPaths(bad, entities, byId);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'pages/x/bad.json', pointer: '/list/rowActions/0/api' });
    expect(problems[0]!.message).toContain('scheduleId');
  });

  it('the same parameter from the route or the fixed filters is fine', () => {
    const routed = withPage({ kind: 'list', path: '/x/bad/{scheduleId}', list: { api: { page: 'transportDemand.page' }, columns: [], rowActions: [{ type: 'call', api: 'transportSchedule.load' }] } });
    expect(checkActionPaths(routed, entities, byId)).toEqual([]);
  });

  it('a toolbar form acts on no record: a per-record parameter is refused', () => {
    const bad = withPage({ kind: 'list', path: '/x/bad', list: { api: { page: 'receipt.page' }, columns: [], actions: [{ type: 'form', form: 'x', api: 'receipt.upload' }] } });
    const problems = checkActionPaths(bad, entities, byId);
    expect(problems.map((p) => p.pointer)).toEqual(['/list/actions/0/api']);
    expect(problems[0]!.message).toContain('receiptId');
  });
});
