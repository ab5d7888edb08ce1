/**
 * 证照核验 of platform trucks and drivers (DOMAIN §4.1). The product runs offline, so the
 * automatic check is the one it can make itself on the registration data a 网络货运 platform
 * (路歌) checks against the national records: present, well-formed, not expired, and the owning
 * supplier in use. Photos are the manual reviewer's material, not part of the automatic check. A pass
 * makes the record 2 已认证 (authSource 1); a failure makes it 3 认证失败 with the reasons and
 * files a manual review (auditState 5) that the 人工审核 screen decides.
 */
import type { HookContext } from '../hooks/types';
import { permissionHolders } from '../crud/approval';
import { blank, expiredMessage } from './checks';

export const AUTH = { none: 1, ok: 2, failed: 3 } as const;
/** licenseClass code of A2 (牵引车列车) */
export const LICENSE_A2 = 2;
export const REVIEW_TYPE = { truck: 1, driver: 2, supplier: 3 } as const;
export const REVIEW_PERMISSION = '运力资源:人工审核';
/** eventType 3 运力认证 (DOMAIN §2.1) */
export const EVENT_AUTH = 3;

async function supplierProblem(ctx: HookContext, supplierId: unknown): Promise<string | null> {
  if (!supplierId) return null;
  const s = await ctx.q.get('supplier', Number(supplierId));
  if (!s) return '所属供应商不存在';
  if (s.verifyStatus !== 15 || s.status !== 1) return '所属供应商未审核通过或已停用';
  return null;
}

export async function truckProblems(ctx: HookContext, t: Record<string, any>, now = new Date()): Promise<string[]> {
  const out: string[] = [];
  if (blank(t.ownerName)) out.push('缺少行驶证所有人');
  if (blank(t.roadTransportNo)) out.push('缺少道路运输证号');
  if (blank(t.roadTransportExpiry)) out.push('缺少道路运输证有效期');
  const expired = [expiredMessage('道路运输证', t.roadTransportExpiry, now), expiredMessage('车辆检验', t.inspectionExpiry, now)].filter(Boolean) as string[];
  out.push(...expired);
  const s = await supplierProblem(ctx, t.supplierId);
  if (s) out.push(s);
  return out;
}

export async function driverProblems(ctx: HookContext, d: Record<string, any>, now = new Date()): Promise<string[]> {
  const out: string[] = [];
  if (blank(d.licenseExpiry)) out.push('缺少驾驶证有效期');
  if (blank(d.qualificationCertNo)) out.push('缺少从业资格证号');
  const expired = [expiredMessage('驾驶证', d.licenseExpiry, now), expiredMessage('从业资格证', d.qualificationExpiry, now)].filter(Boolean) as string[];
  out.push(...expired);
  if (d.platformTruckId) {
    const truck = await ctx.q.get('platformTruck', Number(d.platformTruckId));
    // A tractor unit pulls a semi-trailer: 牵引车列车 needs A2 (准驾车型).
    if (truck && Number(truck.vehicleKind) === 1 && Number(d.licenseClass) !== LICENSE_A2) out.push('驾驶牵引车需准驾车型A2');
  }
  const s = await supplierProblem(ctx, d.supplierId);
  if (s) out.push(s);
  return out;
}

export interface VerifyResult { id: number; name: string; passed: boolean; reasons: string[] }

/** Runs the check on one record (state 1 or 3) and applies its outcome. */
export async function verifySubject(ctx: HookContext, kind: 'platformTruck' | 'driver', id: number, now = new Date()): Promise<VerifyResult> {
  const row = await ctx.q.get(kind, id);
  if (!row) throw Object.assign(new Error('not found'), { status: 404 });
  const reasons = kind === 'platformTruck' ? await truckProblems(ctx, row, now) : await driverProblems(ctx, row, now);
  const name = String(kind === 'platformTruck' ? row.truckLicensePlate : row.name);
  if (!reasons.length) {
    await ctx.transition(kind, id, 'autoPass', { comment: '证照核验通过' });
    await ctx.q.update(kind).set({ authSource: 1, authFailReason: null }).where(ctx.q.entity(kind).idField, '=', id).execute();
    return { id, name, passed: true, reasons };
  }
  const reason = reasons.join('；').slice(0, 200);
  await ctx.transition(kind, id, 'autoFail', { comment: reason });
  await ctx.q.update(kind).set({ authFailReason: reason, authSource: null }).where(ctx.q.entity(kind).idField, '=', id).execute();
  const reviewType = kind === 'platformTruck' ? REVIEW_TYPE.truck : REVIEW_TYPE.driver;
  const open = await ctx.q.select('manualReview').select('manualReviewId')
    .where('reviewType', '=', reviewType).where('subjectId', '=', id).where('auditState', '=', 5).executeTakeFirst();
  const materials = kind === 'platformTruck' ? [...(row.drivingLicensePhotos ?? []), ...(row.roadTransportPhotos ?? [])] : (row.photos ?? []);
  if (open) {
    await ctx.q.update('manualReview').set({ autoCheckResult: reason, materials: JSON.stringify(materials), submittedAt: now.toISOString() })
      .where('manualReviewId', '=', (open as { manualReviewId: number }).manualReviewId).execute();
  } else {
    await ctx.create('manualReview', {
      reviewType, subjectId: id, subjectName: name.slice(0, 60), supplierId: row.supplierId ?? null,
      submittedAt: now.toISOString(), materials, autoCheckResult: reason,
    });
    if (ctx.session) {
      const reviewers = await permissionHolders(ctx.db, ctx.session.orgId, REVIEW_PERMISSION);
      await ctx.notify({ recipients: reviewers, message: `${kind === 'platformTruck' ? '平台车辆' : '司机'}「${name}」证照核验未通过，待人工审核：${reason}`, eventType: EVENT_AUTH, eventSubjectId: id, daily: true });
    }
  }
  return { id, name, passed: false, reasons };
}

/**
 * What the user reads after 核验 (the page shows it instead of a generic 「核验成功」): passed ones
 * are 已认证; failed ones are 认证失败 with their reasons and wait for 人工审核.
 */
export function verifyMessage(results: VerifyResult[]): string {
  const passed = results.filter((r) => r.passed);
  const failed = results.filter((r) => !r.passed);
  if (results.length === 1) {
    const [r] = results as [VerifyResult];
    return r.passed ? `核验通过：${r.name} 已认证` : `核验未通过：${r.name} 认证失败（${r.reasons.join('；')}），已转人工审核`;
  }
  if (!failed.length) return `核验通过：${passed.length} 条均已认证`;
  const names = failed.slice(0, 5).map((r) => r.name).join('、') + (failed.length > 5 ? ` 等${failed.length}条` : '');
  return `核验完成：通过 ${passed.length} 条，未通过 ${failed.length} 条（${names}，认证失败，已转人工审核）`;
}
