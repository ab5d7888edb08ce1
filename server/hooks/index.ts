/**
 * Every entity's lifecycle hooks, registered in one place (checked by `npm run gen`): one line
 * per entity, the hooks themselves in the area's own folder.
 */
import type { HookRegistry } from './types';
import { bankAccountHooks, bankStatementMappingHooks, financeFeeSubjectConfigHooks, financeIncomeCostTypeHooks, financeInvoiceTaxConfigHooks } from './finance/config';
import { supplierHooks } from './resources/supplier';
import { supplierEvaluationHooks } from './resources/supplierEvaluation';
import { companyTruckHooks, driverHooks, platformTruckHooks } from './resources/trucks';
import { manualReviewHooks } from './resources/manualReview';
import { contractHooks } from './project/contract';
import { projectHooks } from './project/project';
import { costItemHooks, incomeItemHooks } from './project/ledger';
import { insuranceEnquiryHooks, workerDailyHooks } from './project/insurance';
import { bulkCostSettleApplyHooks, contractCostSettleHooks, staffCostSettleHooks, truckCostSettleHooks } from './project/bulk-settle';
import { customerHooks } from './biz/customer';
import { clueFollowHooks, clueHooks } from './biz/clue';
import { technicalPlanHooks } from './biz/technicalPlan';
import { enquiryHooks } from './biz/enquiry';
import { enquiryQuoteHooks } from './biz/enquiryQuote';
import { quotationHooks } from './biz/quotation';
import { driverIncomeHooks } from './biz/driverIncome';
import { roleHooks } from './admin/role';
import { staffHooks } from './admin/staff';
import { departmentHooks } from './admin/department';
import { organizationHooks } from './admin/organization';
import { processTemplateHooks } from './admin/processTemplate';
import { wechatConfigHooks } from './admin/wechatConfig';
import { staffRoleHooks } from './admin/staffRole';
import { dispatchHooks } from './dispatch';
import { transshipInHooks, warehouseHooks } from './inventory/transshipIn';
import { inStorageHooks, partItemHooks, workOrderHooks } from './inventory/stock';
import { deliveryHooks } from './inventory/delivery';
import { settleBillHooks } from './finance/settleBill';
import { materialInHooks, materialUseHooks } from './inventory/material';
import { digitalAssetCategoryHooks } from './digital-asset/category';
import { digitalAssetHooks } from './digital-asset/asset';
import { assetBorrowHooks } from './digital-asset/borrow';
import { crawlerInfoHooks } from './logistics/crawlerInfo';
import { unitCostHooks } from './cost-model/unitCost';
import { financeReviewHooks } from './finance/matters';

export const entityHooks: HookRegistry = {
  crawlerInfo: crawlerInfoHooks,
  unitCost: unitCostHooks,
  supplier: supplierHooks,
  supplierEvaluation: supplierEvaluationHooks,
  companyTruck: companyTruckHooks,
  platformTruck: platformTruckHooks,
  driver: driverHooks,
  manualReview: manualReviewHooks,
  contract: contractHooks,
  project: projectHooks,
  incomeItem: incomeItemHooks,
  costItem: costItemHooks,
  staffCostSettle: staffCostSettleHooks,
  truckCostSettle: truckCostSettleHooks,
  contractCostSettle: contractCostSettleHooks,
  bulkCostSettleApply: bulkCostSettleApplyHooks,
  insuranceEnquiry: insuranceEnquiryHooks,
  workerDaily: workerDailyHooks,
  customer: customerHooks,
  clue: clueHooks,
  clueFollow: clueFollowHooks,
  technicalPlan: technicalPlanHooks,
  enquiry: enquiryHooks,
  enquiryQuote: enquiryQuoteHooks,
  quotation: quotationHooks,
  driverIncome: driverIncomeHooks,
  role: roleHooks,
  staff: staffHooks,
  department: departmentHooks,
  organization: organizationHooks,
  processTemplate: processTemplateHooks,
  wechatConfig: wechatConfigHooks,
  staffRole: staffRoleHooks,
  ...dispatchHooks,
  transshipIn: transshipInHooks,
  warehouse: warehouseHooks,
  partItem: partItemHooks,
  workOrder: workOrderHooks,
  inStorage: inStorageHooks,
  bankAccount: bankAccountHooks,
  financeInvoiceTaxConfig: financeInvoiceTaxConfigHooks,
  bankStatementMapping: bankStatementMappingHooks,
  financeFeeSubjectConfig: financeFeeSubjectConfigHooks,
  financeIncomeCostType: financeIncomeCostTypeHooks,
  delivery: deliveryHooks,
  settleBill: settleBillHooks,
  materialIn: materialInHooks,
  materialUse: materialUseHooks,
  digitalAssetCategory: digitalAssetCategoryHooks,
  digitalAsset: digitalAssetHooks,
  assetBorrow: assetBorrowHooks,
  financeReview: financeReviewHooks,
};
