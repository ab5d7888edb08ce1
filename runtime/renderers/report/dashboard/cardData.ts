/**
 * What a dashboard card asks its call for, and how it reads the answer. Cards of one page that
 * make the same call with the same arguments share one request (the 工作台's cards all read
 * workbench.summary).
 */
import { useEffect, useState } from 'react';
import { invoke } from '../../../../api/call';
import type { QueryValue } from '../../../../api/http';
import type { CardQuery } from '../../../router/types';

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A calendar token (`@today`, `@monthStart`, `@yearStart`, `@daysAgo:N`, `@monthsAgo:N`) as a date; other values as given. */
export function calendarValue(value: unknown, now = new Date()): unknown {
  if (typeof value !== 'string' || !value.startsWith('@')) return value;
  const [token, arg] = value.slice(1).split(':');
  const n = Number(arg ?? 0);
  switch (token) {
    case 'today': return ymd(now);
    case 'monthStart': return ymd(new Date(now.getFullYear(), now.getMonth(), 1));
    case 'yearStart': return ymd(new Date(now.getFullYear(), 0, 1));
    case 'daysAgo': return ymd(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
    case 'monthsAgo': return ymd(new Date(now.getFullYear(), now.getMonth() - n, 1));
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

/** A card's answer: undefined while loading, or the error text. */
export function useCardData<T = unknown>(cache: CallCache, api: string, query: CardQuery | undefined): { data?: T; error?: string } {
  const key = JSON.stringify(query ?? {});
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  useEffect(() => {
    let alive = true;
    setState({});
    cachedCall(cache, api, resolveQuery(JSON.parse(key) as CardQuery)).then(
      (data) => alive && setState({ data: data as T }),
      (err: unknown) => alive && setState({ error: failureText(err) }),
    );
    return () => { alive = false; };
  }, [cache, api, key]);
  return state;
}
