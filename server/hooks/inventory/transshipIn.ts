/**
 * 转运入库 (DOMAIN §3.5 transshipIn, §4.4): goods of a project arriving by barge, rail or road
 * (在途 → 到港), put into the yard (入库: dwell starts) and leaving it (转出: dwell days counted,
 * both days included), or voided before they are stored. Items carry the weight the 堆存费 is
 * charged on; totals follow them. Only transshipments still in transit or at the port are edited.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { PROJECT_CLOSED, PROJECT_CLOSED_MESSAGE } from '../../project/common';
import { TRANSSHIP, dwellDaysBetween } from '../../inventory/dwell';

type Row = Record<string, any>;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const EDITABLE = [TRANSSHIP.transit, TRANSSHIP.arrived] as number[];

async function checkProject(ctx: HookContext, projectId: unknown): Promise<Row> {
  const project = projectId ? await ctx.q.get('project', Number(projectId)) : undefined;
  if (!project) throw badRequest('请选择项目', { field: 'projectId' });
  if (Number(project.auditState) !== 15) throw conflict('项目未立项审核通过，不能登记转运');
  if (Number(project.runState) === PROJECT_CLOSED) throw conflict(PROJECT_CLOSED_MESSAGE);
  return project;
}

function notBefore(later: unknown, earlier: unknown, field: string, message: string) {
  if (!blank(later) && !blank(earlier) && Date.parse(String(later)) < Date.parse(String(earlier))) throw badRequest(message, { field });
}

export const transshipInHooks = defineHooks('transshipIn', {
  async validate(ctx, record, prev) {
    if (prev && !ctx.system && !EDITABLE.includes(Number(prev.status))) throw conflict('只有在途、已到港的转运单可以修改');
    if (!prev || Number(prev.projectId) !== Number(record.projectId)) await checkProject(ctx, record.projectId);
    if (!prev || Number(prev.warehouseId) !== Number(record.warehouseId)) {
      const warehouse = record.warehouseId ? await ctx.q.get('warehouse', Number(record.warehouseId)) : undefined;
      if (warehouse?.disabled) throw badRequest('该仓库已停用，请选择其他仓库', { field: 'warehouseId' });
    }
    if (!blank(record.scheduleId)) {
      const schedule = await ctx.q.get('transportSchedule', Number(record.scheduleId));
      if (schedule && Number(schedule.projectId) !== Number(record.projectId)) throw badRequest('短驳调度单不属于该项目', { field: 'scheduleId' });
    }
  },

  async beforeSave(ctx, values, prev) {
    const r = { ...(prev ?? {}), ...values };
    if ('items' in values || !prev) {
      const items = (Array.isArray(r.items) ? r.items : []) as Row[];
      values.totalPieces = items.reduce((s, i) => s + Number(i.qty ?? 0), 0);
      values.totalWeight = (items.reduce((s, i) => s + Math.round(Number(i.weight ?? 0) * 1000), 0) / 1000).toFixed(3);
    }
    if ('projectId' in values || !prev) {
      const project = await ctx.q.get('project', Number(r.projectId));
      values.customerId = project?.customerId ?? null;
    }
  },

  async beforeRemove(ctx, row) {
    if (Number(row.status) !== TRANSSHIP.transit) throw conflict('只有在途的转运单可以删除，已到港的请作废');
  },

  beforeTransition: {
    async store(ctx, row, input) {
      notBefore(input.values.storedAt, row.arrivalAt, 'storedAt', '入库时间不能早于到港时间');
    },
    async transferOut(ctx, row, input) {
      const outAt = input.values.outAt;
      if (blank(outAt)) throw badRequest('请填写转出时间', { field: 'outAt' });
      notBefore(outAt, row.storedAt, 'outAt', '转出时间不能早于入库时间');
      input.values.dwellDays = row.storedAt ? dwellDaysBetween(row.storedAt, String(outAt)) : 1;
    },
    async void(ctx, row, input) {
      if (blank(input.values.voidReason)) throw badRequest('请填写作废原因', { field: 'voidReason' });
    },
  },
});

/** A warehouse that has held goods stays for their history: it is disabled (停用), not deleted. */
export const warehouseHooks = defineHooks('warehouse', {
  async beforeRemove(ctx, row) {
    const used = await ctx.q.select('transshipIn').select('transshipId').where('warehouseId', '=', Number(row.warehouseId)).executeTakeFirst();
    if (used) throw conflict('该仓库已有转运入库记录，不能删除，请改为停用');
  },
});
