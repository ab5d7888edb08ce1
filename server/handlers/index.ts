/**
 * The named (non-generic) handlers a catalogue entry refers to as `<module>.<fn>`.
 *
 * Rule: `<module>.<fn>` lives in `server/<area>/<module in kebab-case>.ts`, the one file of that
 * name among the area folders, beside the area's other code (and mirroring its hooks in
 * `server/hooks/<area>/`): `customer.getInOrg` → `server/biz/customer.ts`, `bulkSettle.*` →
 * `server/project/bulk-settle.ts`, `shell.*` → `server/shell/shell.ts`. A file holds only its own
 * module's handlers. tests/unit/architecture/handler-files.test.ts checks the rule for every
 * handler of the catalogue, and that the list below gathers every such file.
 */
import type { Handler } from '../crud/context';
import { crudHandlers } from '../crud/handlers';
import { adminImportHandlers } from '../admin/admin-import';
import { adminOrganizationHandlers } from '../admin/admin-org';
import { adminRoleHandlers } from '../admin/admin-role';
import { adminSmsHandlers } from '../admin/admin-sms';
import { adminSystemHandlers } from '../admin/admin-system';
import { adminDepartmentHandlers } from '../admin/department';
import { adminStaffHandlers } from '../admin/staff';
import { authHandlers } from '../auth/auth';
import { customerHandlers } from '../biz/customer';
import { driverIncomeHandlers } from '../biz/driver-income';
import { dispatchHandlers } from '../dispatch/dispatch';
import { driverLinkHandlers } from '../dispatch/driver-link';
import { fileHandlers } from '../files/files';
import { formHandlers } from '../forms/forms';
import { organizationHandlers } from './organization';
import { transshipHandlers } from '../inventory/transship';
import { staffPostHandlers } from '../inventory/staff-post';
import { stockHandlers } from '../inventory/stock';
import { deliveryHandlers } from '../inventory/delivery';
import { inventoryStatHandlers } from '../inventory/inventory-stat';
import { chatHandlers } from '../messaging/chat';
import { dailyHandlers } from '../messaging/message';
import { noticeHandlers } from '../messaging/notices';
import { wechatBotHandlers } from '../messaging/wechat-bot';
import { metaHandlers } from '../meta/meta';
import { printHandlers } from '../print/print';
import { bulkSettleHandlers } from '../project/bulk-settle';
import { contractHandlers } from '../project/contract';
import { insuranceHandlers } from '../project/insurance';
import { wholeProcessHandlers } from '../project/project';
import { referenceHandlers } from '../reference/reference';
import { resourceHandlers } from '../resources/resources';
import { shellHandlers } from '../shell/shell';
import { userPreferenceHandlers } from '../shell/user-preference';
import { ssoHandlers } from '../sso/sso';
import { trackingHandlers } from '../tracking/tracking';
import { settleBillHandlers } from '../finance/settle-bill';
import { digitalAssetCategoryHandlers } from '../digital-asset/digital-asset-category';
import { digitalAssetHandlers } from '../digital-asset/digital-asset';
import { assetBorrowHandlers } from '../digital-asset/asset-borrow';
import { unitCostHandlers } from '../cost-model/unit-cost';
import { gaodeHandlers } from '../logistics/gaode';
import { intelFeedHandlers } from '../logistics/intel-feed';
import { mattersMergeHandlers } from '../finance/matters-merge';
import { bankMatchHandlers } from '../finance/bank-match';
import { platformWaybillHandlers } from '../finance/platform-waybill';
import { kanbanHandlers } from '../stat/kanban';

/** One map per handler file; a name claimed twice is a start-up error rather than a silent override. */
const files: Record<string, Handler>[] = [
  adminImportHandlers, adminOrganizationHandlers, adminRoleHandlers, adminSmsHandlers, adminSystemHandlers,
  adminDepartmentHandlers, adminStaffHandlers, authHandlers, customerHandlers, driverIncomeHandlers,
  dispatchHandlers, driverLinkHandlers, fileHandlers, formHandlers, organizationHandlers, transshipHandlers, staffPostHandlers, stockHandlers, deliveryHandlers, inventoryStatHandlers, chatHandlers,
  dailyHandlers, noticeHandlers, wechatBotHandlers, metaHandlers, printHandlers, bulkSettleHandlers,
  contractHandlers, insuranceHandlers, wholeProcessHandlers, referenceHandlers, resourceHandlers,
  shellHandlers, ssoHandlers, trackingHandlers, userPreferenceHandlers, settleBillHandlers,
  digitalAssetCategoryHandlers, digitalAssetHandlers, assetBorrowHandlers, unitCostHandlers, gaodeHandlers, intelFeedHandlers,
  mattersMergeHandlers, bankMatchHandlers, platformWaybillHandlers, kanbanHandlers,
];

export const namedHandlers: Record<string, Handler> = {};
for (const map of files) {
  for (const [name, handler] of Object.entries(map)) {
    if (name in namedHandlers) throw new Error(`handler ${name} is defined twice`);
    namedHandlers[name] = handler;
  }
}

export const allHandlers: Record<string, Handler> = { ...crudHandlers, ...namedHandlers };
