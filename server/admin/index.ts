/** The named handlers of 组织架构 and 系统管理 (issue 10), for server/handlers/index.ts. */
import type { Handler } from '../crud/context';
import { adminStaffHandlers } from './staff';
import { adminDepartmentHandlers } from './department';
import { adminOrganizationHandlers } from './organization';
import { adminRoleHandlers } from './role';
import { adminSystemHandlers } from './system';
import { adminImportHandlers } from './imports';
import { adminSmsHandlers } from './sms';

export const adminHandlers: Record<string, Handler> = {
  ...adminStaffHandlers,
  ...adminDepartmentHandlers,
  ...adminOrganizationHandlers,
  ...adminRoleHandlers,
  ...adminSystemHandlers,
  ...adminImportHandlers,
  ...adminSmsHandlers,
};
