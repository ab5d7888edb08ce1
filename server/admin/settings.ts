/**
 * System settings (系统配置, DOMAIN §3.8): one typed record per organisation, entity
 * `systemConfig` — a field per setting, its type, range and default declared there. Other areas
 * read a setting with getSetting(db, orgId, 'receiptOverdueDays'): the organisation's value, or
 * the entity default while the organisation has saved none (docs/metamodel.md §5).
 */
import type { Db } from '../db/connect';
import type { EntityRecords } from '../../schemas/generated/entities';
import { loadEntities } from '../schema/load';

type ConfigRecord = EntityRecords['systemConfig'];
/** The setting keys: every field of systemConfig but its bookkeeping. */
export type SettingKey = Exclude<keyof ConfigRecord & string, 'systemConfigId' | 'title' | 'singleton' | 'corpId' | 'orgId' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'>;
/** Decimal settings (strings on the wire) are read as numbers. */
export type SettingValue<K extends SettingKey> = NonNullable<ConfigRecord[K]> extends string ? number : NonNullable<ConfigRecord[K]>;

const BOOKKEEPING = new Set(['title', 'singleton']);

export interface SettingDef { key: string; title: string; type: string; default: unknown; minimum?: number; maximum?: number }

/** Every setting with its title, type and default, in declaration order. */
export function settingDefs(): SettingDef[] {
  const e = loadEntities().systemConfig!;
  return Object.entries(e.fields).filter(([k]) => !BOOKKEEPING.has(k)).map(([key, f]) => ({
    key, title: f.title, type: f.type, default: f.type === 'money' || f.type === 'number' ? (f.default === undefined ? null : String(f.default)) : f.default ?? null,
    ...(f.minimum !== undefined ? { minimum: f.minimum } : {}), ...(f.maximum !== undefined ? { maximum: f.maximum } : {}),
  }));
}

function typed(def: SettingDef, raw: unknown): unknown {
  if (raw === null || raw === undefined) return def.type === 'money' || def.type === 'number' ? (def.default === null ? null : Number(def.default)) : def.default;
  return def.type === 'money' || def.type === 'number' ? Number(raw) : raw;
}

/** The organisation's settings, each as a JS value (decimals as numbers), defaults filled in. */
export async function getSettings(db: Db, orgId: number): Promise<Record<string, unknown>> {
  const row = (await db.selectFrom('systemConfig').selectAll().where('orgId', '=', orgId).executeTakeFirst()) as Record<string, unknown> | undefined;
  return Object.fromEntries(settingDefs().map((d) => [d.key, typed(d, row?.[d.key])]));
}

/** One setting of the organisation, e.g. getSetting(db, s.orgId, 'receiptOverdueDays') → 15. */
export async function getSetting<K extends SettingKey>(db: Db, orgId: number, key: K): Promise<SettingValue<K>> {
  const def = settingDefs().find((d) => d.key === key);
  if (!def) throw new Error(`unknown setting ${key}`);
  const row = (await db.selectFrom('systemConfig').select(key).where('orgId', '=', orgId).executeTakeFirst()) as Record<string, unknown> | undefined;
  return typed(def, row?.[key]) as never;
}
