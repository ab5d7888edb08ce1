// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosRequestConfig, InternalAxiosRequestConfig } from 'axios';

vi.mock('../../../api/toast', () => ({ showError: vi.fn() }));

import { showError } from '../../../api/toast';
import { ApiError, http, request, setUnauthorizedHandler, CONNECT_FAILED } from '../../../api/http';
import { clearToken, getToken, setToken } from '../../../api/token';

type Reply = { status: number; data?: unknown } | 'network';
let seen: AxiosRequestConfig[] = [];

function serve(reply: Reply) {
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    if (reply === 'network') throw Object.assign(new Error('Network Error'), { isAxiosError: true, config });
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw Object.assign(new Error('failed'), { isAxiosError: true, config, response });
    return response;
  };
}

const onUnauthorized = vi.fn();

beforeEach(() => {
  seen = [];
  vi.mocked(showError).mockClear();
  onUnauthorized.mockReset();
  onUnauthorized.mockImplementation(() => clearToken());
  setUnauthorizedHandler(onUnauthorized);
  clearToken();
});
afterEach(() => clearToken());

describe('request', () => {
  it('fills path braces, comma-joins arrays, drops empty filters and sends the token header', async () => {
    setToken('tok');
    serve({ status: 200, data: { code: 0, msg: 'ok', data: { total: 1 } } });
    const data = await request({ method: 'GET', url: '/api/x/{id}', params: { id: 7 }, query: { verifyStatus: [5, 15], keyword: '', pageNo: 1 } });
    expect(data).toEqual({ total: 1 });
    expect(seen[0].url).toBe('/api/x/7');
    expect(seen[0].params).toEqual({ verifyStatus: '5,15', pageNo: '1' });
    expect((seen[0].headers as Record<string, string>)['access-token']).toBe('tok');
    expect(seen[0].timeout).toBe(60000);
  });

  it('wraps POST and PUT bodies as {data}', async () => {
    serve({ status: 200, data: { code: 0, data: null } });
    await request({ method: 'POST', url: '/api/save', data: { name: '甲' } });
    await request({ method: 'put', url: '/api/save', data: { name: '乙' } });
    expect(JSON.parse(seen[0].data as string)).toEqual({ data: { name: '甲' } });
    expect(JSON.parse(seen[1].data as string)).toEqual({ data: { name: '乙' } });
  });

  it('a non-zero code toasts the message (or Error) and rejects', async () => {
    serve({ status: 200, data: { code: 500100, msg: '业务失败' } });
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toMatchObject({ code: 500100, message: '业务失败' });
    expect(showError).toHaveBeenCalledWith('业务失败');
    serve({ status: 200, data: { code: 7 } });
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toBeInstanceOf(ApiError);
    expect(showError).toHaveBeenLastCalledWith('Error');
  });

  it('HTTP 4xx/5xx carry the body message; silent codes are left to the caller', async () => {
    serve({ status: 409, data: { code: 409, msg: '该记录已被他人修改，请刷新后重试' } });
    await expect(request({ method: 'PUT', url: '/api/a', silent: [409] })).rejects.toMatchObject({ code: 409, status: 409 });
    expect(showError).not.toHaveBeenCalled();
    serve({ status: 502, data: 'bad gateway' });
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toMatchObject({ code: 502 });
    expect(showError).toHaveBeenCalledWith('Error');
  });

  it('no response toasts 连接服务器失败', async () => {
    serve('network');
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toMatchObject({ code: 0, message: CONNECT_FAILED });
    expect(showError).toHaveBeenCalledWith('连接服务器失败');
  });

  it('a path parameter missing in the browser sends nothing and says so, never 连接服务器失败', async () => {
    serve({ status: 200, data: { code: 0, data: null } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(request({ method: 'POST', url: '/api/s/{scheduleId}/load', params: {} })).rejects.toThrow('缺少路径参数 scheduleId');
    expect(seen).toHaveLength(0);
    expect(showError).toHaveBeenCalledWith('缺少路径参数 scheduleId');
    expect(showError).not.toHaveBeenCalledWith(CONNECT_FAILED);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('an error raised in the browser on the way (not axios) keeps its own message', async () => {
    http.defaults.adapter = async () => { throw new TypeError('boom in an interceptor'); };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toThrow('boom in an interceptor');
    expect(showError).toHaveBeenCalledWith('boom in an interceptor');
    expect(showError).not.toHaveBeenCalledWith(CONNECT_FAILED);
    error.mockRestore();
  });

  it('401 with a session resets the token and reloads; without one it is only a message', async () => {
    setToken('old');
    serve({ status: 401, data: { code: 401, msg: '登录已过期' } });
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();

    setToken('old');
    serve({ status: 200, data: { code: 401, msg: '请重新登录' } });
    await expect(request({ method: 'GET', url: '/api/a' })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(showError).toHaveBeenCalledWith('请重新登录');

    serve({ status: 401, data: { code: 401, msg: '用户名或密码错误' } });
    await expect(request({ method: 'POST', url: '/api/v1/auth/login', data: {} })).rejects.toMatchObject({ message: '用户名或密码错误' });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('a 401 for a session already left (logged out or switched while the request was in flight) ends nothing', async () => {
    setToken('old');
    let release!: () => void;
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      await new Promise<void>((r) => { release = r; });
      throw Object.assign(new Error('failed'), { isAxiosError: true, config, response: { data: { code: 401, msg: '登录已过期' }, status: 401, statusText: '', headers: {}, config } });
    };
    const inFlight = request({ method: 'GET', url: '/api/a' });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    // the user switches organisation: a new session replaces the old one
    setToken('new');
    release();
    await expect(inFlight).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('new');
  });

  it('keeps the token in memory and localStorage', () => {
    setToken('abc');
    expect(localStorage.getItem('access-token')).toBe('abc');
    clearToken();
    expect(localStorage.getItem('access-token')).toBeNull();
  });
});
