/**
 * The browser HTTP layer (seed 000 §8). Every call goes through `request`; the generated
 * client in api/generated/ builds on it.
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { clearToken, getToken } from './token';
import { showError } from './toast';

export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  method: string;
  url: string;
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  data?: unknown;
  /** Codes (or true for all) the caller handles itself: no toast is shown for them. */
  silent?: boolean | readonly number[];
  timeout?: number;
}

/** The rejection of every failed call: `code` is the envelope code or HTTP status, 0 when no response came. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const REQUEST_TIMEOUT = 60000;
export const CONNECT_FAILED = '连接服务器失败';

export const http: AxiosInstance = axios.create({ baseURL: '', timeout: REQUEST_TIMEOUT });

/** What a 401 does; replaceable so tests (and a future SSO flow) need not reload the page. */
let onUnauthorized: () => void = () => {
  clearToken();
  if (typeof window !== 'undefined') window.location.reload();
};

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function fillPath(url: string, params?: Record<string, string | number>): string {
  return url.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`缺少路径参数 ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Array values are comma-joined; empty values are dropped so filters left blank don't reach the server. */
export function serializeQuery(query?: Record<string, QueryValue>): Record<string, string> {
  const out: Record<string, string> = {};
  if (!query) return out;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out[key] = value.join(',');
    } else {
      out[key] = String(value);
    }
  }
  return out;
}

function isSilent(silent: RequestOptions['silent'], code: number): boolean {
  if (silent === true) return true;
  return Array.isArray(silent) && silent.includes(code);
}

export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const method = options.method.toUpperCase();
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['access-token'] = token;
  const wrapsBody = method === 'POST' || method === 'PUT' || method === 'PATCH';

  let body: Envelope<T>;
  try {
    const response = await http.request<Envelope<T>>({
      method,
      url: fillPath(options.url, options.params),
      params: serializeQuery(options.query),
      data: wrapsBody ? { data: options.data ?? {} } : undefined,
      headers,
      timeout: options.timeout ?? REQUEST_TIMEOUT,
    });
    body = response.data;
  } catch (err) {
    throw failFromTransport(err, options.silent, token);
  }

  if (body && typeof body === 'object' && 'code' in body && body.code !== 0 && body.code !== undefined) {
    const text = body.msg || 'Error';
    // A 401 without a session (a failed login) is just a message; with one, the session is gone.
    if (body.code === 401 && stillCurrent(token)) onUnauthorized();
    if (!isSilent(options.silent, body.code)) showError(text);
    throw new ApiError(body.code, text, body.code, body.data);
  }
  return (body && typeof body === 'object' && 'data' in body ? body.data : (body as unknown)) as T;
}

/**
 * Whether the session a request was sent with is still this tab's: a request still in flight
 * when the user logged out or switched organisation answers 401 for a session already left, and
 * must not end (reload) the one that follows.
 */
function stillCurrent(token: string | null | undefined): boolean {
  return Boolean(token) && token === getToken();
}

/**
 * What a failed call tells the user. Only axios saying no response came is 连接服务器失败; an
 * error raised here in the browser (a path parameter missing, a bug) is reported as what it is,
 * with a console error, and rethrown unchanged.
 */
function failFromTransport(err: unknown, silent: RequestOptions['silent'], token: string | null | undefined): ApiError {
  if (!axios.isAxiosError(err)) {
    console.error(err);
    showError(err instanceof Error ? err.message : String(err));
    throw err;
  }
  const axiosError = err as AxiosError<Partial<Envelope>>;
  const response = axiosError.response;
  if (!response) {
    if (!isSilent(silent, 0)) showError(CONNECT_FAILED);
    return new ApiError(0, CONNECT_FAILED, 0);
  }
  const status = response.status;
  const payload = response.data && typeof response.data === 'object' ? response.data : undefined;
  const code = typeof payload?.code === 'number' && payload.code !== 0 ? payload.code : status;
  const text = payload?.msg || 'Error';
  if ((status === 401 || code === 401) && token) {
    if (stillCurrent(token)) onUnauthorized();
    return new ApiError(401, text, status, payload?.data);
  }
  // Below 500 the server's own message is what the user can act on (400, 403, 404, 409 ...).
  if (!isSilent(silent, code)) showError(text);
  return new ApiError(code, text, status, payload?.data);
}

/** A file answered by the server, with the name its Content-Disposition gives. */
export interface Downloaded {
  blob: Blob;
  fileName: string;
}

function dispositionName(header: unknown, fallback: string): string {
  const value = typeof header === 'string' ? header : '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(value)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(value)?.[1] ?? fallback;
}

/** A GET that answers a file; failures still arrive as the JSON envelope and become ApiErrors. */
export async function download(options: RequestOptions): Promise<Downloaded> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['access-token'] = token;
  try {
    const response = await http.request<Blob>({
      method: options.method,
      url: fillPath(options.url, options.params),
      params: serializeQuery(options.query),
      headers,
      responseType: 'blob',
      timeout: options.timeout ?? REQUEST_TIMEOUT,
    });
    return { blob: response.data, fileName: dispositionName(response.headers['content-disposition'], 'download.xlsx') };
  } catch (err) {
    const axiosError = err as AxiosError<Blob>;
    if (axiosError?.response?.data instanceof Blob) {
      try {
        axiosError.response.data = JSON.parse(await axiosError.response.data.text()) as never;
      } catch {
        /* not JSON: the status decides */
      }
    }
    throw failFromTransport(err, options.silent, token);
  }
}

/** A multipart POST of one file (field `file`), answered with the usual envelope. */
export async function upload<T = unknown>(options: RequestOptions, file: Blob, fileName = (file as File).name ?? 'upload.xlsx'): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['access-token'] = token;
  const form = new FormData();
  form.append('file', file, fileName);
  let body: Envelope<T>;
  try {
    const response = await http.request<Envelope<T>>({
      method: options.method,
      url: fillPath(options.url, options.params),
      params: serializeQuery(options.query),
      data: form,
      headers,
      timeout: options.timeout ?? REQUEST_TIMEOUT,
    });
    body = response.data;
  } catch (err) {
    throw failFromTransport(err, options.silent, token);
  }
  if (body && typeof body === 'object' && body.code !== 0 && body.code !== undefined) {
    const text = body.msg || 'Error';
    if (!isSilent(options.silent, body.code)) showError(text);
    throw new ApiError(body.code, text, body.code, body.data);
  }
  return body.data;
}

/** Hands a downloaded file to the browser as a save. */
export function saveFile({ blob, fileName }: Downloaded): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
