/** `contract.*` handlers (DOMAIN §6.3): a contract's detail for the roles that may read it. */
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../http/errors';
import { crudHandlers } from '../crud/handlers';
import { scoped } from '../crud/scope';
import { requireEntity, type Handler } from '../crud/context';
import { contractReadPermission } from './common';

const DISPATCH_READERS = '调度:查看|调度:编辑|调度:额外操作';

/** A contract's detail, readable with the permission of its type, or by the dispatch roles. */
const contractGet: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = Number(ctx.params.contractId);
  const row = Number.isSafeInteger(id)
    ? ((await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).select(['contractType']).where('contractId', '=', id).executeTakeFirst()) as { contractType: number } | undefined)
    : undefined;
  if (!row) throw notFound(MSG.notFound);
  // The dispatch roles the call names schedule the transport of both kinds of contract: they read
  // either; the contract roles read their own kind only.
  const readers = `${contractReadPermission(Number(row.contractType))}|${DISPATCH_READERS}`;
  if (!hasPermission(ctx.session?.permissions ?? [], readers)) throw new HttpError(403, MSG.forbidden);
  return crudHandlers['crud.get']!(ctx);
};

export const contractHandlers: Record<string, Handler> = {
  'contract.get': contractGet,
};
