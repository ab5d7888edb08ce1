import { sql } from 'kysely';
import type { Handler, HandlerContext } from '../crud/context';
import { requireSession } from '../crud/context';
import { notFound } from '../http/errors';
import { revokeOrgSessions } from '../auth/sessions';

/** Active organisations for the login page's selector (no session, so no group to scope by). */
const anonymousList: Handler = async (ctx) =>
  ctx.db.selectFrom('organization').select(['orgId', 'name']).where('disabled', 'is not', true).orderBy('orgId').execute();

async function setDisabled(ctx: HandlerContext, disabled: boolean) {
  const s = requireSession(ctx);
  const orgId = Number(ctx.params.orgId);
  const row = await ctx.db.transaction().execute((trx) =>
    trx.updateTable('organization')
      .set({ disabled, version: sql`version + 1`, updatedAt: sql`now()`, updatedBy: s.staffId })
      .where('orgId', '=', orgId)
      .where('corpId', '=', s.corpId)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw notFound();
  // Sessions bound to a disabled organisation end at once, not at their idle expiry.
  if (disabled) await revokeOrgSessions(ctx.db, orgId);
  return row;
}

export const organizationHandlers: Record<string, Handler> = {
  'organization.anonymousList': anonymousList,
  'organization.disable': (ctx) => setDisabled(ctx, true),
  'organization.enable': (ctx) => setDisabled(ctx, false),
};
