/**
 * 指导价 of one truck on a transport demand (DOMAIN §3.2 transportSchedule.guidePrice): what the
 * truck should cost, against which 派车确认 checks the freight (调度审批 above the tolerance).
 * In order of authority:
 *  1. the carrier's cost contract — the schedule's own, else the carrier's approved contract in
 *     force today — its rate line for the truck's 车型 (or a line naming none) × the truck's share
 *     of the demand in that line's unit;
 *  2. the supplier's awarded quote (已中选) on an enquiry of the project or of its source clue,
 *     unit price × the truck's share in the quote's mode.
 * DOMAIN's third source, the 单位成本 model (R22), belongs to the cost-model screens, which are not
 * built; until then nothing to go on means no guide price (the dispatcher may type one), and no
 * approval.
 */
import type { ScopedQueries } from '../crud/scope';
import { enumLabel } from '../schema/load';
import { chinaToday } from '../project/common';

type Row = Record<string, any>;

export const GUIDE_SOURCE = { contract: 1, quote: 2 } as const;
/** contract.contractType 2 成本合同; auditState 15 已通过; contractState 10 履行中 */
const COST_CONTRACT = 2;
const APPROVED = 15;
const IN_FORCE = 10;
/** supplierQuoteStatus 15 已中选 */
const AWARDED = 15;

export interface GuidePrice {
  guidePrice: string | null;
  /** 1 成本合同, 2 定标报价 */
  source: number | null;
  /** how it was worked out, in words the dispatcher reads */
  basis: string;
}

const cents = (v: number) => Math.round(v * 100);
const yuan = (c: number) => (c / 100).toFixed(2);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
const fmt = (v: number, digits: number) => Number(v.toFixed(digits)).toString();

/** The truck's share of the demand in a pricing unit: pieces, tonnes, tonne-km or the truck. */
function share(demand: Row, unit: string): { qty: number; text: string } | undefined {
  const trucks = Math.max(1, num(demand.truckCount));
  const km = num(demand.distanceKm);
  switch (unit) {
    case '件': return { qty: num(demand.pieces) / trucks, text: `${fmt(num(demand.pieces) / trucks, 2)} 件` };
    case '吨': return { qty: num(demand.weight) / trucks, text: `${fmt(num(demand.weight) / trucks, 3)} 吨` };
    case '吨公里': return km > 0 ? { qty: (num(demand.weight) / trucks) * km, text: `${fmt(num(demand.weight) / trucks, 3)} 吨 × ${fmt(km, 1)} 公里` } : undefined;
    case '车': return { qty: 1, text: '1 车' };
    default: return undefined;
  }
}

const UNIT_OF_MODE: Record<number, string> = { 1: '件', 2: '吨', 3: '吨公里', 4: '车' };

/**
 * Why a cost contract may not price a carrier's truck, or null when it may: it must be a cost
 * contract of that carrier, approved (审核通过), in force (履行中) and within its dates today
 * (DOMAIN §4.2: expired or terminated cost contracts are not offered in dispatch).
 */
export function costContractRefusal(contract: Row | undefined, supplierId: number | null, today = chinaToday()): string | null {
  if (!contract || Number(contract.contractType) !== COST_CONTRACT) return '请选择成本合同';
  if (supplierId !== null && Number(contract.supplierId) !== supplierId) return `成本合同${contract.contractNo ?? ''}不是该承运商的合同`;
  if (Number(contract.auditState) !== APPROVED) return `成本合同${contract.contractNo ?? ''}未审核通过，不能用于派车`;
  const from = String(contract.startDate ?? '').slice(0, 10);
  const to = String(contract.endDate ?? '').slice(0, 10);
  if (Number(contract.contractState) !== IN_FORCE || (from && from > today) || (to && to < today)) {
    return `成本合同${contract.contractNo ?? ''}未生效或已到期、终止，不能用于派车`;
  }
  return null;
}

async function fromContract(q: ScopedQueries, demand: Row, supplierId: number | null, costContractId: number | null, kind: string | undefined): Promise<GuidePrice | undefined> {
  let contract: Row | undefined;
  if (costContractId) {
    // A contract not fit to price this carrier's truck prices nothing (the save refuses it too).
    contract = await q.get('contract', costContractId);
    if (costContractRefusal(contract, supplierId)) return undefined;
  } else if (supplierId) {
    const today = chinaToday();
    contract = (await q.select('contract').selectAll().where('contractType', '=', COST_CONTRACT).where('supplierId', '=', supplierId)
      .where('auditState', '=', APPROVED).where('contractState', '=', IN_FORCE)
      .where('startDate', '<=', today as any).where('endDate', '>=', today as any)
      .orderBy('signDate', 'desc').orderBy('contractId', 'desc').executeTakeFirst()) as Row | undefined;
  }
  if (!contract) return undefined;
  // A line prices this truck when its 车型 is the truck's (or it names none): a 13米高栏 rate says
  // nothing of what an axle trailer should cost.
  const fits = (l: Row) => !l.vehicleKind || (kind !== undefined && (String(l.vehicleKind).includes(kind) || kind.includes(String(l.vehicleKind))));
  const lines = ((Array.isArray(contract.rates) ? contract.rates : []) as Row[]).filter((l) => share(demand, String(l.unit)) && fits(l));
  const line = lines.find((l) => l.vehicleKind) ?? lines[0];
  if (!line) return undefined;
  const s = share(demand, String(line.unit))!;
  const price = num(line.unitPrice);
  return {
    guidePrice: yuan(cents(price * s.qty)),
    source: GUIDE_SOURCE.contract,
    basis: `成本合同 ${contract.contractNo ?? ''}${line.route ? ` ${line.route}` : ''}${line.vehicleKind ? ` ${line.vehicleKind}` : ''}：${fmt(price, 2)} 元/${line.unit} × ${s.text}`,
  };
}

async function fromQuote(q: ScopedQueries, demand: Row, supplierId: number | null): Promise<GuidePrice | undefined> {
  if (!supplierId || !demand.projectId) return undefined;
  const project = await q.get('project', Number(demand.projectId));
  if (!project) return undefined;
  const enquiries = (await q.select('enquiry').select(['enquiryId', 'enquiryNo'])
    .where((eb) => (project.clueId ? eb.or([eb('projectId', '=', Number(project.projectId)), eb('clueId', '=', Number(project.clueId))]) : eb('projectId', '=', Number(project.projectId))))
    .execute()) as Row[];
  if (!enquiries.length) return undefined;
  const quote = (await q.select('enquiryQuote').selectAll().where('enquiryId', 'in', enquiries.map((e) => Number(e.enquiryId)))
    .where('supplierId', '=', supplierId).where('quoteStatus', '=', AWARDED)
    .orderBy('seq', 'desc').orderBy('quoteId', 'desc').executeTakeFirst()) as Row | undefined;
  if (!quote) return undefined;
  const no = enquiries.find((e) => Number(e.enquiryId) === Number(quote.enquiryId))?.enquiryNo ?? '';
  const unit = UNIT_OF_MODE[num(quote.quoteMode)];
  if (unit) {
    const s = share(demand, unit);
    if (!s || quote.unitPrice === null || quote.unitPrice === undefined) return undefined;
    return { guidePrice: yuan(cents(num(quote.unitPrice) * s.qty)), source: GUIDE_SOURCE.quote, basis: `定标报价 ${no}：${fmt(num(quote.unitPrice), 2)} 元/${unit} × ${s.text}` };
  }
  // 综合: the awarded amount shared by its trucks
  const trucks = Math.max(1, num(quote.truckCount) || num(demand.truckCount));
  if (!num(quote.amount)) return undefined;
  return { guidePrice: yuan(Math.round(cents(num(quote.amount)) / trucks)), source: GUIDE_SOURCE.quote, basis: `定标报价 ${no}：综合报价 ${fmt(num(quote.amount), 2)} 元 ÷ ${trucks} 车` };
}

/** The guide price of one truck of `demand`, carried by `supplierId` (none: an own truck's cost). */
export async function estimateGuidePrice(
  q: ScopedQueries, demand: Row, truck: { supplierId?: unknown; costContractId?: unknown; vehicleKind?: unknown },
): Promise<GuidePrice> {
  const supplierId = truck.supplierId ? Number(truck.supplierId) : null;
  const costContractId = truck.costContractId ? Number(truck.costContractId) : null;
  const kind = enumLabel('vehicleKind', truck.vehicleKind);
  return (await fromContract(q, demand, supplierId, costContractId, kind))
    ?? (await fromQuote(q, demand, supplierId))
    ?? { guidePrice: null, source: null, basis: '承运商无适用的成本合同运价或定标报价，请手工填写指导价' };
}

