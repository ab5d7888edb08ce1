/**
 * 运输需求 (DOMAIN §3.2, §4.2 transportDemand.status): a project's (or the warehouse's) shipment
 * to move. Drafts are edited and deleted freely; 提交 needs an approved, running project and tells
 * the dispatchers; only the submitter 撤销 (while nothing is dispatched), 调度 终止 (cancelling what
 * has not left); every other move follows its schedules (server/dispatch/common.ts syncDemand).
 */
import { sql } from 'kysely';
import { defineHooks } from '../types';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { permissionHolders } from '../../crud/approval';
import { assertProjectOpen } from '../../project/common';
import { assertProjectRunning, blank, oversizeOfProject, slotFields, syncSlots } from '../../dispatch/common';
import { workDoneWhenDemandsFinished } from '../project/project';

export const transportDemandHooks = defineHooks('transportDemand', {
  async validate(ctx, record, prev) {
    if (prev && !ctx.system && Number(prev.status) !== 0) throw conflict('只有草稿状态的运输需求可以修改');
    if (!prev || Number(prev.projectId) !== Number(record.projectId)) await assertProjectOpen(ctx.q, record.projectId);
    if (record.planLoadTime && record.requiredArriveTime && new Date(String(record.requiredArriveTime)) < new Date(String(record.planLoadTime))) {
      throw badRequest('要求到达时间不能早于计划装车时间', { field: 'requiredArriveTime' });
    }
    if (Number(record.source) === 2 && !record.deliveryId) throw badRequest('仓库发起的运输需求请关联出库单', { field: 'deliveryId' });
  },

  async beforeSave(ctx, values, prev) {
    // 已派/需派 follows 需车数 (only a draft's is edited, and a draft demand has no schedules yet).
    if (!prev || 'truckCount' in values) Object.assign(values, slotFields(Number(prev?.heldCount ?? 0), values.truckCount ?? prev?.truckCount ?? 1));
    const projectId = values.projectId ?? prev?.projectId;
    if (!prev || (values.projectId !== undefined && Number(values.projectId) !== Number(prev.projectId))) {
      const project = await ctx.q.get('project', Number(projectId));
      values.customerId = project?.customerId ?? null;
      // 大件 left out comes from the project's (or its source clue's) flag; given, it is kept (editable).
      if (!prev && (values.isOversize === null || values.isOversize === undefined)) values.isOversize = project ? await oversizeOfProject(ctx, project) : false;
    }
  },

  beforeRemove(ctx, row) {
    if (Number(row.status) !== 0) throw conflict('只有草稿状态的运输需求可以删除');
  },

  beforeTransition: {
    async submit(ctx, row) {
      await assertProjectRunning(ctx, row.projectId, '提交运输需求', true);
    },
    async revoke(ctx, row, input) {
      if (blank(input.values.terminateReason)) throw badRequest('请填写撤销原因', { field: 'terminateReason' });
      if (!ctx.system && Number(row.submitterStaffId) !== ctx.session?.staffId) throw new HttpError(403, '只有提交人可以撤销运输需求');
    },
    terminate(ctx, row, input) {
      void row;
      if (blank(input.values.terminateReason)) throw badRequest('请填写终止原因', { field: 'terminateReason' });
    },
  },

  afterTransition: {
    async submit(ctx, row) {
      const id = Number(row.demandId);
      await ctx.q.update('transportDemand').set({ submitterStaffId: ctx.session?.staffId ?? null, submittedAt: sql`now()` }).where('demandId', '=', id).execute();
      // The first submitted demand starts a project that has not started yet.
      await ctx.transition('project', Number(row.projectId), 'start', { ifAllowed: true });
      // A project whose work was done (its demands all finished) takes up work again.
      await ctx.transition('project', Number(row.projectId), 'workResumed', { ifAllowed: true });
      const dispatchers = ctx.session ? await permissionHolders(ctx.db, ctx.session.orgId, '调度:编辑') : [];
      if (dispatchers.length) {
        await ctx.notify({
          recipients: dispatchers, daily: true, eventType: 8, eventSubjectId: id, waitsFor: { field: 'status', state: row.status },
          message: `运输需求${row.demandNo}（${row.cargoName}，${row.pieces}件 ${Number(row.weight)}吨，需车${row.truckCount}辆）待请车派车`,
        });
      }
    },
    async revoke(ctx, row) {
      // Draft schedules of a revoked demand go with it.
      await ctx.q.delete('transportSchedule').where('demandId', '=', Number(row.demandId)).where('scheduleStatus', '=', 0).execute();
      await syncSlots(ctx, row.demandId);
      await workDoneWhenDemandsFinished(ctx, row.projectId);
    },
    // The last demand's receipts back: the project's work is done (DOMAIN §4.2 作业完成, auto).
    returned: async (ctx, row) => workDoneWhenDemandsFinished(ctx, row.projectId),
    async terminate(ctx, row, _prev, input) {
      // Schedules that have not left are cancelled; departed ones run to completion.
      const open = (await ctx.q.select('transportSchedule').select('scheduleId').where('demandId', '=', Number(row.demandId))
        .where('scheduleStatus', 'in', [0, 10, 15]).execute()) as { scheduleId: number }[];
      for (const s of open) {
        await ctx.transition('transportSchedule', Number(s.scheduleId), 'cancel', { ifAllowed: true, values: { cancelReason: `需求终止：${input.values.terminateReason}`.slice(0, 200) } });
      }
      await workDoneWhenDemandsFinished(ctx, row.projectId);
    },
  },
});
