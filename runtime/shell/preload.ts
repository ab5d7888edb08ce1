/**
 * Layout preload (seed 000 §4, 002 §7.11): the reference lists the business screens share,
 * loaded once through the cached layer in runtime/reference. Each failure is logged and leaves
 * that list empty for a later retry; the organisation list is emptied on failure (§8).
 *
 * Location by IP: the product runs without internet access and no maps key, so there is no IP
 * lookup; the session's organisation (its region code) is what screens use as "where I am".
 * The daily message count belongs to the real-time client, which loads it when it connects and
 * keeps it current from pushes (runtime/realtime), so it is not loaded twice here; the list of
 * unhandled matters is preloaded with the other lists.
 */
import {
  activeSupplierList, bankList, billPlatformList, businessTypeList, corpCustomerList, corpStaffList, organisationList, regionTree, staffList,
  unhandledMessageList,
} from '../reference/lists';
import type { CachedList } from '../reference/cache';

export const PRELOADED: Record<string, CachedList<unknown>> = {
  businessTypes: businessTypeList,
  billPlatforms: billPlatformList,
  banks: bankList,
  regionTree,
  staff: staffList,
  corpStaff: corpStaffList,
  corpCustomers: corpCustomerList,
  activeSuppliers: activeSupplierList,
  messages: unhandledMessageList,
};

export async function preloadReferences(): Promise<void> {
  const loads = Object.entries(PRELOADED).map(([name, list]) =>
    list.get().catch((err) => console.error(`preload ${name} failed`, err)),
  );
  loads.push(
    organisationList.get().catch((err) => {
      console.error('preload organisations failed', err);
      organisationList.clear();
    }),
  );
  await Promise.all(loads);
}
