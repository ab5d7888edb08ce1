import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

const UPLOAD = '/api/v1/file-base/file/upload';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function multipart(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  chunks.push(data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(await backends())('file service on %s', (backend) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
    process.env.UPLOAD_MAX_MB = '1';
    h = await startHarness(backend);
    admin = await h.login('admin');
  });
  afterAll(async () => h?.close());

  const send = (token: string | undefined, filename: string, data: Buffer, fields?: Record<string, string>) => {
    const { payload, contentType } = multipart(filename, data, fields);
    return h.app.inject({ method: 'POST', url: UPLOAD, payload, headers: { 'content-type': contentType, ...(token ? { 'access-token': token } : {}) } });
  };

  it('stores a file under DATA_DIR and answers fileName and url', async () => {
    const r = await send(admin, '照片.png', PNG, { prefixName: 'form', fileType: 'image' });
    expect(r.statusCode).toBe(200);
    const data = r.json().data;
    expect(data.fileName).toMatch(/^form_[0-9a-f]{32}\.png$/);
    expect(data.url).toBe(`/api/v1/file-base/file/${data.fileName}`);
    const got = await h.app.inject({ method: 'GET', url: data.url, headers: { 'access-token': admin } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-disposition'])).toMatch(/filename\*=UTF-8''%E7%85%A7%E7%89%87\.png/);
    expect(got.headers['content-type']).toBe('image/png');
  });

  it('refuses other extensions, mismatched content and oversize files', async () => {
    let r = await send(admin, 'x.html', Buffer.from('<script>alert(1)</script>'));
    expect(r.statusCode).toBe(415);
    expect(r.json().msg).toBe('该后缀文件不允许上传');
    r = await send(admin, 'x.png', Buffer.from('<script>alert(1)</script>'));
    expect(r.statusCode).toBe(415);
    r = await send(admin, 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
    expect(r.statusCode).toBe(413);
    expect(r.json().msg).toBe('文件大小超出限制，请检查！');
  });

  it('needs a session and serves files only to their organisation', async () => {
    const r = await send(undefined, 'a.png', PNG);
    expect(r.statusCode).toBe(401);
    const up = (await send(admin, 'a.png', PNG)).json().data;
    const anon = await h.app.inject({ method: 'GET', url: up.url });
    expect(anon.statusCode).toBe(401);
    const suzhou = await h.login('suzhou');
    const other = await h.app.inject({ method: 'GET', url: up.url, headers: { 'access-token': suzhou } });
    expect(other.statusCode).toBe(404);
    const traversal = await h.app.inject({ method: 'GET', url: '/api/v1/file-base/file/..%2F..%2Fetc%2Fpasswd', headers: { 'access-token': admin } });
    expect(traversal.statusCode).toBe(400);
  });
});
