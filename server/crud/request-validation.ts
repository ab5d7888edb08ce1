/** Validation of params, query and body.data with the catalogue's own schemas (shared ajv). */
import type { ValidateFunction } from 'ajv';
import { ajvErrorField, createAjv, formatAjvErrors } from '../../schemas/src/ajv';
import { HttpError, MSG } from '../http/errors';
import type { CatalogueEntry, JsonSchema } from '../schema/types';

const bodyAjv = createAjv();
// Query strings and path segments are text: numbers and booleans are coerced before checking.
const textAjv = createAjv({ coerceTypes: true });

export interface EntryValidators {
  params?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}

export function compileEntry(entry: CatalogueEntry): EntryValidators {
  return {
    params: entry.params ? textAjv.compile(entry.params) : undefined,
    query: entry.query ? textAjv.compile(entry.query) : undefined,
    body: entry.body ? bodyAjv.compile(entry.body) : undefined,
  };
}

function isArraySchema(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  const t = s.type;
  return t === 'array' || (Array.isArray(t) && t.includes('array'));
}

/** Array-typed query properties arrive comma-joined (seed 000 §7): verifyStatus=5,15. */
export function splitQuery(schema: JsonSchema | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (isArraySchema(props[k])) {
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter((x) => x !== '');
      out[k] = parts;
    } else {
      out[k] = v;
    }
  }
  return out;
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/**
 * Path and query values are text that ajv coerces with JavaScript's Number(): '0x10' would
 * become 16, '1e1' 10, ' 7 ' 7. Only plain decimal text may stand for a number.
 */
function plainDecimals(schema: JsonSchema | undefined, value: unknown): { msg: string; field: string } | null {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema & { title?: string }>;
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const p = props[k];
    if (!p) continue;
    const item = (isArraySchema(p) ? (p.items as JsonSchema | undefined) : p) ?? {};
    const types = ([] as unknown[]).concat(item.type ?? []);
    const pattern = types.includes('integer') ? INTEGER_TEXT : types.includes('number') ? NUMBER_TEXT : null;
    if (!pattern) continue;
    for (const x of Array.isArray(v) ? v : [v]) {
      if (typeof x === 'string' && !pattern.test(x)) return { msg: `${p.title ?? k}应为${types.includes('integer') ? '整数' : '数字'}`, field: k };
    }
  }
  return null;
}

export function check(validate: ValidateFunction | undefined, value: unknown): void {
  if (!validate) return;
  const notDecimal = plainDecimals(validate.schema as JsonSchema, value);
  if (notDecimal) throw new HttpError(400, notDecimal.msg, { field: notDecimal.field });
  if (!validate(value)) {
    const field = ajvErrorField(validate.errors?.[0]);
    throw new HttpError(400, formatAjvErrors(validate.errors, validate.schema as any), field ? { field } : null);
  }
}

/**
 * The body every call reads: POST and PUT send {data: ...} (an object where the call declares
 * no body of its own: an action's {id, version}); DELETE sends none. Uploads (multipart, kept raw
 * as a Buffer) are read by their handlers.
 */
export function unwrapBody(entry: CatalogueEntry, method: string, body: unknown): unknown {
  if (method === 'DELETE') {
    if (body !== undefined && body !== '') throw new HttpError(400, '删除请求不接受请求体');
    return undefined;
  }
  if (method !== 'POST' && method !== 'PUT') return undefined;
  if (Buffer.isBuffer(body) && !entry.body) return undefined;
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);
  if (!isObject || !('data' in (body as object))) throw new HttpError(400, MSG.bodyShape);
  // The OpenAPI body is {data} with additionalProperties false: a key beside it is refused, not ignored.
  const extra = Object.keys(body as object).find((k) => k !== 'data');
  if (extra !== undefined) throw new HttpError(400, `${MSG.bodyShape}，不允许的字段：${extra.slice(0, 50)}`);
  const data = (body as any).data;
  if (!entry.body && (data === null || typeof data !== 'object' || Array.isArray(data))) throw new HttpError(400, MSG.bodyShape);
  return data;
}

/**
 * A confirmation (a property whose schema says `x-sameAs`: 确认新密码) only repeats another value:
 * once the body passed its checks it is dropped, so no handler is handed a copy it does not want.
 */
export function dropConfirmations(schema: JsonSchema | undefined, body: unknown): void {
  if (!schema || !body || typeof body !== 'object' || Array.isArray(body)) return;
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [k, p] of Object.entries(props)) if (p && typeof p === 'object' && 'x-sameAs' in p) delete (body as Record<string, unknown>)[k];
}
