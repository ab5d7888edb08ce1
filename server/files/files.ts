/**
 * File service (seed 001 §7): POST file-base/file/upload stores one file under DATA_DIR/uploads/<org>/
 * and answers { fileName, url }; GET file-base/file/<fileName> serves it to the same organisation
 * only, as an attachment with nosniff. Extension (accept list), content signature and size are
 * enforced here whatever the browser checked.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Handler } from '../crud/context';
import { REPLIED, requireSession } from '../crud/context';
import { HttpError, badRequest, notFound } from '../http/errors';
import { parseMultipart, uploadMaxBytes } from './multipart';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';

export const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip', 'rar', 'mp4'];
export const MSG = {
  badExtension: '该后缀文件不允许上传',
  tooLarge: '文件大小超出限制，请检查！',
  noFile: '请选择要上传的文件',
  badContent: '文件内容与后缀不符',
};

const MIME: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf', doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: 'application/zip', rar: 'application/vnd.rar',
  mp4: 'video/mp4',
};

/** The first bytes each extension must start with. */
const SIGNATURES: Record<string, number[][]> = {
  jpg: [[0xff, 0xd8, 0xff]], jpeg: [[0xff, 0xd8, 0xff]], png: [[0x89, 0x50, 0x4e, 0x47]], pdf: [[0x25, 0x50, 0x44, 0x46]],
  zip: [[0x50, 0x4b, 0x03, 0x04], [0x50, 0x4b, 0x05, 0x06]], docx: [[0x50, 0x4b, 0x03, 0x04]], xlsx: [[0x50, 0x4b, 0x03, 0x04]],
  doc: [[0xd0, 0xcf, 0x11, 0xe0]], xls: [[0xd0, 0xcf, 0x11, 0xe0]], rar: [[0x52, 0x61, 0x72, 0x21]],
};

/** UPLOAD_DIR, or DATA_DIR/uploads. Several processes share one folder (docs/deploy.md). */
export function uploadsDir(): string {
  return process.env.UPLOAD_DIR ? path.resolve(process.env.UPLOAD_DIR) : path.resolve(process.env.DATA_DIR ?? './data', 'uploads');
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function signatureMatches(ext: string, data: Buffer): boolean {
  // An MP4 starts with its first box's size, then the box type 'ftyp'.
  if (ext === 'mp4') return data.length > 8 && data.subarray(4, 8).toString('latin1') === 'ftyp';
  return (SIGNATURES[ext] ?? []).some((sig) => sig.every((byte, i) => data[i] === byte));
}

/**
 * Files some area keeps behind its own rule (数字资产: category permissions) carry that area's
 * fileType once a record holds them; their generic address asks the area's guard first.
 */
type FileGuard = (db: Db, session: Session, fileName: string) => Promise<boolean>;
const guards = new Map<string, FileGuard>();
export function registerFileGuard(fileType: string, guard: FileGuard): void {
  guards.set(fileType, guard);
}

const clean = (value: string | undefined) => (value ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 50);

const upload: Handler = async (ctx) => storeUpload(ctx, requireSession(ctx));

/**
 * Stores the request's uploaded file for the session's organisation (the driver's link uploads
 * as its schedule's organisation); `only` narrows the accepted extensions.
 */
export async function storeUpload(
  ctx: Parameters<Handler>[0], s: Session, only: string[] = ALLOWED_EXTENSIONS, fixedPrefix?: string,
): Promise<{ fileName: string; url: string; name: string; size: number }> {
  const raw = ctx.request.body;
  const type = String(ctx.request.headers['content-type'] ?? '');
  if (!Buffer.isBuffer(raw) || !type.startsWith('multipart/form-data')) throw new HttpError(415, '请使用 multipart/form-data 上传文件');
  let parts;
  try {
    parts = parseMultipart(raw, type);
  } catch {
    throw badRequest(MSG.noFile);
  }
  const file = parts.find((part) => part.filename !== undefined && (part.name === 'file' || part.name === 'upfile')) ?? parts.find((p) => p.filename !== undefined);
  if (!file || !file.filename) throw badRequest(MSG.noFile);
  const field = (name: string) => parts.find((part) => part.name === name && part.filename === undefined)?.data.toString('utf8');
  const originalName = path.basename(file.filename.replace(/\\/g, '/')).slice(0, 255);
  const ext = extensionOf(originalName);
  if (!ALLOWED_EXTENSIONS.includes(ext) || !only.includes(ext)) throw new HttpError(415, MSG.badExtension);
  if (file.data.length > uploadMaxBytes()) throw new HttpError(413, MSG.tooLarge);
  if (file.data.length === 0 || !signatureMatches(ext, file.data)) throw new HttpError(415, MSG.badContent);
  const prefixName = fixedPrefix ?? clean(field('prefixName'));
  const fileType = clean(field('fileType'));
  const fileName = `${prefixName ? `${prefixName}_` : ''}${randomBytes(16).toString('hex')}.${ext}`;
  const dir = path.join(uploadsDir(), String(s.orgId));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, fileName), file.data, { flag: 'wx' });
  await ctx.db.insertInto('fileObject').values({
    corpId: s.corpId, orgId: s.orgId, fileName, originalName, ext, mime: MIME[ext], size: file.data.length,
    prefixName: prefixName || null, fileType: fileType || null, createdBy: s.staffId, updatedBy: s.staffId,
  }).execute();
  return { fileName, url: `/api/v1/file-base/file/${fileName}`, name: originalName, size: file.data.length };
}

const download: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const fileName = String(ctx.params.fileName);
  const row = await ctx.db.selectFrom('fileObject').selectAll().where('orgId', '=', s.orgId).where('fileName', '=', fileName).executeTakeFirst();
  const full = path.join(uploadsDir(), String(s.orgId), fileName);
  if (!row || !existsSync(full)) throw notFound('文件不存在');
  const guard = row.fileType ? guards.get(String(row.fileType)) : undefined;
  if (guard && !(await guard(ctx.db, s, fileName))) throw notFound('文件不存在');
  const ext = String(row.ext);
  const inline = ext === 'jpg' || ext === 'jpeg' || ext === 'png' || ext === 'pdf' || ext === 'mp4';
  const encoded = encodeURIComponent(String(row.originalName));
  ctx.reply
    .header('content-type', MIME[ext] ?? 'application/octet-stream')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"; filename*=UTF-8''${encoded}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('cache-control', 'private, max-age=3600');
  await ctx.reply.send(createReadStream(full));
  return REPLIED;
};

export const fileHandlers: Record<string, Handler> = {
  'files.upload': upload,
  'files.download': download,
};
