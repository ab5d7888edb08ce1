/**
 * Supplier rules (DOMAIN §3.1, §4.1): what each supplier type must carry, which states may be
 * edited or removed, and the effects of cancellation (停用) and of the platform invitation (an
 * SMS in the outbox, a platform supplier number).
 */
import { defineHooks } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { enqueueSms, SMS_BIZ } from '../../resources/sms';
import { blank, isMobile } from '../../resources/checks';

export const SUPPLIER_TYPE = { carrier: 1, ownerDriver: 2, subcontractor: 3, service: 4, insurer: 5 } as const;
export const SUPPLIER_VERIFY = { draft: 0, pending: 5, rejected: 10, active: 15, cancelled: 20, cancelPending: 25 } as const;

/** Platform supplier numbers: the platform numbers suppliers from this range on (choice, docs/decisions.md). */
export const PLATFORM_SUPPLIER_BASE = 800000;


export const supplierHooks = defineHooks('supplier', {
  validate(_ctx, r, prev) {
    if (prev && [SUPPLIER_VERIFY.pending, SUPPLIER_VERIFY.cancelPending].includes(prev.verifyStatus as never)) throw conflict('审核中的供应商不能修改，请先撤回或等待审核结果');
    if (prev && prev.verifyStatus === SUPPLIER_VERIFY.cancelled) throw conflict('已注销的供应商不能修改');
    const type = Number(r.supplierType);
    if (type === SUPPLIER_TYPE.ownerDriver) {
      if (blank(r.idCardNo)) throw badRequest('个体司机的身份证号不能为空', { field: 'idCardNo' });
    } else if (blank(r.creditCode)) {
      throw badRequest('统一社会信用代码不能为空（个体司机除外）', { field: 'creditCode' });
    }
    if (type === SUPPLIER_TYPE.carrier) {
      if (blank(r.transportLicenseNo)) throw badRequest('承运商的道路运输经营许可证号不能为空', { field: 'transportLicenseNo' });
      if (blank(r.transportLicenseExpiry)) throw badRequest('承运商的许可证有效期不能为空', { field: 'transportLicenseExpiry' });
    }
  },
  async beforeRemove(ctx, row) {
    if (![SUPPLIER_VERIFY.draft, SUPPLIER_VERIFY.rejected].includes(row.verifyStatus as never)) throw conflict('只有草稿或已驳回的供应商可以删除，使用中的供应商请申请注销');
    const used = await ctx.q.select('platformTruck').select('platformTruckId').where('supplierId', '=', row.supplierId).limit(1).executeTakeFirst();
    const drivers = await ctx.q.select('driver').select('driverId').where('supplierId', '=', row.supplierId).limit(1).executeTakeFirst();
    if (used || drivers) throw conflict('该供应商名下有车辆或司机，不能删除');
  },
  beforeTransition: {
    applyCancel(_ctx, _row, input) {
      if (blank(input.values.cancelReason)) throw badRequest('请填写注销原因', { field: 'cancelReason' });
    },
    enable(_ctx, row) {
      if (row.verifyStatus === SUPPLIER_VERIFY.cancelled) throw conflict('已注销的供应商不能启用');
    },
    inviteRegister(_ctx, row) {
      if (row.verifyStatus === SUPPLIER_VERIFY.cancelled || row.verifyStatus === SUPPLIER_VERIFY.cancelPending) throw conflict('已注销的供应商不能邀请注册');
      if (!isMobile(row.contactPhone)) throw badRequest('联系电话不是手机号码，无法发送邀请短信，请先修改联系电话', { field: 'contactPhone' });
    },
  },
  afterTransition: {
    // Approved cancellation: the supplier leaves every picker (status 2), through its own transition.
    async applyCancel(ctx, row) {
      await ctx.transition('supplier', row.supplierId, 'disable', { ifAllowed: true, comment: '供应商已注销' });
    },
    async inviteRegister(ctx, row) {
      let platformSupplierId = row.platformSupplierId as number | null;
      if (!platformSupplierId) {
        platformSupplierId = PLATFORM_SUPPLIER_BASE + Number(row.supplierId);
        await ctx.q.update('supplier').set({ platformSupplierId }).where('supplierId', '=', row.supplierId).execute();
        row.platformSupplierId = platformSupplierId;
      }
      await ctx.q.update('supplier').set({ inviteSmsStatus: 0 }).where('supplierId', '=', row.supplierId).execute();
      const org = (await ctx.db.selectFrom('organization').select('shortName').select('name').where('orgId', '=', ctx.session!.orgId).executeTakeFirst()) as { name: string; shortName: string | null } | undefined;
      await enqueueSms(ctx, {
        mobile: String(row.contactPhone), bizType: SMS_BIZ.supplierInvite, bizId: platformSupplierId, templateCode: 'SUPPLIER_INVITE',
        content: `【${org?.shortName ?? org?.name ?? '物流平台'}】${row.contactName ?? ''}您好，${org?.name ?? ''}邀请${row.name}注册物流协同平台，注册后可在线报价、接单和对账。平台供应商编号：${platformSupplierId}。`,
      });
    },
  },
});
