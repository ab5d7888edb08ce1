/**
 * Calls a catalogue entry by the id a page definition names ('customer.save'). Page files are
 * data, so their ids are plain strings: unknown ids reject instead of failing to type-check.
 */
import { callApi, catalogue, type CallOptions, type CatalogueId } from './generated/client';
import { download, upload, type Downloaded, type QueryValue } from './http';
import { hasPermission } from '../schemas/src/permission';

export interface CallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export type { CallOptions };

export function isCatalogueId(id: string): id is CatalogueId {
  return Object.prototype.hasOwnProperty.call(catalogue, id);
}

const writeListeners = new Set<(id: string) => void>();

/** Told the id of every write call (not GET) that succeeded: counts shown elsewhere may have changed. */
export function onWrite(listener: (id: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

export function invoke<T = unknown>(id: string, args: CallArgs = {}, options: CallOptions = {}): Promise<T> {
  if (!isCatalogueId(id)) return Promise.reject(new Error(`unknown api ${id}`));
  const call = callApi<T>(id, { params: args.params, query: args.query, data: args.body }, options);
  if ((catalogue[id] as { method: string }).method !== 'GET') call.then(() => writeListeners.forEach((l) => l(id)), () => undefined);
  return call;
}

function entryOf(id: string) {
  if (!isCatalogueId(id)) throw new Error(`unknown api ${id}`);
  return catalogue[id] as { method: string; path: string };
}

/** The path template of a catalogue entry ('{scheduleId}/dispatch'): screen actions fill it from the record. */
export function entryPath(id: string): string {
  if (!isCatalogueId(id)) throw new Error(`未知接口 ${id}`);
  return (catalogue[id] as { path: string }).path;
}

/**
 * Whether a user holding `held` may make a call: the browser hides what the server would refuse
 * with 403 (a detail tab reading another screen's list), it never decides for the server.
 */
export function mayCall(id: string, held: readonly string[]): boolean {
  if (!isCatalogueId(id)) return false;
  return hasPermission(held, (catalogue[id] as { permission: string }).permission);
}

/** Whether an entry's body declares the record's version (an action checked against it). */
export function takesVersion(id: string): boolean {
  return isCatalogueId(id) && (catalogue[id] as { version?: boolean }).version === true;
}

/** A catalogue entry that answers a file (exports, import templates). */
export async function invokeDownload(id: string, args: CallArgs = {}, options: CallOptions = {}): Promise<Downloaded> {
  const entry = entryOf(id);
  return download({ method: entry.method, url: entry.path, params: args.params, query: args.query, ...options });
}

/** A catalogue entry that takes one uploaded file (imports). */
export async function invokeUpload<T = unknown>(id: string, file: Blob, args: CallArgs = {}, options: CallOptions = {}): Promise<T> {
  const entry = entryOf(id);
  return upload<T>({ method: entry.method, url: entry.path, params: args.params, query: args.query, ...options }, file);
}
