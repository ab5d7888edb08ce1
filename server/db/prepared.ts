/**
 * Named prepared statements for the pg pool (issue 22). Kysely sends every statement unnamed, so
 * PostgreSQL parses and plans it again on every request: for a list page with its title and
 * approval subqueries, planning took 4–13 ms against under 1 ms of execution (EXPLAIN ANALYZE
 * on the demo data). Naming a statement by its text lets each connection parse it once and,
 * after PostgreSQL's fifth execution, reuse a generic plan when that plan costs no more.
 *
 * Bounded per connection: statements built from user input (filters, sorts, page sizes) are
 * parameterised, but their shapes still multiply, and each named statement holds memory in the
 * backend. Past MAX_NAMED a connection runs new texts unnamed, as before.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const MAX_NAMED = 500;
/** Statement texts → names, shared by the pool's connections (the hash is the costly part). */
const names = new Map<string, string>();
const NAME_CACHE_MAX = 5000;

function nameOf(text: string): string {
  let n = names.get(text);
  if (!n) {
    n = 'k' + createHash('sha1').update(text).digest('base64url').slice(0, 20);
    if (names.size >= NAME_CACHE_MAX) names.clear();
    names.set(text, n);
  }
  return n;
}

/** PostgreSQL refuses a prepared statement whose tables changed their columns since (a restore). */
const planChanged = (e: unknown) => (e as { code?: string }).code === '0A000';

type QueryFn = (...args: unknown[]) => unknown;

export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const named = new Set<string>();
  const refused = new Set<string>();
  (client as unknown as { query: QueryFn }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    // Only Kysely's plain form (text + parameter list); cursors, callbacks and configs pass as given.
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length || refused.has(text)) return query(text, values, ...rest);
    const name = nameOf(text);
    if (!named.has(name)) {
      if (named.size >= MAX_NAMED) return query(text, values);
      named.add(name);
    }
    return (query({ name, text, values }) as Promise<unknown>).catch((e: unknown) => {
      if (!planChanged(e)) throw e;
      refused.add(text);
      return query(text, values);
    });
  };
}
