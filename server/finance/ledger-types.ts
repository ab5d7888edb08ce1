/**
 * Which 收支类型 (financeIncomeCostType, DOMAIN §3.6) a ledger row gets when it is booked without
 * one: the one mapping from (kind, source, costType, payee, summary) to a seeded type code, applied
 * by the ledger's write path (server/hooks/project/ledger.ts), so every document that books income
 * or cost — dispatch freight, transship, bulk settlement, insurance, manual rows — is typed alike.
 * An organisation without that code configured leaves the row untyped.
 */
import type { HookContext } from '../hooks/types';

type Row = Record<string, any>;

/** ledgerSource codes (schemas/enums/project.json) */
const SOURCE = { dispatch: 1, bulkSettle: 2, projectFee: 3, manual: 4, transship: 5, insurance: 6, warehouse: 7 } as const;

/** Summary keywords of typed rows, first match wins (manual rows and documents alike). */
const INCOME_WORDS: [RegExp, string][] = [
  [/加急/, 'I_TRANS_URGENT'], [/堆存/, 'I_TSHIP_STORE'], [/港杂/, 'I_TSHIP_PORT'], [/短驳/, 'I_TSHIP_SHORT'],
  [/出入库|操作费/, 'I_WH_OP'], [/仓储/, 'I_WH_STORE'], [/装卸|吊装/, 'I_LIFT'], [/运费/, 'I_TRANS_FREIGHT'],
];
const COST_WORDS: [RegExp, string][] = [
  [/保险/, 'C_INS'], [/吊车|吊装/, 'C_LIFT_CRANE'], [/装卸|港杂/, 'C_LIFT_HANDLE'], [/超限|许可/, 'C_BULK_PERMIT'],
  [/护送/, 'C_BULK_ESCORT'], [/路障/, 'C_BULK_OBST'], [/桥梁/, 'C_BULK_BRIDGE'], [/燃油|油费|加油/, 'C_OWN_FUEL'],
  [/路桥|过路|通行费/, 'C_OWN_TOLL'], [/折旧/, 'C_OWN_DEPR'], [/补贴/, 'C_OWN_ALLOW'], [/招待/, 'C_BIZ_ENT'],
  [/投标|标书/, 'C_BIZ_BID'], [/踏勘/, 'C_SURVEY_TRAVEL'], [/方案评审|评审/, 'C_SURVEY_REVIEW'], [/差旅/, 'C_BIZ_TRAVEL'],
  [/物料/, 'C_WH_MAT'], [/运费/, 'C_TRANS_OUT'],
];

/** The type code a ledger row of this kind and origin books under. */
export function ledgerTypeCode(kind: 'income' | 'cost', item: Row): string {
  const source = Number(item.source ?? SOURCE.manual);
  const summary = String(item.summary ?? '');
  if (kind === 'income') {
    if (source === SOURCE.dispatch) return summary.includes('加急') ? 'I_TRANS_URGENT' : 'I_TRANS_FREIGHT';
    if (source === SOURCE.warehouse) return 'I_WH_STORE';
    const hit = INCOME_WORDS.find(([re]) => re.test(summary));
    if (hit) return hit[1];
    return source === SOURCE.transship ? 'I_TSHIP' : 'I_OTHER';
  }
  // Freight paid to a carrier is 外协运费; with no supplier it went to an individual driver.
  if (source === SOURCE.dispatch || source === SOURCE.transship) return item.supplierId ? 'C_TRANS_OUT' : 'C_TRANS_DRIVER';
  if (source === SOURCE.insurance) return 'C_INS';
  if (source === SOURCE.warehouse) return 'C_WH';
  if (source === SOURCE.bulkSettle) {
    // 大件结算: people (staff payee), trucks (燃油/路桥/折旧…, no payee) or subcontracts (大件专项).
    if (Number(item.payeeKind) === 2) return 'C_BULK_ESCORT';
    if (!item.supplierId) return 'C_TRANS_OWN';
    return 'C_BULK';
  }
  const hit = COST_WORDS.find(([re]) => re.test(summary));
  if (hit) return hit[1];
  const costType = Number(item.costType);
  if (costType === 4 || costType === 5) return 'C_SURVEY';
  if (costType >= 1 && costType <= 3) return 'C_BIZ';
  return 'C_TRANS_OUT';
}

/**
 * Fills typeId (and, from the type, feeSubjectConfigId) of a ledger row saved without them. The
 * type is looked up in the row's organisation: the session's, or the project's for jobs.
 */
export async function assignLedgerType(ctx: HookContext, kind: 'income' | 'cost', values: Row, merged: Row): Promise<void> {
  if (merged.typeId) {
    if (!merged.feeSubjectConfigId && ('typeId' in values)) {
      const t = await ctx.q.get('financeIncomeCostType', Number(merged.typeId));
      if (t?.defaultFeeSubjectConfigId) values.feeSubjectConfigId = t.defaultFeeSubjectConfigId;
    }
    return;
  }
  let query = ctx.q.select('financeIncomeCostType').select(['typeId', 'defaultFeeSubjectConfigId'])
    .where('code', '=', ledgerTypeCode(kind, merged)).where('type', '=', kind === 'income' ? 2 : 1);
  if (!ctx.session) {
    const orgId = merged.orgId ?? (merged.projectId ? (await ctx.q.get('project', Number(merged.projectId)))?.orgId : undefined);
    if (!orgId) return;
    query = query.where('orgId', '=', Number(orgId));
  }
  const type = (await query.executeTakeFirst()) as Row | undefined;
  if (!type) return;
  values.typeId = type.typeId;
  if (!merged.feeSubjectConfigId && type.defaultFeeSubjectConfigId) values.feeSubjectConfigId = type.defaultFeeSubjectConfigId;
}
