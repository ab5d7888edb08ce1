/** The shell's cached reference lists; switching organisation or logging out clears them. */
import { fetchOrgs } from '../../api/auth';
import {
  fetchActiveSuppliers, fetchBanks, fetchUnhandledMessages, fetchBillPlatforms, fetchBusinessTypes, fetchCorpCustomers, fetchCorpStaff, fetchDepartments, fetchRegionTree, fetchStaff,
} from '../../api/reference';
import { cachedList } from './cache';

export const staffList = cachedList(fetchStaff);
export const departmentList = cachedList(fetchDepartments);
export const regionTree = cachedList(fetchRegionTree);
export const bankList = cachedList(fetchBanks);
export const organisationList = cachedList(fetchOrgs);
export const businessTypeList = cachedList(fetchBusinessTypes);
export const billPlatformList = cachedList(fetchBillPlatforms);
export const corpStaffList = cachedList(fetchCorpStaff);
export const corpCustomerList = cachedList(fetchCorpCustomers);
export const activeSupplierList = cachedList(fetchActiveSuppliers);
export const unhandledMessageList = cachedList(fetchUnhandledMessages);

export function clearReferenceCaches(): void {
  [staffList, departmentList, regionTree, bankList, organisationList, businessTypeList, billPlatformList, corpStaffList, corpCustomerList, activeSupplierList, unhandledMessageList]
    .forEach((list) => list.clear());
}
