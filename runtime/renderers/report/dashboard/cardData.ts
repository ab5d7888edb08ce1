/**
 * What a dashboard card asks its call for, and how it reads the answer. Cards of one page that
 * make the same call with the same arguments share one request (the 工作台's cards all read
 * workbench.summary).
 */
import { useEffect, useRef, useState } from 'react';
import { invoke } from '../../../../api/call';
import type { QueryValue } from '../../../../api/http';
import type { CardQuery } from '../../../router/types';

const pad = (n: number) => String(n).padStart(2, '0');
/** A UTC-based date's calendar day (the arithmetic below runs on China's day shifted into UTC). */
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const CHINA_OFFSET_MS = 8 * 3600_000;

/**
 * A calendar token (`@today`, `@monthStart`, `@yearStart`, `@daysAgo:N`, `@monthsAgo:N`) as a date
 * of China's calendar, whatever zone the browser is set to (the server counts days in China time:
 * at 06:00 in Shanghai a UTC browser would still ask for yesterday); other values as given.
 */
export function calendarValue(value: unknown, now = new Date()): unknown {
  if (typeof value !== 'string' || !value.startsWith('@')) return value;
  const [token, arg] = value.slice(1).split(':');
  const n = Number(arg ?? 0);
  const c = new Date(now.getTime() + CHINA_OFFSET_MS);
  const [y, m, d] = [c.getUTCFullYear(), c.getUTCMonth(), c.getUTCDate()];
  switch (token) {
    case 'today': return ymd(c);
    case 'monthStart': return ymd(new Date(Date.UTC(y, m, 1)));
    case 'yearStart': return ymd(new Date(Date.UTC(y, 0, 1)));
    case 'daysAgo': return ymd(new Date(Date.UTC(y, m, d - n)));
    case 'monthsAgo': return ymd(new Date(Date.UTC(y, m - n, 1)));
    default: return value;
  }
}

export function resolveQuery(query: CardQuery | undefined, now = new Date()): Record<string, QueryValue> {
  return Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, calendarValue(v, now) as QueryValue]));
}

/** The value at a dotted path of an answer (`summary.count`); the answer itself for ``. */
export function valueAt(answer: unknown, path: string | undefined): unknown {
  if (!path) return answer;
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), answer);
}

/** One in-flight or settled request per call and arguments, for the life of a dashboard screen. */
export type CallCache = Map<string, Promise<unknown>>;

export function cachedCall(cache: CallCache, api: string, query: Record<string, QueryValue>): Promise<unknown> {
  const key = `${api} ${JSON.stringify(query)}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = invoke(api, { query }, { silent: true });
    cache.set(key, hit);
  }
  return hit;
}

/** The error text a card shows in place of its figures. */
export function failureText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err ?? '');
  return message ? `加载失败：${message}` : '加载失败';
}

/**
 * A card's answer: undefined while loading, or the error text. A new cache with the same call
 * (a big screen re-reading) keeps the figures shown until the new answer replaces them.
 */
export function useCardData<T = unknown>(cache: CallCache, api: string, query: CardQuery | undefined): { data?: T; error?: string } {
  const key = JSON.stringify(query ?? {});
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const asked = useRef('');
  useEffect(() => {
    let alive = true;
    if (asked.current !== `${api} ${key}`) setState({});
    asked.current = `${api} ${key}`;
    cachedCall(cache, api, resolveQuery(JSON.parse(key) as CardQuery)).then(
      (data) => alive && setState({ data: data as T }),
      (err: unknown) => alive && setState({ error: failureText(err) }),
    );
    return () => { alive = false; };
  }, [cache, api, key]);
  return state;
}
