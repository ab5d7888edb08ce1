/** sso.* handlers: ticket issue (integrating system) and ticket exchange (browser). */
import type { Handler } from '../crud/context';
import { HttpError, badRequest } from '../http/errors';
import { createSession } from '../auth/sessions';
import { staffPermissions } from '../auth/permissions';
import { SSO_MSG, SSO_TICKET_SECONDS, assertClientKey, issueTicket, redeemTicket, routerFor, safeRouter } from './tickets';

interface Member { accountId: number; staffId: number; orgId: number; corpId: number; disabled: boolean; isDefault: boolean; defaultStaffId: number | null }

const issue: Handler = async (ctx) => {
  assertClientKey(ctx.request.headers['x-sso-key']);
  const username = String(ctx.body.username ?? '').trim();
  const members = (await ctx.db
    .selectFrom('account as a')
    .innerJoin('staff as s', 's.accountId', 'a.accountId')
    .innerJoin('organization as o', 'o.orgId', 's.orgId')
    .select(['a.accountId', 's.staffId', 's.orgId', 's.corpId', 'o.disabled', 's.isDefault', 'a.defaultStaffId'])
    .where('a.username', '=', username)
    .where('a.disabled', 'is not', true)
    .where('s.resigned', 'is not', true)
    .orderBy('s.orgId')
    .execute()) as Member[];
  if (!members.length) throw badRequest(SSO_MSG.noUser);
  const wanted = ctx.body.orgId ?? undefined;
  const m = wanted !== undefined
    ? members.find((x) => x.orgId === wanted)
    : members.find((x) => x.staffId === x.defaultStaffId && !x.disabled) ?? members.find((x) => !x.disabled);
  if (!m) throw badRequest(wanted !== undefined ? SSO_MSG.noUser : SSO_MSG.orgDisabled);
  if (m.disabled) throw badRequest(SSO_MSG.orgDisabled);
  const ticket = await issueTicket(ctx.db, { ...m, router: safeRouter(ctx.body.router), client: 'x-sso-key' });
  ctx.request.log.info({ accountId: m.accountId, orgId: m.orgId }, 'sso ticket issued');
  return { ticket, expiresIn: SSO_TICKET_SECONDS };
};

async function exchange(ctx: Parameters<Handler>[0], routerId: string) {
  const subject = await redeemTicket(ctx.db, String(ctx.query.ticket ?? ''));
  const staff = (await ctx.db.selectFrom('staff').select(['corpId', 'resigned']).where('staffId', '=', subject.staffId).executeTakeFirst()) as
    | { corpId: number; resigned: boolean | null }
    | undefined;
  if (!staff || staff.resigned) throw new HttpError(401, SSO_MSG.noUser);
  if (!(await staffPermissions(ctx.db, subject.staffId, subject.orgId)).length) throw new HttpError(403, '您没有权限登录系统!');
  const token = await createSession(ctx.db, { accountId: subject.accountId, staffId: subject.staffId, orgId: subject.orgId, corpId: staff.corpId, ip: ctx.request.ip });
  return { token, router: routerFor(routerId, subject.router) };
}

export const ssoHandlers: Record<string, Handler> = {
  'sso.issueTicket': issue,
  'sso.login': (ctx) => exchange(ctx, String(ctx.params.routerId)),
  // The hosted variant has no router id in its address: the ticket's own router decides.
  'sso.loginSaas': (ctx) => exchange(ctx, ''),
};
