/** A paged list whose rows the caller's rule narrows (a where callback), with the generic list's refs and approvable ids. */
import type { SelectQueryBuilder } from 'kysely';
import type { HandlerContext } from '../crud/context';
import { requireEntity } from '../crud/context';
import { badRequest } from '../http/errors';
import { COUNT_CAP, PAGE_TOTAL, filteredQuery, orderBy, readCappedCount, selection, withCappedCount, cappedCount } from '../crud/query';
import { presentInList } from '../crud/values';
import { collectIds, titlesAndIdSets } from '../crud/refs';
import { approvableQuery } from '../crud/approval';

type Narrow = (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;

export async function narrowedPage(ctx: HandlerContext, narrow: Narrow, query: Record<string, any> = ctx.query) {
  const entity = requireEntity(ctx);
  const options = ctx.entry.options ?? {};
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.pageSize) || 20));
  if ((pageNo - 1) * pageSize >= COUNT_CAP) throw badRequest(`最多查看前${COUNT_CAP}条记录，请缩小查询范围`);
  const base = narrow(filteredQuery(ctx.db, entity, options, query, ctx.session, ctx.entities));
  const rows = (await withCappedCount(orderBy(selection(base, entity, options), entity, options, query), base)
    .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Record<string, any>[];
  const counted = rows.length ? readCappedCount(rows[0]![PAGE_TOTAL]) : pageNo === 1 ? { total: 0, capped: false } : await cappedCount(base, ctx.db);
  for (const r of rows) delete r[PAGE_TOTAL];
  const list = rows.map((r) => presentInList(entity, r));
  const { refs, sets } = await titlesAndIdSets(ctx.db, ctx.session, ctx.entities, collectIds(entity, list, new Map(), ctx.entities), {
    approvable: approvableQuery(ctx.db, ctx.session, entity, list.map((r) => Number(r[entity.idField]))),
  });
  const approvable = sets.approvable ?? [];
  return {
    list, total: counted.total, pageNo, pageSize,
    ...(Object.keys(refs).length ? { refs } : {}),
    ...(approvable.length ? { approvable } : {}),
  };
}
