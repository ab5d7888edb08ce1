/**
 * 仓储合同 (DOMAIN §6.9 `/inventory/print-contract-template/:id`, a choice): the warehousing
 * agreement of one work order as an A4 document — the customer as 存货方, our organisation as
 * 保管方, the order's product, workshop, destination and dates, the planned parts with what has
 * arrived and left so far, the storage terms (free days and the 吨·天 rate of 系统配置) and the
 * signatures. Template type 7 of the print documents.
 */
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../http/errors';
import { scopedQueries } from '../crud/scope';
import { enumLabel } from '../schema/load';
import { requireSession, type Handler } from '../crud/context';
import { getSetting } from '../admin/settings';
import type { PrintBuilders, PrintDocument } from '../print/document';

/** Who may print a work order's contract: those who read work orders. */
export const WORK_ORDER_READ = '仓库:工单|仓库:入库|仓库:出库:仅查看';

type Row = Record<string, any>;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const day = (v: unknown) => (v ? String(v instanceof Date ? v.toISOString() : v).slice(0, 10) : '');
const kg = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(Number(v)));

export async function workOrderContract(ctx: Parameters<Handler>[0], id: number): Promise<PrintDocument> {
  const session = requireSession(ctx);
  if (!hasPermission(session.permissions, WORK_ORDER_READ)) throw new HttpError(403, MSG.forbidden);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const o = await q.get('workOrder', id);
  if (!o) throw notFound(MSG.notFound);
  const customer = o.customerId ? await q.get('customer', Number(o.customerId)) : undefined;
  const project = o.projectId ? await q.get('project', Number(o.projectId)) : undefined;
  const workshop = o.workshopId ? await q.get('workshop', Number(o.workshopId)) : undefined;
  const owner = o.ownerStaffId ? await q.get('staff', Number(o.ownerStaffId)) : undefined;
  const me = await q.get('staff', session.staffId);
  const org = (await ctx.db.selectFrom('organization').selectAll().where('orgId', '=', session.orgId).executeTakeFirst()) as Row | undefined;
  const items = (await q.select('workOrderItem').selectAll().where('work_order_item.workOrderId', '=', id).orderBy('work_order_item.workOrderItemId').execute()) as Row[];
  const partIds = [...new Set(items.map((l) => Number(l.partItemId)))];
  const parts = new Map<number, Row>();
  if (partIds.length) for (const p of (await q.select('partItem').selectAll().where('part_item.partItemId', 'in', partIds).execute()) as Row[]) parts.set(Number(p.partItemId), p);
  const [freeDays, rate] = [await getSetting(ctx.db, session.orgId, 'transshipFreeDays'), await getSetting(ctx.db, session.orgId, 'transshipStorageRate')];
  return {
    type: 7,
    title: '仓储保管合同',
    docNo: text(o.workOrderNo),
    docNoLabel: '客户工单号',
    parties: [
      { role: '存货方（甲方）', name: text(customer?.name), lines: [`联系人：${text(customer?.contactName)}　电话：${text(customer?.contactPhone)}`, `项目：${text(project?.name)}`] },
      { role: '保管方（乙方）', name: text(org?.name), lines: [`统一社会信用代码：${text(org?.creditCode)}`, `负责人：${text(owner?.name)}　电话：${text(owner?.mobile)}`] },
    ],
    fields: [
      { label: '产品/机组', value: text(o.productName) },
      { label: '生产车间', value: text(workshop?.name) },
      { label: '发运目的地', value: text(o.destination), wide: true },
      { label: '计划到货', value: day(o.planInDate) },
      { label: '计划发运', value: day(o.planOutDate) },
      { label: '计划件数', value: `${text(o.totalPlanQty)} 件` },
      { label: '已到件数', value: `${text(o.totalReceivedQty)} 件` },
      { label: '状态', value: enumLabel('workOrderStatus', o.status) ?? '' },
      ...(o.remark ? [{ label: '备注', value: text(o.remark), wide: true }] : []),
    ],
    tables: [{
      title: '保管物品清单',
      columns: ['序号', '零件号/图号', '名称', '规格', '单重(kg)', '计划件数', '已到件数', '已发件数'],
      rows: items.map((l, i) => {
        const p = parts.get(Number(l.partItemId));
        return [String(i + 1), text(p?.partNo), text(p?.name), text(p?.spec), kg(p?.unitWeight), text(l.planQty), text(l.receivedQty ?? 0), text(l.deliveredQty ?? 0)];
      }),
    }],
    clauses: [
      '一、甲方按清单分批送货，乙方到货当日按件数、外观验收入库，破损、货损当场拍照记录并通知甲方现场代表，验收单据为交接依据。',
      '二、乙方按零件存储要求分库位保管，定期盘点；因乙方保管不善造成的损失由乙方按零件价值赔偿，不可抗力及货物自身性质所致除外。',
      `三、物品自入库之日起免费保管 ${text(freeDays)} 天，超期部分按 ${text(rate)} 元/吨·天 计收堆存费，按月与甲方对账结算。`,
      '四、乙方凭甲方发运指令出库，按指令配套装车并随车交付出库单；收货人签收件数少于出库件数的，乙方负责查明并补发。',
      '五、本合同自双方盖章之日起生效，至清单物品全部发运签收且费用结清后终止；未尽事宜双方协商解决。',
    ],
    signatures: [{ role: '甲方（盖章）', name: text(customer?.name), date: '' }, { role: '乙方（盖章）', name: text(org?.name), date: '' }],
    printedBy: text(me?.name),
  };
}

export const workOrderPrints: PrintBuilders = { 7: (ctx, _type, id) => workOrderContract(ctx, id) };
