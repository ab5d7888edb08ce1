/**
 * 调度单 / 派车单 (DOMAIN §3.2 transportSchedule, §4.2): one truck on one demand — an own truck
 * (自有车辆), a carrier's truck (承运商 + 平台车辆) or an owner-driver (个体司机). Each step
 * (派车 装车 发车 异常 到达 签收 回单 结算 取消) writes a node with time, place and operator and
 * moves the demand along. Payment nodes follow the steps; the receipt confirmed books the truck's
 * freight as the project's cost (source 1 调度运费, costType 7) and its customer freight as income.
 */
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { getSetting } from '../../admin/settings';
import { SMS_BIZ, enqueueSms } from '../../resources/sms';
import { renderScheduleMessage } from '../../messaging/wechat-bot';
import { enumLabel } from '../../schema/load';
import { postToProjectGroup } from '../project/group';
import { assertProjectOpen, chinaToday, refreshProjectTotals } from '../../project/common';
import { costContractRefusal, estimateGuidePrice } from '../../dispatch/guide-price';
import { DEMAND_DISPATCHABLE, SCHEDULE_NOT_LIVE, announceNode, SCHEDULE_SLOT_FREE, assertProjectRunning, blank, countSchedules, freightAboveTolerance, lockDemand, nowIso, syncDemand, syncSlots } from '../../dispatch/common';
import { total } from '../../crud/quantity';
import { DRIVER_LINK_LIVE, currentLink, endLinks, issueLink, linkUrl, type ENDED } from '../../dispatch/driver-token';

type Row = Record<string, any>;

const OWN = 1;
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number) => (c / 100).toFixed(2);
const PAY_FIELDS: [string, number][] = [['prepayAmount', 1], ['oilCardAmount', 2], ['arrivalPayAmount', 3], ['receiptPayAmount', 4]];

/**
 * The fields only some 承运类型 use (DOMAIN §3.2 "by carrierType"): an own truck (1) is a company
 * truck with a staff driver and carries no freight; a carrier (2), an owner-driver on a platform
 * (3) or a subcontractor (4) is a supplier with its truck, driver and freight; only platform
 * drivers have a waybill of the 网络货运 platform, and cost contracts are signed with carriers and
 * subcontractors. The 派车 form shows only these (schemas/layouts/transportSchedule.json
 * visibleWhen), and a hidden field leaves the form's values; the save clears them here all the
 * same, because a form is not the only writer (an API client, an old form of a customised layout,
 * a partial update keeping the stored values of the previous type), and a schedule carrying a
 * carrier, truck or waybill of another type would pay or track the wrong party.
 */
const ONLY_FOR_TYPES: Record<string, number[]> = {
  companyTruckId: [1], driverStaffId: [1],
  supplierId: [2, 3, 4], driverId: [2, 3, 4], platformTruckId: [2, 3], costContractId: [2, 4],
  quoteMode: [2, 3, 4], unitPrice: [2, 3, 4], guidePrice: [2, 3, 4],
  platformWaybillNo: [3], billPlatformId: [3],
};

/** The node each transition records (enum scheduleNode). */
const NODE_OF: Record<string, number> = {
  dispatch: 10, load: 15, depart: 20, reportException: 25, handleException: 27, arrive: 30, sign: 35, receiptReturned: 40, settle: 45, cancel: 5,
};
/** The time field a step may carry (defaults to now). */
const TIME_OF: Record<string, string> = { load: 'loadedAt', depart: 'departedAt', arrive: 'arrivedAt', sign: 'signedAt' };

/** The time of a step: given, else now; never before the previous step's time (monotone, DOMAIN §3.2). */
function stepTime(row: Row, values: Row, name: string) {
  const field = TIME_OF[name]!;
  if (blank(values[field])) values[field] = nowIso();
  const order = ['loadedAt', 'departedAt', 'arrivedAt', 'signedAt'];
  const before = order.slice(0, order.indexOf(field)).map((f) => row[f]).filter(Boolean).map((t) => new Date(t).getTime());
  if (before.length && new Date(String(values[field])).getTime() < Math.max(...before)) {
    throw badRequest('节点时间不能早于上一节点的时间', { field });
  }
}

async function demandOf(ctx: HookContext, id: unknown): Promise<Row> {
  const d = id ? await ctx.q.get('transportDemand', Number(id)) : undefined;
  if (!d) throw badRequest('请选择运输需求', { field: 'demandId' });
  return d;
}

/**
 * Refuses a truck beyond the demand's 需车数, counting the other schedules not in `notIn`, with
 * the demand locked until the transaction ends (parallel saves or dispatches wait their turn).
 * Returns the locked demand.
 */
async function assertQuota(ctx: HookContext, demandId: unknown, scheduleId: number | undefined, notIn: number[]): Promise<Row> {
  const demand = await lockDemand(ctx, demandId);
  const n = await countSchedules(ctx, Number(demand.demandId), { notIn, exceptId: scheduleId });
  if (n + 1 > Number(demand.truckCount)) throw conflict(`运输需求需车${demand.truckCount}辆，已派${n}辆，不能超派`);
  return demand;
}

async function addNode(ctx: HookContext, row: Row, node: number, values: Row) {
  await ctx.q.insert('scheduleNode', {
    scheduleId: row.scheduleId, demandId: row.demandId, projectId: row.projectId, truckLicensePlate: row.truckLicensePlate, node,
    occurredAt: values.occurredAt ?? nowIso(), address: values.address ?? null, exceptionType: values.exceptionType ?? null,
    remark: values.remark ?? null,
    // A driver's step (through their link) names the driver, not the staff member the link borrows its organisation from.
    operatorStaffId: ctx.session?.actorName ? null : ctx.session?.staffId ?? null,
    byDriver: Boolean(ctx.session?.actorName), operatorName: ctx.session?.actorName ?? null,
  });
  const orgId = Number(row.orgId ?? ctx.session?.orgId);
  if (orgId) await announceNode(ctx.db, orgId, Number(row.scheduleId), node);
}

async function enablePayments(ctx: HookContext, scheduleId: number, nodes: number[]) {
  const rows = (await ctx.q.select('schedulePayment').select('paymentId').where('scheduleId', '=', scheduleId)
    .where('payNode', 'in', nodes).where('payNodeStatus', '=', 0).execute()) as { paymentId: number }[];
  for (const p of rows) await ctx.transition('schedulePayment', Number(p.paymentId), 'enable', { ifAllowed: true });
}

/** 预付/油卡/到付/回单付 for the truck's payee, created on 派车 (none for own trucks). */
async function createPayments(ctx: HookContext, row: Row) {
  if (Number(row.carrierType) === OWN) return;
  const supplier = row.supplierId ? await ctx.q.get('supplier', Number(row.supplierId)) : undefined;
  const payeeType = Number(row.carrierType) === 3 ? 2 : 1;
  for (const [field, payNode] of PAY_FIELDS) {
    if (cents(row[field]) <= 0) continue;
    await ctx.create('schedulePayment', {
      scheduleId: row.scheduleId, projectId: row.projectId, demandId: row.demandId, truckLicensePlate: row.truckLicensePlate, payNode, payeeType,
      payeeSupplierId: row.supplierId ?? null, payeeName: supplier?.name ?? row.driverName ?? null,
      payeeBankName: supplier?.bankName ?? null, payeeBankAccount: supplier?.bankAccount ?? null, amount: row[field], payNodeStatus: 0,
    });
  }
  await enablePayments(ctx, Number(row.scheduleId), [1, 2]);
}

/** Receipt back (回单已返): the truck's freight and customer freight enter the project's ledger. */
async function bookLedger(ctx: HookContext, row: Row) {
  const day = row.signedAt ? new Date(new Date(row.signedAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : chinaToday();
  const label = `${row.scheduleNo} ${row.truckLicensePlate ?? ''}`.trim();
  // A 短驳 schedule whose freight 转运财务 already booked (source 5) is not booked twice.
  const viaTransship = await ctx.q.select('costItem').select('costItemId').where('scheduleId', '=', Number(row.scheduleId))
    .where('source', '=', 5).where('itemStatus', '=', 10).executeTakeFirst();
  if (Number(row.carrierType) !== OWN && cents(row.freight) > 0 && !viaTransship) {
    const paid = (await ctx.q.select('schedulePayment').select(sql<string>`coalesce(sum(amount), 0)`.as('paid'))
      .where('scheduleId', '=', Number(row.scheduleId)).where('payNodeStatus', '=', 15).executeTakeFirstOrThrow()) as { paid: string };
    const item = await ctx.create('costItem', {
      projectId: row.projectId, demandId: row.demandId, scheduleId: row.scheduleId, costType: 7, payeeKind: 1, supplierId: row.supplierId ?? null,
      summary: `运费 ${label}`.slice(0, 100), amount: row.freight, taxRate: row.taxRate ?? 9, invoiceType: row.invoiceType ?? null,
      occurredDate: day, source: 1, sourceId: row.scheduleId,
    });
    if (cents(paid.paid) > 0) await ctx.q.update('costItem').set({ paidAmount: paid.paid }).where('costItemId', '=', Number(item.costItemId)).execute();
  }
  if (cents(row.customerFreight) > 0) {
    await ctx.create('incomeItem', {
      projectId: row.projectId, demandId: row.demandId, scheduleId: row.scheduleId, customerId: row.customerId ?? null,
      summary: `运费收入 ${label}`.slice(0, 100), amount: row.customerFreight, taxRate: 9, occurredDate: day, source: 1, sourceId: row.scheduleId,
    });
  }
  await refreshProjectTotals(ctx.q, row.projectId);
}

/** What 派车确认 needs: a live demand on a running project, room in its 需车数, a plate and a driver, an idle own truck. */
async function assertDispatchable(ctx: HookContext, row: Row) {
  const demand = await lockDemand(ctx, row.demandId);
  if (!DEMAND_DISPATCHABLE.includes(Number(demand.status))) throw conflict('运输需求未提交或已撤销、终止、完成，不能派车');
  await assertProjectRunning(ctx, demand.projectId, '派车');
  await assertQuota(ctx, demand.demandId, Number(row.scheduleId), SCHEDULE_NOT_LIVE);
  if (blank(row.truckLicensePlate)) throw badRequest('派车前请填写车牌号', { field: 'truckLicensePlate' });
  if (blank(row.driverName) || blank(row.driverPhone)) throw badRequest('派车前请填写司机姓名和电话', { field: 'driverName' });
  if (Number(row.carrierType) === OWN) {
    const truck = await ctx.q.get('companyTruck', Number(row.companyTruckId));
    if (!truck || Number(truck.status) !== 1) throw conflict(`自有车辆${truck?.truckLicensePlate ?? ''}不是空闲状态，不能派车`);
  } else if (cents(row.freight) <= 0) {
    // A hired truck is paid: a 0 freight would book no cost and create no payment nodes.
    throw badRequest('派车前请填写应付运费', { field: 'freight' });
  }
}

/**
 * 派车通知 (SMS bizType 3) to the driver through the outbox. Only a dispatch a person makes (or
 * approves) sends one: the demo seeder has no request, and its messages are the SMS area's.
 */
async function smsDriver(ctx: HookContext, row: Row) {
  if (!ctx.request || !ctx.session || blank(row.driverPhone)) return;
  const link = await currentLink(ctx.db, ctx.session.orgId, Number(row.scheduleId));
  const demand = await ctx.q.get('transportDemand', Number(row.demandId));
  const org = (await ctx.db.selectFrom('organization').select(['name', 'shortName']).where('orgId', '=', ctx.session.orgId).executeTakeFirst()) as { name: string; shortName: string | null } | undefined;
  const at = row.planLoadTime ? new Date(new Date(row.planLoadTime).getTime() + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ') : null;
  await enqueueSms(ctx, {
    mobile: String(row.driverPhone), bizType: SMS_BIZ.dispatch, bizId: Number(row.scheduleId), templateCode: 'DISPATCH_NOTICE',
    content: `【${org?.shortName ?? org?.name ?? '物流平台'}】${row.driverName ?? ''}师傅您好，您已被安排执行调度单${row.scheduleNo}运输任务（${demand?.cargoName ?? ''}），`
      + `车辆${row.truckLicensePlate ?? ''}，${at ? `请于${at}前` : '请按时'}到${demand?.loadAddress ?? '装货地'}装货，出发前完成车辆检查。`
      // The driver's page: 托运单, the steps, positions and the signed 回单 (docs/decisions.md "The driver's page").
      + (link ? `装车、发车、到达、签收及回单拍照请打开：${linkUrl(ctx.request, link.token)}` : ''),
  });
}

/** The bot trigger of each step (DOMAIN §4.2: 派车 4, 发车 5, 异常 3, 签收 6), posted to the project's group. */
const GROUP_TRIGGER: Record<string, { trigger: number; title: string }> = {
  dispatch: { trigger: 4, title: '派车通知' },
  depart: { trigger: 5, title: '发车通知' },
  reportException: { trigger: 3, title: '运输异常' },
  sign: { trigger: 6, title: '到达签收' },
};

async function postStep(ctx: HookContext, row: Row, step: string) {
  // Only a person's step is announced: the demo seeder walks hundreds of schedules through these.
  const t = GROUP_TRIGGER[step];
  if (!t || !ctx.request || !ctx.session) return;
  const [demand, project] = [await ctx.q.get('transportDemand', Number(row.demandId)), await ctx.q.get('project', Number(row.projectId))];
  const time = { dispatch: row.dispatchedAt, depart: row.departedAt, reportException: null, sign: row.signedAt }[step];
  const at = new Date(time ? new Date(time).getTime() : Date.now());
  await postToProjectGroup(ctx, row.projectId, t.trigger, renderScheduleMessage(t.title, {
    projectName: project?.name, scheduleNo: row.scheduleNo, plate: row.truckLicensePlate, driverName: row.driverName, driverPhone: row.driverPhone,
    cargoName: demand?.cargoName, from: demand?.loadAddress, to: demand?.unloadAddress,
    at: new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' '),
    exception: step === 'reportException' ? [enumLabel('exceptionType', row.exceptionType), row.exceptionDesc].filter(Boolean).join('：') : undefined,
    signed: step === 'sign' && (row.signedPieces || row.signedWeight)
      ? [row.signedPieces ? `${row.signedPieces}件` : '', row.signedWeight ? `${row.signedWeight}吨` : ''].filter(Boolean).join(' / ') : undefined,
  }));
}

async function releaseTruck(ctx: HookContext, row: Row) {
  if (Number(row.carrierType) !== OWN || !row.companyTruckId) return;
  const truck = await ctx.q.get('companyTruck', Number(row.companyTruckId));
  if (!truck || Number(truck.currentScheduleId) !== Number(row.scheduleId)) return;
  await ctx.transition('companyTruck', Number(row.companyTruckId), 'release', { ifAllowed: true });
  await ctx.q.update('companyTruck').set({ currentScheduleId: null }).where('truckId', '=', Number(row.companyTruckId)).execute();
}

export const transportScheduleHooks = defineHooks('transportSchedule', {
  async validate(ctx, record, prev) {
    if (prev && !ctx.system && Number(prev.scheduleStatus) !== 0) throw conflict('只有草稿状态的调度单可以修改');
    if (prev && !ctx.system && Number(prev.auditState) === 5) throw conflict('调度审批中的调度单不能修改，请等待审批结果');
    const moved = !prev || Number(prev.demandId) !== Number(record.demandId);
    // A new schedule (or one moved to another demand) holds a truck of it, drafts included
    // (docs/decisions.md, "Drafts hold a slot"; the demand's heldCount/slotsFull count alike).
    const demand = moved ? await lockDemand(ctx, record.demandId) : await demandOf(ctx, record.demandId);
    if (moved) {
      if (!DEMAND_DISPATCHABLE.includes(Number(demand.status))) throw conflict('运输需求未提交或已撤销、终止、完成，不能派车');
      await assertProjectRunning(ctx, demand.projectId, '派车');
      await assertQuota(ctx, record.demandId, prev ? Number(prev.scheduleId) : undefined, SCHEDULE_SLOT_FREE);
    }
    const type = Number(record.carrierType);
    if (type === OWN) {
      if (!record.companyTruckId) throw badRequest('请选择自有车辆', { field: 'companyTruckId' });
      if (cents(record.freight) > 0) throw badRequest('自有车辆的成本通过大件成本结算核算，应付运费请填0', { field: 'freight' });
    } else {
      if ((type === 2 || type === 4) && !record.supplierId) throw badRequest('请选择承运商', { field: 'supplierId' });
      if (type === 3 && !record.driverId && !record.supplierId) throw badRequest('请选择个体司机', { field: 'driverId' });
      if (!record.platformTruckId && blank(record.truckLicensePlate)) throw badRequest('请选择平台车辆或填写车牌号', { field: 'truckLicensePlate' });
      const given = PAY_FIELDS.filter(([f]) => !blank(record[f]));
      if (given.length && PAY_FIELDS.reduce((s, [f]) => s + cents(record[f]), 0) !== cents(record.freight)) {
        throw badRequest('预付、油卡、到付、回单付之和应等于应付运费', { field: 'prepayAmount' });
      }
    }
  },

  async beforeSave(ctx, values, prev) {
    const type = Number(values.carrierType ?? prev?.carrierType);
    for (const [field, types] of Object.entries(ONLY_FOR_TYPES)) {
      if (!types.includes(type) && !blank(field in values ? values[field] : prev?.[field])) values[field] = null;
    }
    const r = { ...(prev ?? {}), ...values };
    const demand = await demandOf(ctx, r.demandId);
    values.projectId = demand.projectId;
    values.customerId = demand.customerId;
    if (blank(r.distanceKm)) values.distanceKm = demand.distanceKm ?? null;
    if (blank(r.planLoadTime)) values.planLoadTime = demand.planLoadTime ?? null;
    if (Number(r.carrierType) === OWN) {
      const truck = await ctx.q.get('companyTruck', Number(r.companyTruckId));
      if (truck) {
        values.truckLicensePlate = truck.truckLicensePlate;
        values.plateColor = truck.plateColor;
        values.vehicleKind = truck.vehicleKind;
        if (blank(r.trailerPlate)) values.trailerPlate = truck.trailerPlate ?? null;
        // 自有司机 is the truck's default driver unless given: a fill-in (fetchFrom companyTruckId.defaultDriverStaffId).
      }
      const driverStaff = values.driverStaffId ?? r.driverStaffId;
      if (driverStaff && (blank(r.driverName) || (prev && Number(prev.driverStaffId) !== Number(driverStaff)))) {
        const s = await ctx.q.get('staff', Number(driverStaff));
        if (s) { values.driverName = s.name; values.driverPhone = s.mobile ?? r.driverPhone ?? null; }
      }
      values.freight = '0.00';
      for (const [f] of PAY_FIELDS) values[f] = null;
      values.supplierId = null;
      values.platformTruckId = null;
    } else {
      values.companyTruckId = null;
      if (r.platformTruckId) {
        const pt = await ctx.q.get('platformTruck', Number(r.platformTruckId));
        if (pt) {
          values.truckLicensePlate = pt.truckLicensePlate;
          values.plateColor = pt.plateColor;
          values.vehicleKind = pt.vehicleKind;
          if (!r.supplierId) values.supplierId = pt.supplierId;
        }
      }
      if (r.driverId) {
        const d = await ctx.q.get('driver', Number(r.driverId));
        // Name, phone and ID number are the entity's fill-ins (fetchFrom driverId.*); the carrier follows here.
        if (d) {
          if (!r.supplierId && !values.supplierId && d.supplierId) values.supplierId = d.supplierId;
        }
      }
      // 成本合同: only an approved one of this carrier in force today (the picker offers no other).
      const contractId = values.costContractId !== undefined ? values.costContractId : r.costContractId;
      if (!ctx.system && !blank(contractId)) {
        const supplierId = values.supplierId ?? r.supplierId;
        const refusal = costContractRefusal(await ctx.q.get('contract', Number(contractId)), supplierId ? Number(supplierId) : null);
        if (refusal) throw badRequest(refusal, { field: 'costContractId' });
      }
      // No split given: the whole freight is paid when the receipt is back (回单付).
      if (PAY_FIELDS.every(([f]) => blank(r[f])) && cents(r.freight) > 0) values.receiptPayAmount = yuan(cents(r.freight));
      // 指导价 left blank, or its basis changed (demand, carrier, truck, contract) without a new
      // one given: worked out again, so 派车确认 always has the right price to check against.
      const basisChanged = prev && ['demandId', 'supplierId', 'platformTruckId', 'costContractId'].some((f) => f in values && String(values[f] ?? '') !== String(prev[f] ?? ''));
      // (a form sends the old 指导价 back with the rest: unchanged beside a changed basis, it is stale)
      const given = !blank(values.guidePrice) && !(basisChanged && cents(values.guidePrice) === cents(prev?.guidePrice));
      if (!given && (blank(r.guidePrice) || basisChanged)) {
        const kind = values.vehicleKind ?? r.vehicleKind;
        values.guidePrice = (await estimateGuidePrice(ctx.q, demand, { supplierId: values.supplierId ?? r.supplierId, costContractId: r.costContractId, vehicleKind: kind })).guidePrice;
      }
    }
  },

  // A saved schedule holds a slot of its demand (and frees one of the demand it left).
  async afterSave(ctx, row, prev) {
    if (!prev || Number(prev.demandId) !== Number(row.demandId)) {
      if (prev) await syncSlots(ctx, prev.demandId);
      await syncSlots(ctx, row.demandId);
    }
  },

  beforeRemove(ctx, row) {
    if (Number(row.scheduleStatus) !== 0) throw conflict('只有草稿状态的调度单可以删除，已派车的请取消');
  },

  afterRemove: async (ctx, row) => syncDemand(ctx, row.demandId),

  beforeTransition: {
    async dispatch(ctx, row) {
      await assertDispatchable(ctx, row);
      if (Number(row.auditState) !== 15 && ctx.session) {
        const { above, pct } = await freightAboveTolerance(ctx.db, ctx.session.orgId, row);
        if (above) throw conflict(`应付运费超出指导价${pct}%以上，需先通过调度审批`);
      }
    },
    async priceApproval(ctx, row) {
      if (Number(row.scheduleStatus) !== 0) throw conflict('只有草稿状态的调度单需要运费审批');
      // What would refuse the dispatch refuses the request too, so an approval is never in vain.
      await assertDispatchable(ctx, row);
    },
    reassign(ctx, row, input) {
      void row;
      if (blank(input.values.cancelReason)) throw badRequest('请填写改派原因', { field: 'cancelReason' });
      input.values.cancelReason = `改派：${String(input.values.cancelReason).trim()}`.slice(0, 200);
    },
    async load(ctx, row, input) {
      const v = input.values;
      stepTime(row, input.values, 'load');
      if (blank(v.loadedPieces)) throw badRequest('请填写实装件数', { field: 'loadedPieces' });
      if (blank(v.loadedWeight)) throw badRequest('请填写实装重量', { field: 'loadedWeight' });
      // Σ 实装件数 ≤ 需求件数, with the demand locked (two trucks loading at once).
      const demand = await lockDemand(ctx, row.demandId);
      if (demand.isOversize && blank(v.permitNo ?? row.permitNo)) throw badRequest('大件运输装车前请填写超限通行证号', { field: 'permitNo' });
      const others = Number(await total(ctx, row.demandId, {
        entity: 'transportSchedule', key: 'demandId', agg: { sum: 'loadedPieces' }, where: { scheduleStatus: { not: SCHEDULE_NOT_LIVE } }, exceptId: Number(row.scheduleId),
      }));
      if (others + Number(v.loadedPieces) > Number(demand.pieces)) {
        throw badRequest(`实装件数合计不能超过需求件数${demand.pieces}件（其他车辆已装${others}件）`, { field: 'loadedPieces' });
      }
    },
    depart(ctx, row, input) {
      stepTime(row, input.values, 'depart');
    },
    arrive(ctx, row, input) {
      stepTime(row, input.values, 'arrive');
    },
    sign(ctx, row, input) {
      stepTime(row, input.values, 'sign');
      if (blank(input.values.signedPieces)) input.values.signedPieces = row.loadedPieces;
      if (blank(input.values.signedWeight)) input.values.signedWeight = row.loadedWeight;
    },
    reportException(ctx, row, input) {
      void row;
      if (blank(input.values.exceptionType)) throw badRequest('请选择异常类型', { field: 'exceptionType' });
    },
    async settle(ctx, row) {
      await assertProjectOpen(ctx.q, row.projectId);
      if (Number(row.receiptStatus) !== 15) throw conflict('回单未确认，不能结算');
    },
    cancel(ctx, row, input) {
      void row;
      if (blank(input.values.cancelReason)) throw badRequest('请填写取消原因', { field: 'cancelReason' });
    },
    renewDriverLink(ctx, row) {
      if (!DRIVER_LINK_LIVE.includes(Number(row.scheduleStatus))) throw conflict('调度单派车后、结算前才能生成司机链接');
    },
  },

  afterTransition: {
    async '*'(ctx, row, prev, input) {
      const name = Object.entries(NODE_OF).find(([n]) => ctx.entity.transitions.some((t) => t.name === n && Number(t.to) === Number(row.scheduleStatus) && t.from.includes(Number(prev.scheduleStatus))))?.[0];
      if (name) {
        const time = TIME_OF[name] ? row[TIME_OF[name]!] : null;
        const remark = name === 'reportException' ? row.exceptionDesc : name === 'cancel' ? row.cancelReason : input.values.nodeRemark ?? null;
        await addNode(ctx, row, NODE_OF[name]!, {
          occurredAt: time ? new Date(time).toISOString() : nowIso(), address: input.values.nodeAddress ?? null,
          exceptionType: name === 'reportException' ? row.exceptionType : null, remark,
        });
      }
      if (row.nodeAddress || row.nodeRemark) {
        await ctx.q.update('transportSchedule').set({ nodeAddress: null, nodeRemark: null }).where('scheduleId', '=', Number(row.scheduleId)).execute();
      }
      await syncDemand(ctx, row.demandId);
      if (name) await postStep(ctx, row, name);
    },
    async dispatch(ctx, row) {
      const id = Number(row.scheduleId);
      await ctx.q.update('transportSchedule').set({ dispatcherStaffId: ctx.session?.staffId ?? null, dispatchedAt: sql`now()` }).where('scheduleId', '=', id).execute();
      if (Number(row.carrierType) === OWN && row.companyTruckId) {
        await ctx.transition('companyTruck', Number(row.companyTruckId), 'assign', { ifAllowed: true });
        await ctx.q.update('companyTruck').set({ currentScheduleId: id }).where('truckId', '=', Number(row.companyTruckId)).execute();
      }
      await createPayments(ctx, row);
      await ctx.transition('transportSchedule', id, 'issueDriverLink', { ifAllowed: true });
      await smsDriver(ctx, row);
    },
    async issueDriverLink(ctx, row) {
      if (!ctx.session) return;
      await issueLink(ctx.db, { orgId: ctx.session.orgId, corpId: ctx.session.corpId, staffId: ctx.session.staffId || null }, { scheduleId: Number(row.scheduleId), truckLicensePlate: row.truckLicensePlate });
    },
    async renewDriverLink(ctx, row) {
      if (!ctx.session) return;
      await issueLink(ctx.db, { orgId: ctx.session.orgId, corpId: ctx.session.corpId, staffId: ctx.session.staffId || null }, { scheduleId: Number(row.scheduleId), truckLicensePlate: row.truckLicensePlate });
      await smsDriver(ctx, row);
    },
    async revokeDriverLink(ctx, row) {
      if (ctx.session) await endLinks(ctx.db, ctx.session.orgId, Number(row.scheduleId), 'revoke', ctx.session.staffId);
    },
    async arrive(ctx, row) {
      await enablePayments(ctx, Number(row.scheduleId), [3]);
    },
    async sign(ctx, row) {
      await releaseTruck(ctx, row);
      const existing = (await ctx.q.select('receipt').select('receiptId').where('scheduleId', '=', Number(row.scheduleId)).executeTakeFirst()) as { receiptId: number } | undefined;
      if (!existing) {
        await ctx.create('receipt', {
          scheduleId: row.scheduleId, demandId: row.demandId, projectId: row.projectId, truckLicensePlate: row.truckLicensePlate,
          signedAt: row.signedAt, signedPieces: row.signedPieces, signedWeight: row.signedWeight, receiptStatus: 0,
        });
      }
    },
    async receiptReturned(ctx, row) {
      const receipt = (await ctx.q.select('receipt').select('originalReturned').where('scheduleId', '=', Number(row.scheduleId)).executeTakeFirst()) as { originalReturned: boolean } | undefined;
      const needOriginal = ctx.session ? await getSetting(ctx.db, ctx.session.orgId, 'receiptOriginalRequired') : false;
      if (!needOriginal || receipt?.originalReturned) await enablePayments(ctx, Number(row.scheduleId), [4]);
      await bookLedger(ctx, row);
    },
    async settle(ctx, row) {
      await ctx.q.update('transportSchedule').set({ settledAt: sql`now()` }).where('scheduleId', '=', Number(row.scheduleId)).execute();
      await expireDriverLink(ctx, row, 'settle');
    },
    cancel: async (ctx, row) => { await cancelEffects(ctx, row); await expireDriverLink(ctx, row, 'cancel'); },
    reassign: async (ctx, row) => { await cancelEffects(ctx, row); await expireDriverLink(ctx, row, 'reassign'); },
    async priceApproval(ctx, row) {
      // Approved: the dispatch goes ahead, as the dispatcher who asked for it.
      const id = Number(row.scheduleId);
      await ctx.transition('transportSchedule', id, 'dispatch');
      const asked = (await ctx.q.select('approval').select('applicantStaffId').where('entity', '=', 'transportSchedule').where('subjectId', '=', id)
        .where('transition', '=', 'priceApproval').orderBy('approvalId', 'desc').executeTakeFirst()) as { applicantStaffId: number } | undefined;
      if (asked) await ctx.q.update('transportSchedule').set({ dispatcherStaffId: asked.applicantStaffId }).where('scheduleId', '=', id).execute();
    },
  },
});

/** 结算, 取消, 改派: the driver's link stops working, saying why. */
async function expireDriverLink(ctx: HookContext, row: Row, reason: keyof typeof ENDED) {
  if (ctx.session) await endLinks(ctx.db, ctx.session.orgId, Number(row.scheduleId), reason, ctx.session.staffId || null);
  await ctx.transition('transportSchedule', Number(row.scheduleId), 'expireDriverLink', { ifAllowed: true });
}

/** 取消 and 改派: the truck is released, unpaid nodes go, paid ones are clawed back, a pending price approval ends. */
async function cancelEffects(ctx: HookContext, row: Row) {
  const id = Number(row.scheduleId);
  if (Number(row.auditState) === 5) await ctx.transition('transportSchedule', id, 'priceWithdrawn', { ifAllowed: true });
  await releaseTruck(ctx, row);
  await ctx.q.delete('schedulePayment').where('scheduleId', '=', id).where('payNodeStatus', 'in', [0, 5]).execute();
  // What was already paid is clawed back by a negative 尾款调整 node.
  const paid = (await ctx.q.select('schedulePayment').select(sql<string>`coalesce(sum(amount), 0)`.as('paid'))
    .where('scheduleId', '=', id).where('payNodeStatus', '=', 15).executeTakeFirstOrThrow()) as { paid: string };
  if (cents(paid.paid) > 0) {
    const supplier = row.supplierId ? await ctx.q.get('supplier', Number(row.supplierId)) : undefined;
    await ctx.create('schedulePayment', {
      scheduleId: id, projectId: row.projectId, demandId: row.demandId, truckLicensePlate: row.truckLicensePlate, payNode: 5,
      payeeType: Number(row.carrierType) === 3 ? 2 : 1, payeeSupplierId: row.supplierId ?? null, payeeName: supplier?.name ?? row.driverName ?? null,
      amount: yuan(-cents(paid.paid)), payNodeStatus: 5, remark: '调度单取消，已付运费冲回',
    });
  }
}
