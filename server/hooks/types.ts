/**
 * Lifecycle hooks (Frappe's validate / before_save / on_update / on_transition): the logic a
 * definition can't declare. They run inside the request's transaction, with tenancy always
 * through `ctx.q` (scoped query builders). Types come from the generated entity records.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap, ResolvedEntity } from '../schema/types';
import type { ScopedQueries } from '../crud/scope';
import type { EntityRecords } from '../../schemas/generated/entities';

export interface NotifyInput {
  recipients: number[];
  message: string;
  eventType?: number | null;
  eventSubjectId?: number | null;
  /** also file a daily matter (日常事项) */
  daily?: boolean;
  /**
   * the daily matter asks for work on the subject (`eventSubjectId`, a record of the hook's
   * entity) while its `field` holds `state`: once it leaves that state the matter is handled
   */
  waitsFor?: { field: string; state: unknown };
}

export interface TransitionInput {
  /** values of the transition's form fields */
  values: Record<string, unknown>;
  comment?: string | null;
}

export interface HookContext {
  /** the request's transaction */
  db: Db;
  /** null only for system work without a user (jobs) */
  session: Session | null;
  /**
   * true when the system makes this write (another record's hook, a job, the demo seeder), false
   * when the caller's request does: a rule about who may act applies only when false
   */
  system: boolean;
  entity: ResolvedEntity;
  entities: EntityMap;
  q: ScopedQueries;
  request?: FastifyRequest;
  /**
   * a sentence for the person making the request (what their action also did: 「已生成收入合同草稿…」):
   * a transition's answer carries what was said as `message`, which the screen shows in place of
   * 「<标题>成功」; said twice, told once
   */
  say(text: string): void;
  /** a notice (and optionally a daily matter) to staff of the session's organisation */
  notify(input: NotifyInput): Promise<void>;
  /** performs another record's transition as the system (no permission check); skip when not allowed from its state */
  transition(entity: string, id: number, name: string, input?: Partial<TransitionInput> & { ifAllowed?: boolean }): Promise<Record<string, any> | null>;
  /** creates a record through the full pipeline (numbers, hooks, log) */
  create(entity: string, values: Record<string, unknown>): Promise<Record<string, any>>;
  /** updates fields of a record through the full pipeline (hooks, log), without a version check */
  update(entity: string, id: number, values: Record<string, unknown>): Promise<Record<string, any>>;
  /**
   * in afterSave of a new record: the child lines the save wrote, by child name, as the database
   * holds them, in id order (what reading them back would answer, without the round trip)
   */
  savedLines?: Record<string, Record<string, any>[]>;
}

type Row<K extends keyof EntityRecords> = EntityRecords[K] & Record<string, any>;

export interface EntityHooks<K extends keyof EntityRecords = keyof EntityRecords> {
  /** checks a record about to be saved (values merged over the previous row); throw badRequest */
  validate?(ctx: HookContext, record: Partial<Row<K>>, prev: Row<K> | undefined): void | Promise<void>;
  /** may change the values about to be written (derived fields) */
  beforeSave?(ctx: HookContext, values: Partial<Row<K>> & Record<string, any>, prev: Row<K> | undefined): void | Promise<void>;
  afterSave?(ctx: HookContext, row: Row<K>, prev: Row<K> | undefined): void | Promise<void>;
  beforeRemove?(ctx: HookContext, row: Row<K>): void | Promise<void>;
  afterRemove?(ctx: HookContext, row: Row<K>): void | Promise<void>;
  /** by transition name ('*' for every one): checks before the state changes; may set values */
  beforeTransition?: Record<string, (ctx: HookContext, row: Row<K>, input: TransitionInput) => void | Promise<void>>;
  /** by transition name ('*' for every one): effects once the state has changed (approved, for approval transitions) */
  afterTransition?: Record<string, (ctx: HookContext, row: Row<K>, prev: Row<K>, input: TransitionInput) => void | Promise<void>>;
  /** an approval transition was rejected */
  onRejected?: Record<string, (ctx: HookContext, row: Row<K>, comment: string | null) => void | Promise<void>>;
}

export type HookRegistry = { [K in keyof EntityRecords]?: EntityHooks<K> };

/** Typed helper: `defineHooks('clue', { ... })`. */
export function defineHooks<K extends keyof EntityRecords>(_entity: K, hooks: EntityHooks<K>): EntityHooks<K> {
  return hooks;
}
