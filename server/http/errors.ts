/** An error whose status and Chinese message go to the caller as-is. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** extra facts for the caller, e.g. {field} naming the offending input */
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string, data: unknown = null) => new HttpError(400, msg, data);
export const notFound = (msg = '记录不存在') => new HttpError(404, msg);
export const conflict = (msg: string, data: unknown = null) => new HttpError(409, msg, data);

export const MSG = {
  ok: '操作成功',
  unauthenticated: '登录已过期，请重新登录',
  forbidden: '您没有访问该功能的权限',
  notFound: '记录不存在',
  routeNotFound: '接口不存在',
  badJson: '请求体不是合法的JSON',
  bodyShape: '请求体格式不正确，应为 {data: ...}',
  tooLarge: '请求体过大',
  mediaType: '不支持的请求内容类型',
  badRequest: '请求参数不正确',
  stale: '该记录已被他人修改，请刷新后重试',
  duplicate: '数据重复',
  badData: '数据格式不正确',
  internal: '服务器内部错误',
  methodNotAllowed: '不支持的请求方法',
} as const;
