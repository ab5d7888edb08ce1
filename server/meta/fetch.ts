/**
 * GET meta/fetch/{entity}/{id}: what a form needs of a picked record to fill its declared
 * fill-ins — only the fields some entity names as a `fetchFrom` source of this target, under
 * the same permission and tenant scoping as the target's picker (meta/options/{entity}).
 */
import { HttpError, MSG, notFound } from '../http/errors';
import type { Handler } from '../crud/context';
import { scoped } from '../crud/scope';
import { fetchSources } from '../../schemas/src/fill-ins';
import { mayPick } from './pick-permissions';

export const fetchValues: Handler = async (ctx) => {
  const entity = ctx.entities[String(ctx.params.entity)];
  if (!entity) throw notFound('不存在的业务类别');
  const fields = fetchSources(ctx.entities, entity.name);
  if (!entity.lookup || !fields.length) throw notFound('该类别不提供带出字段');
  if (!mayPick(ctx.catalogue, ctx.entities, entity.name, ctx.session?.permissions ?? [])) throw new HttpError(403, MSG.forbidden);
  const row = (await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session)
    .select(fields).where(entity.idField, '=', Number(ctx.params.id)).executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw notFound(MSG.notFound);
  return row;
};
