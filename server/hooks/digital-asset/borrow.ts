/**
 * 借阅 (DOMAIN §4.4 assetBorrow): a published asset the borrower may borrow (category level ≥ 2),
 * for at most the category's maxBorrowDays, from today on; sent for approval at once (process
 * bizType 16), or approved directly when the category needs none. Approved: it starts on its
 * start date; returned by the borrower or a manager; overdue by the date job (asset-borrow.ts).
 */
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { LEVEL, levelOf, resolveAccess } from '../../digital-asset/access';
import { chinaDate, mayView } from '../../digital-asset/rules';
import { recountInto } from '../../crud/quantity';

const dayMs = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

async function startIfDue(ctx: HookContext, row: Record<string, any>) {
  if (String(row.startDate) <= chinaDate()) await ctx.transition('assetBorrow', Number(row.borrowId), 'start', { ifAllowed: true });
}

export const assetBorrowHooks = defineHooks('assetBorrow', {
  async validate(ctx, record, prev) {
    if (prev) {
      if (!ctx.system) throw conflict('借阅申请提交后不能修改');
      return;
    }
    const asset = await ctx.q.get('digitalAsset', Number(record.assetId));
    const a = ctx.session ? await resolveAccess(ctx.db, ctx.session) : null;
    if (!asset || (!ctx.system && a && !mayView(a, ctx.session!, asset))) throw badRequest('资料不存在或您没有该分类的查看权限', { field: 'assetId' });
    if (Number(asset.status) !== 15) throw conflict('只有已发布的资料可以借阅');
    if (!ctx.system && a && levelOf(a, Number(asset.categoryId)) < LEVEL.borrow) throw new HttpError(403, '您没有该分类的借阅权限');
    const category = await ctx.q.get('digitalAssetCategory', Number(asset.categoryId));
    const start = String(record.startDate ?? '');
    const end = String(record.endDate ?? '');
    if (!ctx.system && start < chinaDate()) throw badRequest('开始日期不能早于今天', { field: 'startDate' });
    if (end < start) throw badRequest('归还日期不能早于开始日期', { field: 'endDate' });
    const max = Number(category?.maxBorrowDays ?? 7);
    if (days(start, end) > max) throw badRequest(`借阅天数不能超过${max}天`, { field: 'endDate' });
    if (!ctx.system) {
      const open = await ctx.q.select('assetBorrow').select('borrowNo').where('assetId', '=', asset.assetId).where('applicantStaffId', '=', ctx.session!.staffId)
        .where((eb) => eb.or([eb('auditState', 'in', [0, 5]), eb.and([eb('auditState', '=', 15), eb('borrowStatus', 'in', [0, 5, 15])])])).executeTakeFirst();
      if (open) throw conflict(`您已有该资料未结束的借阅（${open.borrowNo}）`);
    }
  },
  async beforeSave(ctx, values, prev) {
    if (prev) return;
    const asset = await ctx.q.get('digitalAsset', Number(values.assetId));
    values.categoryId = asset?.categoryId ?? null;
    if (ctx.session && !values.applicantStaffId) values.applicantStaffId = ctx.session.staffId;
  },
  async afterSave(ctx, row, prev) {
    if (prev || Number(row.auditState) !== 0) return;
    const category = await ctx.q.get('digitalAssetCategory', Number(row.categoryId));
    if (category && category.borrowNeedsApproval === false) {
      await ctx.q.update('assetBorrow').set({ auditState: 15 }).where('borrowId', '=', row.borrowId).execute();
      await startIfDue(ctx, { ...row, auditState: 15 });
      ctx.say('该分类借阅无需审批，已可借阅');
      return;
    }
    await ctx.transition('assetBorrow', Number(row.borrowId), 'submit', { comment: String(row.purpose ?? '') });
    ctx.say('借阅申请已提交，等待资料管理员审批');
  },
  afterTransition: {
    submit: async (ctx, row) => {
      // Approved (the approval's last pass): who decided, the asset's count, and the start if due.
      if (Number(row.auditState) !== 15) return;
      if (ctx.session?.staffId) await ctx.q.update('assetBorrow').set({ approverStaffId: ctx.session.staffId }).where('borrowId', '=', row.borrowId).execute();
      await recountInto(ctx, { parent: 'digitalAsset', id: Number(row.assetId), field: 'borrowCount', from: { entity: 'assetBorrow', key: 'assetId', where: { auditState: 15 } } } as any);
      await startIfDue(ctx, row);
    },
    giveBack: async (ctx, row) => {
      await ctx.q.update('assetBorrow').set({ returnedAt: sql`now()` }).where('borrowId', '=', row.borrowId).execute();
    },
  },
  beforeTransition: {
    giveBack: async (ctx, row) => {
      if (ctx.system || !ctx.session || Number(row.applicantStaffId) === ctx.session.staffId) return;
      const a = await resolveAccess(ctx.db, ctx.session);
      if (levelOf(a, Number(row.categoryId)) < LEVEL.manage) throw new HttpError(403, '只有借阅人或分类管理员可以登记归还');
    },
  },
});
