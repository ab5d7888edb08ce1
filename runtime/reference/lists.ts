/** The shell's cached reference lists; switching organisation or logging out clears them. */
import { fetchOrgs } from '../../api/auth';
import { fetchBanks, fetchDepartments, fetchRegionTree, fetchStaff } from '../../api/reference';
import { cachedList } from './cache';

export const staffList = cachedList(fetchStaff);
export const departmentList = cachedList(fetchDepartments);
export const regionTree = cachedList(fetchRegionTree);
export const bankList = cachedList(fetchBanks);
export const organisationList = cachedList(fetchOrgs);

export function clearReferenceCaches(): void {
  [staffList, departmentList, regionTree, bankList, organisationList].forEach((list) => list.clear());
}
