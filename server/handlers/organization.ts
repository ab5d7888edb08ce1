import { sql } from 'kysely';
import type { Handler, HandlerContext } from '../crud/context';
import { requireSession } from '../crud/context';
import { HttpError, MSG, conflict, notFound } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { crudHandlers } from '../crud/handlers';
import { revokeOrgSessions } from '../auth/sessions';

/** Active organisations for the login page's selector (no session, so no group to scope by). */
const anonymousList: Handler = async (ctx) =>
  ctx.db.selectFrom('organization').select(['orgId', 'name']).where('disabled', 'is not', true).orderBy('orgId').execute();

async function setDisabled(ctx: HandlerContext, disabled: boolean) {
  const s = requireSession(ctx);
  const orgId = Number(ctx.params.orgId);
  const { version } = ctx.body as { version?: number };
  const row = await ctx.db.transaction().execute(async (trx) => {
    const prev = (await trx.selectFrom('organization').selectAll().where('orgId', '=', orgId).where('corpId', '=', s.corpId).forUpdate().executeTakeFirst()) as Record<string, any> | undefined;
    if (!prev) throw notFound();
    // The version the caller saw, when it sends one (a list's row action may not).
    if (version !== undefined && prev.version !== version) throw conflict(MSG.stale);
    if (disabled && !prev.disabled) {
      // Nobody locks everyone out: not the organisation one is working in, not the group's last one.
      if (orgId === s.orgId) throw conflict('不能禁用当前登录的单位，请切换到其他单位后再操作');
      const others = (await trx.selectFrom('organization').select('orgId').where('corpId', '=', s.corpId).where('orgId', '!=', orgId)
        .where('disabled', 'is not', true).limit(1).execute()).length;
      if (!others) throw conflict('不能禁用集团内最后一个启用的单位');
    }
    return trx.updateTable('organization')
      .set({ disabled, version: sql`version + 1`, updatedAt: sql`now()`, updatedBy: s.staffId })
      .where('orgId', '=', orgId)
      .where('corpId', '=', s.corpId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  // Sessions bound to a disabled organisation end at once, not at their idle expiry.
  if (disabled) await revokeOrgSessions(ctx.db, orgId);
  return row;
}

/**
 * 集团管理 manages every organisation of the group; 公司管理 only its own. Without 集团管理 a
 * sibling organisation is another tenant (docs/decisions.md, "Sibling organisations"): its
 * record is not found and it is not listed, as with any other organisation-scoped row.
 */
export const GROUP_MANAGEMENT = '集团管理';

export const seesWholeGroup = (ctx: HandlerContext) => hasPermission(requireSession(ctx).permissions, GROUP_MANAGEMENT);

const get: Handler = async (ctx) => {
  if (!seesWholeGroup(ctx) && Number(ctx.params.orgId) !== requireSession(ctx).orgId) throw notFound();
  return crudHandlers['crud.get']!(ctx);
};

const list: Handler = async (ctx) => {
  const rows = (await crudHandlers['crud.list']!(ctx)) as { orgId: number }[];
  return seesWholeGroup(ctx) ? rows : rows.filter((r) => r.orgId === requireSession(ctx).orgId);
};

const update: Handler = async (ctx) => {
  const s = requireSession(ctx);
  if (Number(ctx.params.orgId) !== s.orgId && !hasPermission(s.permissions, GROUP_MANAGEMENT)) {
    throw new HttpError(403, '只能修改本单位的信息');
  }
  return crudHandlers['crud.update']!(ctx);
};

export const organizationHandlers: Record<string, Handler> = {
  'organization.anonymousList': anonymousList,
  'organization.disable': (ctx) => setDisabled(ctx, true),
  'organization.enable': (ctx) => setDisabled(ctx, false),
  'organization.update': update,
  'organization.get': get,
  'organization.list': list,
};
