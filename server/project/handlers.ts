/** Named handlers of the contract and project area (DOMAIN §6.3, §6.4). */
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../http/errors';
import { crudHandlers } from '../crud/handlers';
import { scoped } from '../crud/scope';
import { requireEntity, type Handler } from '../crud/context';
import { contractReadPermission } from './common';
import { printHandlers } from './print';
import { bulkSettleHandlers } from './bulk-settle';
import { insuranceHandlers } from './insurance';
import { wholeProcessHandlers } from './whole-process';

/** A contract's detail, readable only with the permission of its type (the dispatch roles see cost contracts). */
const contractGet: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = Number(ctx.params.contractId);
  const row = Number.isSafeInteger(id)
    ? ((await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).select(['contractType']).where('contractId', '=', id).executeTakeFirst()) as { contractType: number } | undefined)
    : undefined;
  if (!row) throw notFound(MSG.notFound);
  if (!hasPermission(ctx.session?.permissions ?? [], contractReadPermission(Number(row.contractType)))) throw new HttpError(403, MSG.forbidden);
  return crudHandlers['crud.get']!(ctx);
};

export const projectHandlers: Record<string, Handler> = {
  'contract.get': contractGet,
  ...printHandlers,
  ...bulkSettleHandlers,
  ...insuranceHandlers,
  ...wholeProcessHandlers,
};
