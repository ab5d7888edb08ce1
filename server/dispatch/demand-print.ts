/**
 * 托运单 (DOMAIN §6.9 `/demand-print/:id`): a transport demand as an A4 document — shipper and
 * carrier, cargo, loading and unloading, the trucks dispatched to it, and the signatures.
 */
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../http/errors';
import { scopedQueries } from '../crud/scope';
import { enumLabel } from '../schema/load';
import { regionLabel } from '../reference/regions';
import { requireSession, type Handler } from '../crud/context';
import type { PrintBuilders, PrintDocument } from '../print/document';
import { currentLink, linkUrl } from './driver-token';

/** Who may print a demand: those who read demands. */
export const DEMAND_READ = '项目管理:运输需求|仓库:运输需求|项目管理:项目|调度:查看|调度:编辑|调度:额外操作';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const label = (e: string, v: unknown) => (v === null || v === undefined ? '' : enumLabel(e, v) ?? String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(Number(v)));
const money = (v: unknown) => (v === null || v === undefined ? '' : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
/** Beijing time, minutes. */
const time = (v: unknown) => (v ? new Date(new Date(String(v)).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '');
function place(region: unknown, address: unknown): string {
  const parts = (region ? regionLabel(String(region)) ?? '' : '').split('/').filter((p) => p && p !== '市辖区' && p !== '县');
  const addr = text(address);
  return `${parts.filter((p) => !addr.includes(p)).join('')}${addr}`;
}

export async function demandDocument(ctx: Parameters<Handler>[0], id: number): Promise<PrintDocument> {
  const session = requireSession(ctx);
  if (!hasPermission(session.permissions, DEMAND_READ)) throw new HttpError(403, MSG.forbidden);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const d = await q.get('transportDemand', id);
  if (!d) throw notFound(MSG.notFound);
  const project = d.projectId ? await q.get('project', Number(d.projectId)) : undefined;
  const customer = d.customerId ? await q.get('customer', Number(d.customerId)) : undefined;
  const org = (await ctx.db.selectFrom('organization').selectAll().where('orgId', '=', session.orgId).executeTakeFirst()) as Record<string, any> | undefined;
  const me = await q.get('staff', session.staffId);
  const submitter = d.submitterStaffId ? await q.get('staff', Number(d.submitterStaffId)) : undefined;
  const schedules = (await q.select('transportSchedule').selectAll().where('demandId', '=', id).where('scheduleStatus', 'not in', [0, 5]).orderBy('scheduleId').execute()) as Record<string, any>[];
  const size = [d.maxLength, d.maxWidth, d.maxHeight].every((x) => x !== null && x !== undefined) ? `${num(d.maxLength)}×${num(d.maxWidth)}×${num(d.maxHeight)} 米` : '';
  return {
    type: 6,
    title: '货物运输托运单',
    docNo: text(d.demandNo),
    docNoLabel: '需求编号',
    parties: [
      { role: '托运方', name: text(customer?.name), lines: [`联系人：${text(customer?.contactName)}　电话：${text(customer?.contactPhone)}`, `项目：${text(project?.name)}`] },
      { role: '承运方', name: text(org?.name), lines: [`统一社会信用代码：${text(org?.creditCode)}`, `经办人：${text(submitter?.name)}　电话：${text(submitter?.mobile)}`] },
    ],
    fields: [
      { label: '货物名称', value: text(d.cargoName) },
      { label: '件数 / 总重', value: `${text(d.pieces)} 件 / ${num(d.weight)} 吨` },
      { label: '体积(m³)', value: num(d.volume) },
      { label: '最大件尺寸', value: size },
      { label: '大件', value: d.isOversize ? '是（超限运输，须办理通行证）' : '否' },
      { label: '货值', value: d.cargoValue ? `¥${money(d.cargoValue)}` : '' },
      { label: '装货地址', value: place(d.loadRegionCode, d.loadAddress), wide: true },
      { label: '装货联系人', value: `${text(d.loadContact)} ${text(d.loadPhone)}`.trim() },
      { label: '计划装车', value: time(d.planLoadTime) },
      { label: '卸货地址', value: place(d.unloadRegionCode, d.unloadAddress), wide: true },
      { label: '卸货联系人', value: `${text(d.unloadContact)} ${text(d.unloadPhone)}`.trim() },
      { label: '要求到达', value: time(d.requiredArriveTime) },
      { label: '车型要求', value: text(d.vehicleRequirement) },
      { label: '需车数', value: `${text(d.truckCount)} 辆（已派 ${text(d.dispatchedCount)} 辆）` },
      { label: '运距(km)', value: num(d.distanceKm) },
      { label: '状态', value: label('transportDemandStatus', d.status) },
      ...(d.remark ? [{ label: '备注', value: text(d.remark), wide: true }] : []),
    ],
    tables: schedules.length ? [{
      title: '派车明细',
      columns: ['序号', '调度单号', '承运类型', '车牌号', '挂车号', '司机', '电话', '实装件数/重量', '状态'],
      rows: schedules.map((s, i) => [String(i + 1), text(s.scheduleNo), label('carrierType', s.carrierType), text(s.truckLicensePlate), text(s.trailerPlate), text(s.driverName), text(s.driverPhone),
        s.loadedPieces === null || s.loadedPieces === undefined ? '' : `${s.loadedPieces} 件 / ${num(s.loadedWeight)} 吨`, label('scheduleStatus', s.scheduleStatus)]),
    }] : [],
    clauses: [
      '一、托运方保证货物名称、件数、重量、尺寸申报真实，因申报不实造成的超限处罚、车辆损坏由托运方承担。',
      '二、承运方按约定时间装车、发车，途中异常及时告知托运方；大件运输按通行证核定的时间、路线通行。',
      '三、收货人凭本单核对件数与外观后签收，货损货差在回单上注明；签收回单是结算运费的依据。',
    ],
    signatures: [{ role: '托运方（盖章）', name: text(customer?.name), date: '' }, { role: '承运方（盖章）', name: text(org?.name), date: '' }, { role: '收货人签收', name: '', date: '' }],
    printedBy: text(me?.name),
    qrCodes: await driverQrCodes(ctx, session.orgId, schedules),
  };
}

/** Each dispatched truck's working driver link, to scan from the printed 托运单 (issue 21). */
async function driverQrCodes(ctx: Parameters<Handler>[0], orgId: number, schedules: Record<string, any>[]): Promise<{ label: string; text: string }[]> {
  const out: { label: string; text: string }[] = [];
  for (const s of schedules) {
    if (Number(s.driverLinkState) !== 1) continue;
    const link = await currentLink(ctx.db, orgId, Number(s.scheduleId));
    if (link) out.push({ label: `${text(s.truckLicensePlate)} 司机扫码`, text: linkUrl(ctx.request, link.token) });
  }
  return out;
}

export const demandPrints: PrintBuilders = { 6: (ctx, _type, id) => demandDocument(ctx, id) };
