/**
 * Turns every error into the {code,msg,data} envelope with the HTTP status as code.
 * Stack traces and driver messages never reach the caller.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, MSG } from './errors';
import { fail } from './envelope';

export interface ErrorMapping { status: number; msg: string; data?: unknown }

/** PostgreSQL errors a caller can cause with bad input; unique-index messages come from the entities. */
function fromDatabase(err: any, uniqueMessages: Map<string, { msg: string; field?: string }>): ErrorMapping | null {
  const code: unknown = err?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') {
    const unique = uniqueMessages.get(err.constraint);
    return { status: 409, msg: unique?.msg ?? MSG.duplicate, data: unique?.field ? { field: unique.field } : null };
  }
  if (code === '23503') return { status: 409, msg: '存在关联数据，无法完成操作' };
  if (code === '23502' || code.startsWith('22')) return { status: 400, msg: MSG.badData };
  if (code === '40001' || code === '40P01') return { status: 409, msg: '操作冲突，请重试' };
  return null;
}

function fromFastify(err: FastifyError): ErrorMapping | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, msg: MSG.badJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 413, msg: MSG.tooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { status: 415, msg: MSG.mediaType };
  }
  if (err instanceof SyntaxError && err.statusCode === 400) return { status: 400, msg: MSG.badJson };
  const s = err.statusCode;
  if (s === 413) return { status: 413, msg: MSG.tooLarge };
  if (s === 415) return { status: 415, msg: MSG.mediaType };
  if (s === 404) return { status: 404, msg: MSG.routeNotFound };
  if (s === 405) return { status: 405, msg: MSG.methodNotAllowed };
  if (s === 429) return { status: 429, msg: '请求过于频繁，请稍后再试' };
  if (s && s >= 400 && s < 500) return { status: s, msg: MSG.badRequest };
  return null;
}

export function mapError(err: unknown, uniqueMessages: Map<string, { msg: string; field?: string }>): ErrorMapping {
  if (err instanceof HttpError) return { status: err.status, msg: err.message, data: err.data };
  return fromDatabase(err, uniqueMessages) ?? fromFastify(err as FastifyError) ?? { status: 500, msg: MSG.internal };
}

export function installErrorHandler(app: FastifyInstance, uniqueMessages: () => Map<string, { msg: string; field?: string }>): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, msg, data } = mapError(err, uniqueMessages());
    if (status >= 500) {
      // Log the error object only: the request serializer never includes headers or bodies.
      request.log.error({ err }, 'request failed');
    }
    // The request id in a 5xx message lets the user quote it; the log line carries the same id.
    const text = status >= 500 ? `${msg}（请求编号：${request.id}）` : msg;
    reply.code(status).header('content-type', 'application/json; charset=utf-8').send(fail(status, text, data ?? null));
  });
}
