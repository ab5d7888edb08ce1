/**
 * A small multipart/form-data parser (the upload is one file plus a few text fields) and the
 * content-type parser that hands routes the raw body. Registered at the root (skip-override) so
 * the catalogue's upload route sees it.
 */
import type { FastifyInstance } from 'fastify';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export function uploadMaxBytes(): number {
  const mb = Number(process.env.UPLOAD_MAX_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 10) * 1024 * 1024;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!match) throw new Error('missing boundary');
  const boundary = Buffer.from(`--${match[1] ?? match[2]}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(boundary);
  while (start >= 0) {
    const headerStart = start + boundary.length;
    if (body.slice(headerStart, headerStart + 2).toString() === '--') break;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd < 0) break;
    const next = body.indexOf(boundary, headerEnd + 4);
    if (next < 0) break;
    const headers = body.slice(headerStart + 2, headerEnd).toString('utf8');
    const data = body.slice(headerEnd + 4, next - 2); // strip the CRLF before the boundary
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
    const filenameStar = /filename\*=UTF-8''([^;\r\n]*)/i.exec(disposition)?.[1];
    const filename = filenameStar ? decodeURIComponent(filenameStar) : /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim();
    parts.push({ name, filename, contentType: type, data });
    start = next;
  }
  return parts;
}

/** Keeps the raw body of multipart requests as a Buffer (bounded a little above the file limit). */
async function multipartBody(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: uploadMaxBytes() + 1024 * 1024 }, (_req, body, done) => done(null, body));
}
(multipartBody as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export { multipartBody };
