/**
 * Reference lists of seed 000 §4 / 002 §7.11 read by the cached reference layer. Each is a call of
 * the generated client; the item types are the generated response types, so a catalogue change
 * reaches every picker through `npm run gen`.
 */
import {
  billPlatformListAll, businessTypeList, corpReferenceListCorpStaffLight, customerListOrgCustomer, departmentListOrgDepartment,
  messageListUnHandleMessage, referenceBankListAll, referenceRegionTree, staffListLocalOrgStaffLight, supplierListOrgActiveSupplier,
  type BillPlatformListAllResponse, type BusinessTypeListResponse, type CorpReferenceListCorpStaffLightResponse,
  type CustomerListOrgCustomerResponse, type DepartmentListOrgDepartmentResponse, type MessageListUnHandleMessageResponse,
  type ReferenceBankListAllResponse, type ReferenceRegionTreeResponse, type StaffListLocalOrgStaffLightResponse,
  type SupplierListOrgActiveSupplierResponse,
} from './generated/client';

export type StaffItem = StaffListLocalOrgStaffLightResponse[number];
export type DepartmentItem = DepartmentListOrgDepartmentResponse[number];
export type RegionNode = ReferenceRegionTreeResponse[number];
export type BankItem = ReferenceBankListAllResponse[number];
export type BusinessTypeItem = BusinessTypeListResponse[number];
export type BillPlatformItem = BillPlatformListAllResponse[number];
export type CorpStaffItem = CorpReferenceListCorpStaffLightResponse[number];
export type CustomerItem = CustomerListOrgCustomerResponse[number];
export type SupplierItem = SupplierListOrgActiveSupplierResponse[number];
export type MatterItem = MessageListUnHandleMessageResponse[number];

export const fetchStaff = () => staffListLocalOrgStaffLight();
export const fetchDepartments = () => departmentListOrgDepartment();
export const fetchRegionTree = () => referenceRegionTree();
export const fetchBanks = () => referenceBankListAll();
export const fetchBusinessTypes = () => businessTypeList();
export const fetchBillPlatforms = () => billPlatformListAll();
export const fetchCorpStaff = () => corpReferenceListCorpStaffLight();
export const fetchCorpCustomers = () => customerListOrgCustomer();
export const fetchActiveSuppliers = () => supplierListOrgActiveSupplier();
/** The user's unhandled daily matters (the layout's message list, seed 000 §4). */
export const fetchUnhandledMessages = () => messageListUnHandleMessage();
