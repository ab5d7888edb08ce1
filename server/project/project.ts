/**
 * 全流程 of a project (DOMAIN §6.4 whole-process): every numbered document around it — the clue,
 * plan and quotation it came from, its income contract, the project itself, and each document
 * that names the project (transport demands, schedules, insurance, settle applications, bills …)
 * — with its creation and each state change, oldest first.
 */
import { HttpError, MSG } from '../http/errors';
import { scopedQueries } from '../crud/scope';
import { enumLabel } from '../schema/load';
import { requireSession, type Handler } from '../crud/context';
import type { ResolvedEntity } from '../schema/types';

interface Step { at: string; stage: string; document: string; title: string; fromLabel: string | null; toLabel: string | null; operatorName: string | null; comment: string | null }

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

const wholeProcess: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const project = await q.get('project', Number(ctx.params.projectId));
  if (!project) throw new HttpError(404, MSG.notFound);
  const docs = new Map<string, { entity: ResolvedEntity; ids: Set<number> }>();
  const add = (name: string, id: unknown) => {
    const entity = ctx.entities[name];
    if (!entity || id === null || id === undefined) return;
    if (!docs.has(name)) docs.set(name, { entity, ids: new Set() });
    docs.get(name)!.ids.add(Number(id));
  };
  add('project', project.projectId);
  add('contract', project.incomeContractId);
  add('clue', project.clueId);
  add('technicalPlan', project.planId);
  if (project.incomeContractId) {
    // The contract drafted from a won quotation (标记中标) names the quotation and its clue; the
    // quotation names the plan — the documents the project came from, even when the project's own
    // clue and plan were left blank.
    const contract = await q.get('contract', Number(project.incomeContractId));
    add('quotation', contract?.quotationId);
    add('clue', contract?.clueId);
    const quotation = contract?.quotationId ? await q.get('quotation', Number(contract.quotationId)) : undefined;
    add('clue', quotation?.clueId);
    add('technicalPlan', quotation?.planId);
  }
  // Every numbered document that names the project.
  for (const entity of Object.values(ctx.entities)) {
    if (!entity.number || entity.tenant !== 'org' || entity.fields.projectId?.type !== 'reference' || entity.name === 'project') continue;
    const rows = (await q.select(entity.name).select(entity.idField).where('projectId', '=', Number(project.projectId)).limit(500).execute()) as Record<string, any>[];
    for (const r of rows) add(entity.name, r[entity.idField]);
  }
  const steps: Step[] = [];
  for (const { entity, ids } of docs.values()) {
    const list = [...ids];
    const rows = (await q.select(entity.name).selectAll().where(entity.idField, 'in', list).execute()) as Record<string, any>[];
    const names = new Map<number, string>();
    const creators = new Set(rows.map((r) => Number(r.createdBy)).filter(Boolean));
    const staff = creators.size ? ((await ctx.db.selectFrom('staff').select(['staffId', 'name']).where('staffId', 'in', [...creators]).execute()) as { staffId: number; name: string }[]) : [];
    const staffName = new Map(staff.map((s) => [s.staffId, s.name]));
    for (const r of rows) {
      const label = [entity.number ? r[entity.number.field] : null, entity.titleField ? r[entity.titleField] : null].filter(Boolean).join(' ');
      names.set(Number(r[entity.idField]), label);
      steps.push({ at: iso(r.createdAt), stage: entity.title, document: label, title: '新建', fromLabel: null, toLabel: null, operatorName: staffName.get(Number(r.createdBy)) ?? null, comment: null });
    }
    const logs = (await ctx.db.selectFrom('transitionLog').selectAll().where('orgId', '=', session.orgId).where('entity', '=', entity.name)
      .where('subjectId', 'in', list).orderBy('transitionLogId').execute()) as Record<string, any>[];
    for (const l of logs) {
      const e = entity.fields[l.field]?.enum;
      steps.push({
        at: iso(l.createdAt), stage: entity.title, document: names.get(Number(l.subjectId)) ?? `#${l.subjectId}`, title: l.title,
        fromLabel: l.fromState === null ? null : (e ? enumLabel(e, l.fromState) : undefined) ?? l.fromState,
        toLabel: l.toState === null ? null : (e ? enumLabel(e, l.toState) : undefined) ?? l.toState,
        operatorName: l.operatorName ?? null, comment: l.comment ?? null,
      });
    }
  }
  return steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
};

export const wholeProcessHandlers: Record<string, Handler> = { 'project.wholeProcess': wholeProcess };
