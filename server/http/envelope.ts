export interface Envelope<T = unknown> { code: number; msg: string; data: T }

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 0, msg, data });
export const fail = <T = null>(status: number, msg: string, data: T = null as T): Envelope<T> => ({ code: status, msg, data });
