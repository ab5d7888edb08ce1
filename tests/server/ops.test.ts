/**
 * What an operator reads from a process (issue 11): liveness, readiness, Prometheus metrics per
 * catalogue entry (request rate and latency), database pool and sockets; /metrics is not public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

describe.each(await backends())('operations endpoints on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(async () => h?.close());

  it('answers liveness and readiness in the envelope', async () => {
    expect(await h.call('GET', '/healthz')).toMatchObject({ status: 200, body: { code: 0, data: { status: 'ok' } } });
    expect(await h.call('GET', '/readyz')).toMatchObject({ status: 200, body: { code: 0, data: { status: 'ready' } } });
  });

  it('turns unready and sends requests elsewhere while draining', async () => {
    h.app.ops.draining = true;
    try {
      expect((await h.call('GET', '/readyz')).body).toEqual({ code: 503, msg: '服务器正在重启，请稍后重试', data: null });
      const r = await h.call('GET', '/api/v1/user-base/organization/allow-anonymous/list');
      expect(r.status).toBe(503);
      expect(r.headers.connection).toBe('close');
      expect((await h.call('GET', '/healthz')).status).toBe(200);
    } finally {
      h.app.ops.draining = false;
    }
  });

  it('counts requests and their latency per catalogue entry, with pool and socket figures', async () => {
    await h.login('business');
    await h.call('POST', '/api/v1/auth/login', { data: { username: 'business', password: 'wrong-one1' }, ip: '10.20.0.1' });
    const token = await h.login('admin');
    await h.call('GET', '/api/v1/user-base/organization/1', { token });
    const r = await h.call('GET', '/metrics');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body as string;
    expect(text).toMatch(/http_requests_total\{entry="auth\.login",method="POST",status="200"\} [2-9]/);
    expect(text).toMatch(/http_requests_total\{entry="auth\.login",method="POST",status="400"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",entry="organization\.get",method="GET"\} 1/);
    // a path's ids never become labels: the entry does
    expect(text).not.toContain('/organization/1');
    expect(text).toMatch(/^realtime_sockets \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (backend === 'postgres') expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
  });

  it('keeps /metrics from the public: no proxied request, a token when one is configured', async () => {
    const proxied = await h.call('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.body).toEqual({ code: 403, msg: '无权读取监控指标', data: null });
    expect((await h.call('GET', '/metrics', { ip: '10.1.2.3' })).status).toBe(403);
    process.env.METRICS_TOKEN = 'metrics-secret';
    try {
      expect((await h.call('GET', '/metrics')).status).toBe(403);
      expect((await h.call('GET', '/metrics', { headers: { authorization: 'Bearer metrics-secret' }, ip: '10.1.2.3' })).status).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});
