/**
 * The cached reference lists (schemas/reference-lists.json): checked against their meta-schema
 * and the catalogue — each names a GET entry that needs no parameter and answers an array, so the
 * browser can fetch it with nothing but its name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ResolvedEntry } from '../../schemas/src/catalogue';

export interface ReferenceListDef { name: string; title: string; api: string; preload?: boolean; emptyOnFailure?: boolean; query?: Record<string, unknown>; rows?: string }
type Problem = { file: string; pointer: string; message: string };

const FILE = 'schemas/reference-lists.json';

export function loadReferenceLists(root: string, catalogue: ResolvedEntry[]): { lists: ReferenceListDef[]; problems: Problem[] } {
  const abs = join(root, FILE);
  if (!existsSync(abs)) return { lists: [], problems: [] };
  const problems: Problem[] = [];
  let data: { lists: ReferenceListDef[] };
  try {
    data = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (e) {
    return { lists: [], problems: [{ file: FILE, pointer: '', message: `invalid JSON: ${(e as Error).message}` }] };
  }
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(join(root, 'schemas/meta/reference-lists.schema.json'), 'utf8')));
  if (!validate(data)) {
    return { lists: [], problems: (validate.errors ?? []).map((e) => ({ file: FILE, pointer: e.instancePath || '/', message: e.message ?? 'invalid' })) };
  }
  const byId = new Map(catalogue.map((e) => [e.id, e]));
  const seen = new Set<string>();
  data.lists.forEach((list, i) => {
    const at = (field: string, message: string) => problems.push({ file: FILE, pointer: `/lists/${i}/${field}`, message });
    if (seen.has(list.name)) at('name', `duplicate list ${list.name}`);
    seen.add(list.name);
    const entry = byId.get(list.api);
    if (!entry) return at('api', `unknown catalogue entry ${list.api}`);
    if (entry.method !== 'GET') at('api', `${list.api} is ${entry.method}, a cached list is read with GET`);
    const required = [...((entry.params as { required?: string[] } | undefined)?.required ?? []), ...((entry.query as { required?: string[] } | undefined)?.required ?? [])];
    if (required.length) at('api', `${list.api} needs ${required.join(', ')}; a cached list is fetched without parameters`);
    const declared = (entry.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    for (const k of Object.keys(list.query ?? {})) if (!declared[k]) at('query', `${list.api} takes no argument ${k}`);
    const response = entry.response as { type?: string; properties?: Record<string, { type?: string }> } | undefined;
    const type = list.rows ? response?.properties?.[list.rows]?.type : response?.type;
    if (list.rows && response && !response.properties?.[list.rows]) at('rows', `${list.api} answers no ${list.rows}`);
    else if (type && type !== 'array') at('api', `${list.api} answers ${type}, not a list`);
  });
  return { lists: data.lists, problems };
}

/**
 * Page and tab badges (`badge.api`) are counts the shell fetches without parameters; a tab's badge
 * may instead pass declared arguments (`query`) and read the count at `value` of the answer.
 */
export function checkPageBadges(pages: { file: string; data: unknown }[], catalogue: ResolvedEntry[]): Problem[] {
  const byId = new Map(catalogue.map((e) => [e.id, e]));
  const problems: Problem[] = [];
  for (const page of pages) {
    type Badge = { api: string; query?: Record<string, unknown>; value?: string };
    const data = page.data as { meta?: { badge?: Badge }; tabs?: { badge?: Badge }[] };
    const badges = [
      ...(data.meta?.badge ? [{ ...data.meta.badge, pointer: '/meta/badge/api' }] : []),
      ...(data.tabs ?? []).flatMap((t, i) => (t.badge ? [{ ...t.badge, pointer: `/tabs/${i}/badge/api` }] : [])),
    ];
    for (const { api, query, value, pointer } of badges) {
      const entry = byId.get(api);
      const problem = !entry
        ? `unknown catalogue entry ${api}`
        : entry.method !== 'GET'
          ? `${api} is ${entry.method}, a badge is read with GET`
          : !value && (entry.response as { type?: string } | undefined)?.type !== 'integer'
            ? `${api} must answer an integer count`
            : Object.keys(query ?? {}).find((k) => !((entry.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {})[k])
              ? `${api} takes no argument ${Object.keys(query ?? {}).find((k) => !((entry.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {})[k])}`
              : undefined;
      if (problem) problems.push({ file: page.file, pointer, message: problem });
    }
  }
  return problems;
}
