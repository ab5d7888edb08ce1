/**
 * 员工岗位 reads the warehouse screens keep as reference lists (seed 002 §3.2 "Staff-post lists:
 * schedule, storage, leader, crane, operator staff", §7.7 config calls). A person may hold several
 * posts, one row each (the unique index refuses the same post twice); staff who left or were
 * disabled are no longer offered.
 */
import { requireSession, type Handler } from '../crud/context';
import { scopedQueries } from '../crud/scope';

type Row = Record<string, any>;

async function postRows(ctx: Parameters<Handler>[0], post?: number): Promise<Row[]> {
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  let query = q.select('staffPost')
    .innerJoin('staff', 'staff.staffId', 'staff_post.staffId')
    .select(['staff_post.recordId', 'staff_post.post', 'staff_post.staffId', 'staff_post.warehouseId', 'staff.name', 'staff.mobile'])
    .where('staff.resigned', '=', false).where('staff.disabled', '=', false);
  if (post !== undefined) query = query.where('staff_post.post', '=', post);
  return (await query.orderBy('staff_post.post').orderBy('staff.name').orderBy('staff_post.recordId').execute()) as Row[];
}

/** GET config/staff-post/data-all[?post=]: the staff of each post, one row per person and post. */
const dataAll: Handler = async (ctx) => {
  const post = ctx.query.post === undefined || ctx.query.post === '' ? undefined : Number(ctx.query.post);
  return (await postRows(ctx, post)).map((r) => ({
    recordId: Number(r.recordId), post: Number(r.post), staffId: Number(r.staffId), name: r.name, mobile: r.mobile ?? null,
    warehouseId: r.warehouseId === null || r.warehouseId === undefined ? null : Number(r.warehouseId),
  }));
};

/** GET config/staff-post/list-all-no-duplicate: each person holding a post once, with all their posts (the crew pickers). */
const listAllNoDuplicate: Handler = async (ctx) => {
  const byStaff = new Map<number, { staffId: number; name: string; mobile: string | null; posts: number[] }>();
  for (const r of await postRows(ctx)) {
    const id = Number(r.staffId);
    const entry = byStaff.get(id) ?? { staffId: id, name: String(r.name), mobile: r.mobile ?? null, posts: [] as number[] };
    entry.posts.push(Number(r.post));
    byStaff.set(id, entry);
  }
  return [...byStaff.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.staffId - b.staffId);
};

export const staffPostHandlers: Record<string, Handler> = {
  'staffPost.dataAll': dataAll,
  'staffPost.listAllNoDuplicate': listAllNoDuplicate,
};
