/** Named handlers of 商务拓展 and 收入 (registered in server/handlers/index.ts). */
import type { Handler } from '../crud/context';
import { customerHandlers } from './customer';
import { driverIncomeHandlers } from './driverIncome';

export const bizHandlers: Record<string, Handler> = {
  ...customerHandlers,
  ...driverIncomeHandlers,
};
