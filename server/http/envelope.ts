export interface Envelope<T = unknown> { code: number; msg: string; data: T }

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 0, msg, data });
export const fail = (status: number, msg: string): Envelope<null> => ({ code: status, msg, data: null });
