/**
 * What an area's demo seeder gets: the demo group's ids and a way to act as a named staff member
 * through the same write pipeline the screens use (numbers, hooks, states, approvals, operation
 * log), so demo rows look exactly like rows people made.
 */
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { staffPermissions } from '../auth/permissions';
import type { EntityMap, ResolvedEntity } from '../schema/types';
import { loadEntities } from '../schema/load';
import { createRecord, decideApproval, runTransition, updateRecord, type WriteContext } from '../crud/write';
import type { OrgKey } from './demo-data';

export interface SeedContext {
  db: Db;
  corpId: number;
  orgIds: Record<OrgKey, number>;
  entities: EntityMap;
  /** the day the demo is seeded; demo dates lie in the 12 months before it */
  now: Date;
  /** a deterministic pseudo-random number in [0, 1) */
  rand(): number;
  /** one of the items, by the pseudo-random sequence */
  pick<T>(items: readonly T[]): T;
  staffId(org: OrgKey, name: string): Promise<number>;
  /** a write context acting as that staff member (their permissions, their organisation) */
  as(org: OrgKey, name: string): Promise<WriteContext>;
  create(w: WriteContext, entity: string, values: Record<string, unknown>): Promise<Record<string, any>>;
  update(w: WriteContext, entity: string, id: number, values: Record<string, unknown>): Promise<Record<string, any>>;
  transition(w: WriteContext, entity: string, id: number, name: string, values?: Record<string, unknown>, comment?: string): Promise<Record<string, any>>;
  decide(w: WriteContext, entity: string, id: number, pass: boolean, comment?: string): Promise<Record<string, any>>;
  /** moves a record's creation (and last change) into the past, with its log rows */
  backdate(entity: string, id: number, at: Date): Promise<void>;
  /** a date `days` before now (fractions allowed) */
  daysAgo(days: number): Date;
}

export function seedContext(db: Db, corpId: number, orgIds: Record<OrgKey, number>, now = new Date()): SeedContext {
  const entities = loadEntities();
  let state = 20261123;
  const rand = () => {
    // mulberry32: small, fast, and the same sequence on every machine
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const entity = (name: string): ResolvedEntity => {
    const e = entities[name];
    if (!e) throw new Error(`unknown entity ${name}`);
    return e;
  };
  const staffCache = new Map<string, number>();
  const ctx: SeedContext = {
    db, corpId, orgIds, entities, now, rand,
    pick: (items) => items[Math.floor(rand() * items.length)]!,
    async staffId(org, name) {
      const key = `${org}:${name}`;
      if (!staffCache.has(key)) {
        const row = (await db.selectFrom('staff').select('staffId').where('orgId', '=', orgIds[org]).where('name', '=', name).executeTakeFirst()) as { staffId: number } | undefined;
        if (!row) throw new Error(`demo staff ${name} not found in ${org}`);
        staffCache.set(key, row.staffId);
      }
      return staffCache.get(key)!;
    },
    async as(org, name) {
      const staffId = await ctx.staffId(org, name);
      const dep = (await db.selectFrom('staff').select('depId').where('staffId', '=', staffId).executeTakeFirst()) as { depId: number | null };
      const session: Session = {
        sessionId: 0, accountId: 0, staffId, orgId: orgIds[org], corpId, depId: dep?.depId ?? null,
        permissions: await staffPermissions(db, staffId, orgIds[org]),
      };
      return { db, session, entities };
    },
    create: (w, name, values) => createRecord(w, entity(name), values),
    update: (w, name, id, values) => updateRecord(w, entity(name), id, values, { system: true }),
    transition: (w, name, id, t, values = {}, comment) => runTransition(w, entity(name), id, t, { values, comment: comment ?? null }, { system: true }),
    decide: (w, name, id, pass, comment) => decideApproval(w, entity(name), id, pass, comment ?? null),
    async backdate(name, id, at) {
      const e = entity(name);
      // Demo data never lies in the future: a date computed past the clock (a follow-up 3.5 days
      // after a clue of yesterday, the 28th of this month) is today's, read from the clock.
      const iso = new Date(Math.min(at.getTime(), Date.now())).toISOString();
      await db.updateTable(e.table).set({ createdAt: iso, updatedAt: iso }).where(e.idField, '=', id).execute();
      await db.updateTable('operationLog').set({ createdAt: iso }).where('entity', '=', name).where('subjectId', '=', id).execute();
      // The timeline keeps its order by id; its steps read as happening on that day.
      await db.updateTable('transitionLog').set({ createdAt: iso }).where('entity', '=', name).where('subjectId', '=', id).execute();
      await db.updateTable('approval').set({ createdAt: iso }).where('entity', '=', name).where('subjectId', '=', id).execute();
    },
    daysAgo: (days) => new Date(now.getTime() - days * 86400_000),
  };
  return ctx;
}
