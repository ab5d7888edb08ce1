/**
 * userPreference.* handlers: a person's own screen settings (a list's columns and density). Kept
 * by account, not by staff record, so they follow the person into another organisation of the
 * group; no call takes an account id, so nobody reads or writes another person's settings.
 */
import { sql } from 'kysely';
import { type Handler, requireSession } from '../crud/context';

/** Enough for every list of every screen several times over; a runaway client can't fill the table. */
export const MAX_PREFERENCES = 500;

const all: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const rows = await ctx.db.selectFrom('userPreference').select(['prefKey', 'value']).where('accountId', '=', s.accountId).execute();
  return Object.fromEntries(rows.map((r: any) => [r.prefKey, r.value]));
};

const save: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { prefKey, value } = ctx.body as { prefKey: string; value: Record<string, unknown> };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('userPreference')
      .values({ accountId: s.accountId, prefKey, value: JSON.stringify(value) })
      .onConflict((oc: any) => oc.columns(['accountId', 'prefKey']).doUpdateSet({ value: JSON.stringify(value), updatedAt: sql`now()` }))
      .execute();
    // Past the cap the settings touched longest ago go: they are the ones the person forgot.
    await sql`delete from user_preference where account_id = ${s.accountId} and pref_key in (
      select pref_key from user_preference where account_id = ${s.accountId} order by updated_at desc offset ${MAX_PREFERENCES})`.execute(trx);
  });
  return null;
};

const remove: Handler = async (ctx) => {
  const s = requireSession(ctx);
  await ctx.db.deleteFrom('userPreference').where('accountId', '=', s.accountId).where('prefKey', '=', String(ctx.query.prefKey)).execute();
  return null;
};

export const userPreferenceHandlers: Record<string, Handler> = {
  'userPreference.all': all,
  'userPreference.save': save,
  'userPreference.remove': remove,
};
