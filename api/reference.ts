/** Reference lists of seed 000 §7.2 read by the shell's cached reference layer. */
import { request } from './http';

export interface StaffItem { staffId: number; name: string; depId?: number }
export interface DepartmentItem { depId: number; name: string; parentId?: number | null }
export interface RegionNode { regionId: number | string; parentId?: number | string | null; name: string; children?: RegionNode[] | null }
export interface BankItem { bankId: number; bankCode: string; bankName: string }

const BASE = '/api/v1/user-base';

export const fetchStaff = () => request<StaffItem[]>({ method: 'GET', url: `${BASE}/staff/list-local-org-staff-light` });
export const fetchDepartments = () => request<DepartmentItem[]>({ method: 'GET', url: `${BASE}/department/list-org-department` });
export const fetchRegionTree = () => request<RegionNode[]>({ method: 'GET', url: `${BASE}/region/tree` });
export const fetchBanks = () => request<BankItem[]>({ method: 'GET', url: `${BASE}/bank/list-all` });

export interface BusinessTypeItem { businessTypeId: number; name: string; code?: string }
export interface BillPlatformItem { billPlatformId: number; name: string; website?: string }
export interface CorpStaffItem { staffId: number; name: string; orgId: number; orgName: string }
export interface CustomerItem { customerId: number; name: string; shortName?: string; verifyStatus?: number }
export interface SupplierItem { supplierId: number; name: string; shortName?: string; status?: number }

export const fetchBusinessTypes = () => request<BusinessTypeItem[]>({ method: 'GET', url: '/api/v1/project-base/business-type/list' });
export const fetchBillPlatforms = () => request<BillPlatformItem[]>({ method: 'GET', url: `${BASE}/bill-platform/list-all` });
export const fetchCorpStaff = () => request<CorpStaffItem[]>({ method: 'GET', url: `${BASE}/staff/list-corp-staff-light` });
export const fetchCorpCustomers = () => request<CustomerItem[]>({ method: 'GET', url: `${BASE}/customer/list-org-customer` });
export const fetchActiveSuppliers = () => request<SupplierItem[]>({ method: 'GET', url: `${BASE}/supplier/list-org-active-supplier` });

export interface MatterItem { messageId: number; type: number; name?: string; message: string; messageDate?: string }
/** The user's unhandled daily matters (the layout's message list, seed 000 §4). */
export const fetchUnhandledMessages = () => request<MatterItem[]>({ method: 'GET', url: '/api/v1/message-base/message/list-un-handle-message' });
