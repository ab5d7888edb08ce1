/**
 * The write pipeline every generic handler (and every hook that writes) goes through:
 * values by the field registry → hooks (validate, beforeSave) → references checked in the
 * tenant → document number → row and child lines → operation log → afterSave. Transitions and
 * approvals follow the same shape. Everything runs in the caller's transaction.
 */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, badRequest, conflict, notFound } from '../http/errors';
import { closeApprovalTodos, closeStaleMatters, emitNotice } from '../messaging/notices';
import type { EntityMap, ResolvedEntity, Transition } from '../schema/types';
import { entityHooks } from '../hooks/index';
import type { EntityHooks, HookContext, TransitionInput } from '../hooks/types';
import { assertMayChange, assertNoChildren, assertNotInUse, scoped, scopedQueries, tenantValues } from './scope';
import { customValue, toColumn, writableValues } from './values';
import { checkReferenceFilters, checkReferences, checkReferencesOfLines, lookUpReferences, type RefLookup } from './refs';
import { diff, OP, operatorName, titleOf, writeLog, type DiffLine } from './oplog';
import { nextNumber } from './numbering';
import {
  APPROVAL, TASK, approvalEventType, createTasks, pendingApproval, resolveChain, voidOpenTasks, type ApprovalNode,
} from './approval';
import { checkCustomFields } from './custom-fields';
import { insertMany } from './bulk';
import { applyFetches, applyFormulas, hasFormulas, requireFetched } from './fill-ins';

export interface WriteContext {
  db: Db;
  session: Session | null;
  entities: EntityMap;
  request?: FastifyRequest;
  /**
   * what hooks told the caller (`ctx.say`) during this request: a handler that collects them
   * answers them as `message`; without a sink (jobs, the seeder) nobody is told
   */
  said?: string[];
}

export const STATE_REFUSED = '当前状态不允许该操作';

const hooksOf = (entity: ResolvedEntity): EntityHooks<any> => ((entityHooks as Record<string, EntityHooks<any>>)[entity.name] ?? {});

function entityNamed(ctx: WriteContext, name: string): ResolvedEntity {
  const e = ctx.entities[name];
  if (!e) throw new Error(`unknown entity ${name}`);
  return e;
}

export function hookContext(ctx: WriteContext, entity: ResolvedEntity, system = false): HookContext {
  return {
    db: ctx.db,
    session: ctx.session,
    system,
    entity,
    entities: ctx.entities,
    q: scopedQueries(ctx.db, ctx.entities, ctx.session),
    request: ctx.request,
    say(text) {
      if (ctx.said && text && !ctx.said.includes(text)) ctx.said.push(text);
    },
    async notify({ waitsFor, ...input }) {
      if (!ctx.session) return;
      await emitNotice(ctx.db, {
        orgId: ctx.session.orgId, corpId: ctx.session.corpId, senderStaffId: ctx.session.staffId, ...input,
        waitsFor: waitsFor ? { entity: entity.name, ...waitsFor } : null,
      });
    },
    async transition(name, id, transition, input = {}) {
      const target = entityNamed(ctx, name);
      const t = target.transitions.find((x) => x.name === transition);
      if (!t) throw new Error(`${name} has no transition ${transition}`);
      const row = await loadForUpdate(ctx, target, id);
      if (!row) return null;
      if (!t.from.some((f) => String(f) === String(row[t.field]))) {
        if (input.ifAllowed) return null;
        throw conflict(STATE_REFUSED);
      }
      return transitionRow(ctx, target, row, t, { values: input.values ?? {}, comment: input.comment ?? null }, { system: true });
    },
    create: (name, values) => createRecord(ctx, entityNamed(ctx, name), values, { system: true }),
    update: (name, id, values) => updateRecord(ctx, entityNamed(ctx, name), id, values, { system: true }),
  };
}

async function loadForUpdate(ctx: WriteContext, entity: ResolvedEntity, id: number): Promise<Record<string, any> | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return (await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).selectAll().where(entity.idField, '=', id).forUpdate().executeTakeFirst()) as Record<string, any> | undefined;
}

/** Values as the row will read (JSON columns as values, not text), for hooks to look at. */
function readable(entity: ResolvedEntity, values: Record<string, unknown>, data: Record<string, unknown>): Record<string, any> {
  const out: Record<string, any> = {};
  for (const k of Object.keys(values)) out[k] = k in data ? data[k] : values[k];
  return out;
}

/** Declared defaults of a new record, so hooks see what the row will hold (a default tax rate, a flag). */
function fieldDefaults(entity: ResolvedEntity): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.default !== undefined && f.type !== 'json' && f.type !== 'references' && f.type !== 'attachments') out[name] = toColumn(entity, name, f.default);
  }
  return out;
}

function stateDefaults(entity: ResolvedEntity): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of entity.stateFields) {
    const d = entity.fields[f]?.default;
    if (d !== undefined) out[f] = d;
  }
  return out;
}

/** A document's child lines as this save will write them (values by the field registry, key removed). */
interface LineSet {
  name: string;
  c: ResolvedEntity['children'][string];
  child: ResolvedEntity;
  lines: Record<string, unknown>[];
  lineValues: Record<string, unknown>[];
}

function lineSets(ctx: WriteContext, entity: ResolvedEntity, data: Record<string, unknown>): LineSet[] {
  const out: LineSet[] = [];
  for (const [name, c] of Object.entries(entity.children)) {
    if (!(name in data)) continue;
    const child = entityNamed(ctx, c.entity);
    const lines = (Array.isArray(data[name]) ? data[name] : []) as Record<string, unknown>[];
    const lineValues = lines.map((line) => {
      const values = writableValues(child, line, 'create');
      delete values[c.key];
      return values;
    });
    out.push({ name, c, child, lines, lineValues });
  }
  return out;
}

/**
 * The references of a record and of its lines in one statement (refs.ts lookUpReferences); the
 * checks then run at their usual steps against it, and the log's diff takes its titles from it.
 */
function lookUp(ctx: WriteContext, entity: ResolvedEntity, values: Record<string, unknown>, sets: LineSet[]) {
  return lookUpReferences(ctx.db, ctx.session, ctx.entities, [{ entity, rows: [values] }, ...sets.map((s) => ({ entity: s.child, rows: s.lineValues }))]);
}

async function childLines(
  ctx: WriteContext, parentId: number, sets: LineSet[], mode: 'create' | 'update', system: boolean, known: RefLookup, saved: Record<string, Record<string, any>[]>,
): Promise<DiffLine[]> {
  const changes: DiffLine[] = [];
  for (const { name, c, child, lines, lineValues } of sets) {
    const existing = mode === 'update'
      ? ((await scoped(ctx.db.selectFrom(child.table), child, ctx.session).selectAll().where(c.key, '=', parentId).execute()) as Record<string, any>[])
      : [];
    const byId = new Map(existing.map((r) => [Number(r[child.idField]), r]));
    const kept = new Set<number>();
    const atOf = (i: number) => ({ label: `${c.title}第${i + 1}行：`, path: `${name}.${i}.` });
    // Every line's references were looked up with the record's (one statement for a 200-line
    // document); the refusal still names the first line whose reference is missing.
    await checkReferencesOfLines(ctx.db, ctx.session, ctx.entities, child, lineValues, atOf, known);
    const inserts: Record<string, unknown>[] = [];
    const filtered = !system && Object.values(child.fields).some((f) => f.filterBy);
    const formulas = hasFormulas(child);
    for (const [i, line] of lines.entries()) {
      const at = atOf(i);
      const values = lineValues[i]!;
      const lineId = Number(line[child.idField]);
      if (filtered) await checkReferenceFilters(ctx.db, ctx.session, ctx.entities, child, values, byId.get(lineId), at);
      if (formulas) applyFormulas(child, values, byId.get(lineId));
      if (Number.isSafeInteger(lineId) && lineId > 0) {
        if (!byId.has(lineId)) throw badRequest(`${at.label}明细不存在`, { field: `${name}.${i}` });
        kept.add(lineId);
        const set: Record<string, unknown> = { ...values, updatedAt: sql`now()`, updatedBy: ctx.session?.staffId ?? null };
        if (child.versioned) set.version = sql`version + 1`;
        await scoped(ctx.db.updateTable(child.table), child, ctx.session).set(set).where(child.idField, '=', lineId).execute();
      } else {
        inserts.push({
          ...stateDefaults(child), ...values, [c.key]: parentId, ...tenantValues(child, ctx.session),
          createdBy: ctx.session?.staffId ?? null, updatedBy: ctx.session?.staffId ?? null,
        });
      }
    }
    // New lines in one statement, in their order (ids ascend with the lines, as before). Rows of
    // one INSERT must share their columns: a line without a value takes the column's default.
    // A new document's lines come back from it, so its afterSave need not read them again.
    // (server/crud/bulk.ts: many lines travel as one parameter.)
    if (inserts.length) {
      const rows = await insertMany(ctx.db, child, inserts, { returning: mode === 'create' });
      if (mode === 'create') saved[name] = rows.sort((a, b) => Number(a[child.idField]) - Number(b[child.idField]));
    } else if (mode === 'create') {
      saved[name] = [];
    }
    const removed = existing.filter((r) => !kept.has(Number(r[child.idField]))).map((r) => Number(r[child.idField]));
    if (removed.length) await scoped(ctx.db.deleteFrom(child.table), child, ctx.session).where(child.idField, 'in', removed).execute();
    if (mode === 'create' || existing.length !== lines.length || removed.length || lines.length) {
      changes.push({ field: name, label: c.title, before: mode === 'create' ? null : `${existing.length}行`, after: `${lines.length}行` });
    }
  }
  return changes;
}

export async function loadChildren(db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity, row: Record<string, any>): Promise<void> {
  for (const [name, c] of Object.entries(entity.children)) {
    const child = entities[c.entity];
    if (!child) continue;
    row[name] = await scoped(db.selectFrom(child.table), child, session).selectAll().where(c.key, '=', row[entity.idField]).orderBy(child.idField, 'asc').execute();
  }
}

export async function createRecord(ctx: WriteContext, entity: ResolvedEntity, body: Record<string, unknown>, opts: { system?: boolean } = {}): Promise<Record<string, any>> {
  const hooks = hooksOf(entity);
  const hctx = hookContext(ctx, entity, Boolean(opts.system));
  let data = body;
  const values: Record<string, unknown> = { ...fieldDefaults(entity), ...stateDefaults(entity), ...writableValues(entity, data, 'create') };
  if (opts.system) {
    // The system (hooks) may set read-only fields such as states of derived records.
    for (const [k, v] of Object.entries(data)) if (entity.fields[k] && !(k in values)) values[k] = toColumn(entity, k, v);
  }
  data = { ...data, ...(await applyFetches(ctx.db, ctx.session, ctx.entities, entity, values, data, undefined)) };
  requireFetched(entity, values, undefined);
  const view = readable(entity, values, data);
  for (const childName of Object.keys(entity.children)) if (childName in data) view[childName] = data[childName];
  await hooks.validate?.(hctx, view, undefined);
  await hooks.beforeSave?.(hctx, view, undefined);
  for (const [k, v] of Object.entries(view)) if (entity.fields[k]) values[k] = toColumn(entity, k, v);
  applyFormulas(entity, values, undefined);
  const custom = customValue(entity, data);
  if (custom !== undefined) {
    await checkCustomFields(ctx, entity, data.custom as Record<string, unknown>);
    values.custom = custom;
  }
  const sets = lineSets(ctx, entity, data);
  const known = await lookUp(ctx, entity, values, sets);
  await checkReferences(ctx.db, ctx.session, ctx.entities, entity, values, undefined, known);
  // Hooks writing for the system set what the rules derive; a user's pick must pass the reference's filterBy.
  if (!opts.system) await checkReferenceFilters(ctx.db, ctx.session, ctx.entities, entity, values, undefined);
  if (entity.number && ctx.session && !values[entity.number.field]) values[entity.number.field] = await nextNumber(ctx.db, ctx.session, entity.number.prefix);
  const staffId = ctx.session?.staffId ?? null;
  const row = (await ctx.db.insertInto(entity.table)
    .values({ ...values, ...tenantValues(entity, ctx.session), createdBy: staffId, updatedBy: staffId })
    .returningAll().executeTakeFirstOrThrow()) as Record<string, any>;
  const id = Number(row[entity.idField]);
  const saved: Record<string, Record<string, any>[]> = {};
  const childChanges = await childLines(ctx, id, sets, 'create', Boolean(opts.system), known, saved);
  const content = [...(await diff(ctx.db, ctx.session, ctx.entities, entity, null, row, known.refs)), ...childChanges];
  await writeLog(ctx.db, ctx.session, ctx.request?.ip, { entity, operationType: OP.create, subjectId: id, subjectName: titleOf(entity, row), action: '新增', content });
  hctx.savedLines = saved;
  await hooks.afterSave?.(hctx, row, undefined);
  return row;
}

export async function updateRecord(
  ctx: WriteContext, entity: ResolvedEntity, id: number, body: Record<string, unknown>, opts: { system?: boolean; version?: number } = {},
): Promise<Record<string, any>> {
  let data = body;
  const hooks = hooksOf(entity);
  const hctx = hookContext(ctx, entity, Boolean(opts.system));
  const prev = await loadForUpdate(ctx, entity, id);
  if (!prev) throw notFound(MSG.notFound);
  if (!opts.system) await assertMayChange(ctx.db, entity, ctx.session, prev, '修改');
  if (entity.versioned && !opts.system) {
    if (!Number.isInteger(opts.version)) throw new HttpError(400, '缺少必填字段：版本号');
    if (prev.version !== opts.version) throw conflict(MSG.stale);
  }
  const values = writableValues(entity, data, 'update');
  if (opts.system) {
    for (const [k, v] of Object.entries(data)) if (entity.fields[k] && !(k in values)) values[k] = toColumn(entity, k, v);
  }
  data = { ...data, ...(await applyFetches(ctx.db, ctx.session, ctx.entities, entity, values, data, prev)) };
  requireFetched(entity, values, prev);
  const view = { ...prev, ...readable(entity, values, data) };
  for (const childName of Object.keys(entity.children)) if (childName in data) view[childName] = data[childName];
  await hooks.validate?.(hctx, view, prev);
  const changes: Record<string, any> = readable(entity, values, data);
  await hooks.beforeSave?.(hctx, changes, prev);
  for (const [k, v] of Object.entries(changes)) if (entity.fields[k]) values[k] = toColumn(entity, k, v);
  applyFormulas(entity, values, prev);
  const sets = lineSets(ctx, entity, data);
  const known = await lookUp(ctx, entity, values, sets);
  await checkReferences(ctx.db, ctx.session, ctx.entities, entity, values, undefined, known);
  if (!opts.system) await checkReferenceFilters(ctx.db, ctx.session, ctx.entities, entity, values, prev);
  const set: Record<string, unknown> = { ...values, updatedAt: sql`now()`, updatedBy: ctx.session?.staffId ?? null };
  const custom = customValue(entity, data);
  if (custom !== undefined) {
    await checkCustomFields(ctx, entity, data.custom as Record<string, unknown>);
    // Custom fields merge so a form that shows only some of them keeps the others.
    set.custom = sql`custom || ${custom}::jsonb`;
  }
  if (entity.versioned) set.version = sql`version + 1`;
  const row = (await scoped(ctx.db.updateTable(entity.table), entity, ctx.session).set(set).where(entity.idField, '=', id).returningAll().executeTakeFirstOrThrow()) as Record<string, any>;
  const childChanges = await childLines(ctx, id, sets, 'update', Boolean(opts.system), known, {});
  const content = [...(await diff(ctx.db, ctx.session, ctx.entities, entity, prev, row, known.refs)), ...childChanges];
  if (content.length) await writeLog(ctx.db, ctx.session, ctx.request?.ip, { entity, operationType: OP.update, subjectId: id, subjectName: titleOf(entity, row), action: '修改', content });
  await hooks.afterSave?.(hctx, row, prev);
  return row;
}

export async function removeRecord(ctx: WriteContext, entity: ResolvedEntity, id: number): Promise<void> {
  const hooks = hooksOf(entity);
  const hctx = hookContext(ctx, entity);
  const row = await loadForUpdate(ctx, entity, id);
  if (!row) throw notFound(MSG.notFound);
  await assertMayChange(ctx.db, entity, ctx.session, row, '删除');
  await assertNoChildren(ctx.db, entity, id);
  await hooks.beforeRemove?.(hctx, row);
  // After the hook, so an entity's own wording (停用 instead of 删除) wins where it has one.
  await assertNotInUse(ctx.db, ctx.entities, entity, id);
  for (const c of Object.values(entity.children)) {
    const child = entityNamed(ctx, c.entity);
    await scoped(ctx.db.deleteFrom(child.table), child, ctx.session).where(c.key, '=', id).execute();
  }
  await scoped(ctx.db.deleteFrom(entity.table), entity, ctx.session).where(entity.idField, '=', id).execute();
  await writeLog(ctx.db, ctx.session, ctx.request?.ip, {
    entity, operationType: OP.remove, subjectId: id, subjectName: titleOf(entity, row), action: '删除',
    content: await diff(ctx.db, ctx.session, ctx.entities, entity, row, null),
  });
  await hooks.afterRemove?.(hctx, row);
}

async function logTransition(ctx: WriteContext, entity: ResolvedEntity, id: number, field: string, title: string, name: string, from: unknown, to: unknown, comment: string | null, approvalId: number | null = null) {
  if (!ctx.session || entity.tenant !== 'org') return;
  await ctx.db.insertInto('transitionLog').values({
    corpId: ctx.session.corpId, orgId: ctx.session.orgId, entity: entity.name, subjectId: id, field, transition: name, title,
    fromState: from === null || from === undefined ? null : String(from), toState: to === null || to === undefined ? null : String(to),
    operatorStaffId: ctx.session.staffId, operatorName: ctx.session.actorName ?? operatorName(ctx.db, ctx.session.staffId), comment: comment || null, approvalId,
    createdBy: ctx.session.staffId, updatedBy: ctx.session.staffId,
  }).execute();
}

/** Writes a state (and the transition's form values) with its logs; the row must be locked. */
async function setState(
  ctx: WriteContext, entity: ResolvedEntity, row: Record<string, any>, field: string, to: unknown, values: Record<string, unknown>,
  log: { name: string; title: string; comment: string | null; approvalId?: number | null },
): Promise<Record<string, any>> {
  const id = Number(row[entity.idField]);
  const set: Record<string, unknown> = { ...values, [field]: to, updatedAt: sql`now()`, updatedBy: ctx.session?.staffId ?? null };
  if (entity.versioned) set.version = sql`version + 1`;
  const updated = (await scoped(ctx.db.updateTable(entity.table), entity, ctx.session).set(set).where(entity.idField, '=', id).returningAll().executeTakeFirstOrThrow()) as Record<string, any>;
  await logTransition(ctx, entity, id, field, log.title, log.name, row[field], to, log.comment, log.approvalId ?? null);
  // Matters waiting for this record in another state are moot now.
  await closeStaleMatters(ctx.db, entity.name, id, field, to);
  const content = await diff(ctx.db, ctx.session, ctx.entities, entity, row, updated);
  if (log.comment) content.push({ field: 'comment', label: '意见', before: null, after: log.comment });
  await writeLog(ctx.db, ctx.session, ctx.request?.ip, { entity, operationType: OP.update, subjectId: id, subjectName: titleOf(entity, updated), action: log.title, content });
  return updated;
}

async function runAfterTransition(ctx: WriteContext, entity: ResolvedEntity, t: Transition, row: Record<string, any>, prev: Record<string, any>, input: TransitionInput, system = false) {
  const hooks = hooksOf(entity).afterTransition;
  const hctx = hookContext(ctx, entity, system);
  await hooks?.[t.name]?.(hctx, row, prev, input);
  await hooks?.['*']?.(hctx, row, prev, input);
}

/** A transition on a locked row: state checks, hooks, approval start or the state change. */
export async function transitionRow(
  ctx: WriteContext, entity: ResolvedEntity, row: Record<string, any>, t: Transition, input: TransitionInput, opts: { system?: boolean; version?: number } = {},
): Promise<Record<string, any>> {
  if (!opts.system && t.system) throw new HttpError(403, MSG.forbidden);
  if (!opts.system && t.permission && !hasPermission(ctx.session?.permissions ?? [], t.permission)) throw new HttpError(403, MSG.forbidden);
  if (!opts.system) await assertMayChange(ctx.db, entity, ctx.session, row, '修改');
  if (entity.versioned && Number.isInteger(opts.version) && opts.version !== row.version) throw conflict(MSG.stale);
  if (!t.from.some((f) => String(f) === String(row[t.field]))) throw conflict(STATE_REFUSED);
  const hooks = hooksOf(entity);
  const hctx = hookContext(ctx, entity, Boolean(opts.system));
  const formValues: Record<string, unknown> = {};
  for (const f of t.form ?? []) if (f in input.values) formValues[f] = input.values[f];
  await hooks.beforeTransition?.[t.name]?.(hctx, row, { ...input, values: formValues });
  await hooks.beforeTransition?.['*']?.(hctx, row, { ...input, values: formValues });
  const columns: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(formValues)) if (entity.fields[k]) columns[k] = toColumn(entity, k, v);
  await checkReferences(ctx.db, ctx.session, ctx.entities, entity, columns);
  if (!opts.system) await checkReferenceFilters(ctx.db, ctx.session, ctx.entities, entity, columns, row);

  const id = Number(row[entity.idField]);
  // Leaving a pending state any other way (withdraw, cancel) ends its approval.
  const open = await pendingApproval(ctx.db, ctx.session, entity, id);
  if (open && open.field === t.field) {
    await ctx.db.updateTable('approval').set({ status: APPROVAL.withdrawn, decidedAt: sql`now()`, updatedAt: sql`now()` }).where('approvalId', '=', open.approvalId).execute();
    await voidOpenTasks(ctx.db, open.approvalId);
  }

  if (t.approval && ctx.session) {
    const amountField = t.approval.amountField;
    const amount = amountField ? Number(row[amountField] ?? 0) : null;
    const { nodes, templateId, bizType } = await resolveChain(ctx.db, ctx.session, t, amount, { ...row, ...formValues }, ctx.entities);
    const subjectName = titleOf(entity, row);
    const approvalRow = (await ctx.db.insertInto('approval').values({
      corpId: ctx.session.corpId, orgId: ctx.session.orgId, entity: entity.name, entityTitle: entity.title, subjectId: id, subjectName,
      bizType, transition: t.name, transitionTitle: t.title, field: t.field,
      fromState: String(row[t.field]), pendingState: String(t.approval.pending), toState: String(t.to), rejectState: String(t.approval.rejectTo),
      amount: amount === null ? null : String(amount), status: APPROVAL.pending, currentSeq: nodes[0]!.seq, currentNodeName: nodes[0]!.name,
      nodes: JSON.stringify(nodes), processTemplateId: templateId, applicantStaffId: ctx.session.staffId,
      createdBy: ctx.session.staffId, updatedBy: ctx.session.staffId,
    }).returningAll().executeTakeFirstOrThrow()) as Record<string, any>;
    const updated = await setState(ctx, entity, row, t.field, t.approval.pending, columns, { name: t.name, title: t.title, comment: input.comment ?? null, approvalId: approvalRow.approvalId });
    await startNode(ctx, approvalRow, nodes[0]!);
    return updated;
  }
  const updated = await setState(ctx, entity, row, t.field, t.to, columns, { name: t.name, title: t.title, comment: input.comment ?? null });
  await runAfterTransition(ctx, entity, t, updated, row, { ...input, values: formValues }, Boolean(opts.system));
  return updated;
}

async function startNode(ctx: WriteContext, approval: Record<string, any>, node: ApprovalNode) {
  const session = ctx.session!;
  await createTasks(ctx.db, session, approval.approvalId, node);
  await emitNotice(ctx.db, {
    orgId: session.orgId, corpId: session.corpId, recipients: node.approvers, senderStaffId: session.staffId, daily: true,
    message: `${approval.entityTitle}「${approval.subjectName}」${approval.transitionTitle}，待您审批（${node.name}）`,
    eventType: approvalEventType(Number(approval.bizType)), eventSubjectId: approval.subjectId, approvalId: approval.approvalId,
  });
}

/**
 * The caller decides the pending approval step of a record: a pass moves to the next node (or,
 * after the last, to the transition's target state and its effects); a rejection returns the
 * record to the transition's reject state.
 */
export async function decideApproval(ctx: WriteContext, entity: ResolvedEntity, id: number, pass: boolean, comment: string | null): Promise<Record<string, any>> {
  const session = ctx.session;
  if (!session) throw new HttpError(401, MSG.unauthenticated);
  const row = await loadForUpdate(ctx, entity, id);
  if (!row) throw notFound(MSG.notFound);
  const approval = await pendingApproval(ctx.db, session, entity, id);
  if (!approval) throw conflict('该记录没有待审批的申请');
  const task = (await ctx.db.selectFrom('approvalTask').selectAll()
    .where('approvalId', '=', approval.approvalId).where('seq', '=', approval.currentSeq).where('staffId', '=', session.staffId).where('status', '=', TASK.waiting)
    .executeTakeFirst()) as Record<string, any> | undefined;
  if (!task) throw new HttpError(403, '您不是当前节点的审批人');
  if (!pass && !comment?.trim()) throw badRequest('驳回时请填写审核意见', { field: 'comment' });
  await ctx.db.updateTable('approvalTask').set({ status: pass ? TASK.approved : TASK.rejected, comment: comment || null, actedAt: sql`now()`, updatedAt: sql`now()` })
    .where('approvalTaskId', '=', task.approvalTaskId).execute();
  // The decider's own 待您审批 is done (before a later node may ask them again).
  await closeApprovalTodos(ctx.db, session.orgId, approval.approvalId, [session.staffId]);
  const t = entity.transitions.find((x) => x.name === approval.transition);
  const nodes = approval.nodes as ApprovalNode[];
  const node = nodes.find((n) => n.seq === approval.currentSeq)!;
  const applicant = Number(approval.applicantStaffId);
  const tell = (message: string) => emitNotice(ctx.db, {
    orgId: session.orgId, corpId: session.corpId, recipients: [applicant], senderStaffId: session.staffId, daily: true, message,
    eventType: approvalEventType(Number(approval.bizType)), eventSubjectId: id,
  });

  if (!pass) {
    await voidOpenTasks(ctx.db, approval.approvalId);
    await ctx.db.updateTable('approval').set({ status: APPROVAL.rejected, decidedAt: sql`now()`, updatedAt: sql`now()` }).where('approvalId', '=', approval.approvalId).execute();
    const reject = parseState(approval.rejectState, row[approval.field]);
    const updated = await setState(ctx, entity, row, approval.field, reject, {}, { name: 'reject', title: `驳回（${node.name}）`, comment, approvalId: approval.approvalId });
    await tell(`您提交的${approval.entityTitle}「${approval.subjectName}」${approval.transitionTitle}已被驳回：${comment}`);
    if (t) await hooksOf(entity).onRejected?.[t.name]?.(hookContext(ctx, entity), updated, comment);
    return updated;
  }

  if (node.mode === 'all') {
    const waiting = (await ctx.db.selectFrom('approvalTask').select('approvalTaskId')
      .where('approvalId', '=', approval.approvalId).where('seq', '=', node.seq).where('status', '=', TASK.waiting).execute()).length;
    if (waiting > 0) {
      await logTransition(ctx, entity, id, approval.field, `同意（${node.name}，会签）`, 'approve', row[approval.field], row[approval.field], comment, approval.approvalId);
      return row;
    }
  } else {
    await voidOpenTasks(ctx.db, approval.approvalId);
  }
  const next = nodes.find((n) => n.seq > node.seq);
  if (next) {
    await ctx.db.updateTable('approval').set({ currentSeq: next.seq, currentNodeName: next.name, updatedAt: sql`now()` }).where('approvalId', '=', approval.approvalId).execute();
    await logTransition(ctx, entity, id, approval.field, `同意（${node.name}）`, 'approve', row[approval.field], row[approval.field], comment, approval.approvalId);
    await startNode(ctx, approval, next);
    return row;
  }
  await ctx.db.updateTable('approval').set({ status: APPROVAL.approved, decidedAt: sql`now()`, updatedAt: sql`now()` }).where('approvalId', '=', approval.approvalId).execute();
  const to = parseState(approval.toState, row[approval.field]);
  const updated = await setState(ctx, entity, row, approval.field, to, {}, { name: 'approve', title: `审核通过（${node.name}）`, comment, approvalId: approval.approvalId });
  await tell(`您提交的${approval.entityTitle}「${approval.subjectName}」${approval.transitionTitle}已审核通过`);
  if (t) await runAfterTransition(ctx, entity, t, updated, row, { values: {}, comment });
  return updated;
}

/** States are stored as text in the approval; give them back the type of the state column. */
function parseState(stored: string, sample: unknown): string | number {
  return typeof sample === 'number' || /^-?\d+$/.test(stored) ? Number(stored) : stored;
}

export async function runTransition(
  ctx: WriteContext, entity: ResolvedEntity, id: number, name: string, input: TransitionInput, opts: { system?: boolean; version?: number } = {},
): Promise<Record<string, any>> {
  const t = entity.transitions.find((x) => x.name === name);
  if (!t) throw new Error(`${entity.name} has no transition ${name}`);
  const row = await loadForUpdate(ctx, entity, id);
  if (!row) throw notFound(MSG.notFound);
  return transitionRow(ctx, entity, row, t, input, opts);
}
