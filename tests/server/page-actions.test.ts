/**
 * Every screen action of every page definition reaches its route with the request the browser
 * would send. Table-driven: the actions are enumerated from pages/** (the generator's own walk),
 * the request is computed by the runtime's module (runtime/renderers/common/actionRequest.ts, the
 * one ListView and DetailView use) on a real record of the demo data, and sent as admin. A new
 * page is covered the day it exists.
 *
 * Passing means: every path parameter was filled, and the server answered from the route —
 * anything but 404 (route or record not found) or a 400 naming a missing id. Business refusals
 * (409 state, 400 validation of a form's fields, 403) are fine: the request got where it goes.
 */
import { matchesWhen } from '../../schemas/src/when';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { loadDefinitions } from '../../scripts/gen/load';
import { resolveCatalogue, resolveEntities } from '../../scripts/gen/resolve';
import { actionSites, type ActionSite } from '../../scripts/gen/actions';
import { pathParamNames, planCalls, planOptionsFor, type PlannedCall } from '../../runtime/renderers/common/actionRequest';
import { fillPath } from '../../api/http';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const defs = loadDefinitions(root);
const entities = resolveEntities(defs);
const catalogue = resolveCatalogue(defs, entities);
const byId = new Map(catalogue.map((e) => [e.id, e]));
const sites = actionSites(defs, entities, byId);

type Row = Record<string, any>;

/** Destructive calls go last, so the records other actions read are still there. */
const destructive = (s: ActionSite) => byId.get(s.api)!.method === 'DELETE' || /disable|remove|void|terminate/i.test(s.api);
const ordered = [...sites].sort((a, b) => Number(destructive(a)) - Number(destructive(b)));

/** Whether the action would be offered on the row (its when, its transition's from states). */
function offered(s: ActionSite, row: Row): boolean {
  if (!matchesWhen(row, s.action.when)) return false;
  const name = byId.get(s.api)!.options?.transition;
  if (s.action.type !== 'transition' || !name) return true;
  const t = s.entity.transitions.find((x) => x.name === name);
  return !t || t.from.some((f) => String(f) === String(row[t.field]));
}

describe.each(await backends())('every declared screen action reaches its route on %s', (backend) => {
  let h: Harness;
  let admin: string;
  /** the admin's own staff, organisation ... (by id field): never disabled or removed here, or the run would lock itself out */
  let me: Record<string, unknown> = {};
  const pages = new Map<string, Row[]>();

  beforeAll(async () => {
    h = await startHarness(backend);
    admin = await h.login('admin');
    me = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data ?? {};
  }, 180_000);
  afterAll(async () => h?.close());

  /**
   * Rows of the list's page entry as admin; a detail page of its own (or a generic list with
   * nothing to show) reads the entity's generic page — never for a list of another shape (收到的邀请).
   */
  const rowsOf = async (s: ActionSite): Promise<Row[]> => {
    const generic = !s.listPage || byId.get(s.listPage)!.handler === 'crud.page';
    const entries = [s.listPage, ...(generic ? catalogue.filter((e) => e.entity === s.entity.name && e.handler === 'crud.page').map((e) => e.id) : [])].filter((x): x is string => Boolean(x));
    for (const id of entries) {
      const key = `${id}`;
      if (!pages.has(key)) {
        const r = await h.call('GET', `${byId.get(id)!.path}?pageSize=100`, { token: admin });
        pages.set(key, r.status === 200 && Array.isArray(r.body?.data?.list) ? r.body.data.list : []);
      }
      const rows = (pages.get(key) ?? []).filter((row) => row[s.entity.idField] !== undefined && row[s.entity.idField] !== me[s.entity.idField]);
      if (rows.length) return rows;
    }
    return [];
  };

  it(`${sites.length} actions found in the page definitions`, () => {
    // The generator's walk finds the actions of lists, tabs, related lists and details.
    expect(sites.length).toBeGreaterThan(300);
  });

  it('each action fills its path from a real record and reaches its route', async () => {
    const failures: string[] = [];
    let requests = 0;
    let covered = 0;
    const noRecord: string[] = [];
    for (const s of ordered) {
      const entry = byId.get(s.api)!;
      const where = `${s.file}#${s.pointer} (${s.api} ${entry.method} ${entry.path})`;
      let records: Row[] = [];
      if (!s.noRecord) {
        // Fresh rows each time: an action before may have changed or removed them.
        for (const k of [...pages.keys()]) pages.delete(k);
        const rows = await rowsOf(s);
        if (!rows.length) { noRecord.push(where); continue; }
        const shown = rows.filter((r) => offered(s, r));
        const pool = shown.length ? shown : rows;
        records = s.batch ? pool.slice(0, 2) : pool.slice(0, 1);
      }
      // The context the screen would have: route parameters and fixed filters, read off the record
      // (a related list's key is the record's own reference to its parent), or the definition's constant.
      const context: Record<string, unknown> = {};
      for (const name of s.context) {
        const v = records[0]?.[name];
        if (v !== undefined && v !== null) context[name] = v;
      }
      let calls: PlannedCall[];
      try {
        calls = planCalls(entry.path, { idField: s.entity.idField, fields: s.noRecord ? [] : Object.keys(s.entity.fields) }, records, context,
          // As runtime/renderers/common/rowCall.ts planAction: the row's version where the entry's body takes one.
          { ...(!entry.bodyRef && (entry.body as { properties?: Record<string, unknown> } | undefined)?.properties?.version ? { version: true } : {}),
            ...planOptionsFor(s.action as { type: string; fields?: string[] }, records.length), values: s.action.type === 'approve' ? { pass: true } : {} });
      } catch (err) {
        failures.push(`${where}: ${(err as Error).message}`);
        continue;
      }
      covered++;
      for (const c of calls) {
        requests++;
        const url = fillPath(entry.path, c.params);
        const r = await h.call(entry.method, url, { token: admin, ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { data: c.body }) });
        const field = r.body?.data?.field;
        const idMissing = r.status === 400 && (field === s.entity.idField || pathParamNames(entry.path).includes(field));
        // A body the route refuses for its shape (the id sent where the path carries it) never gets to the business.
        const shapeRefused = r.status === 400 && /不允许的字段/.test(String(r.body?.msg));
        if (r.status === 404 || idMissing || shapeRefused || r.status >= 500) failures.push(`${where} → ${url}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    }
    console.log(`page actions: ${sites.length} declared, ${covered} sent (${requests} requests), ${noRecord.length} without a demo record:\n  ${noRecord.join('\n  ')}`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(covered).toBeGreaterThan(sites.length * 0.8);
  }, 600_000);
});
