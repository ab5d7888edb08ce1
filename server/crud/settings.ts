/**
 * An organisation's system settings (系统配置, DOMAIN §3.8: one row per `configKey` with a JSON
 * `value`), read by rules that depend on them (approval node conditions, margin alerts). When the
 * organisation has not set a key — or the settings entity is not part of this build — the
 * caller's default applies, so a rule never silently disappears.
 */
import type { Db } from '../db/connect';
import type { EntityMap } from '../schema/types';

export async function numericSetting(db: Db, entities: EntityMap, orgId: number, key: string, fallback: number | null): Promise<number | null> {
  const e = entities.systemConfig;
  if (!e || !e.fields.configKey || !e.fields.value) return fallback;
  let q = db.selectFrom(e.table).select('value').where('configKey', '=', key);
  if (e.tenant === 'org') q = q.where('orgId', '=', orgId);
  const row = (await q.executeTakeFirst()) as { value: unknown } | undefined;
  const raw = row?.value && typeof row.value === 'object' && !Array.isArray(row.value) && 'value' in (row.value as object) ? (row.value as { value: unknown }).value : row?.value;
  const n = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) ? n : fallback;
}
