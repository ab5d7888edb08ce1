/**
 * The driver page's calls: plain fetch (no axios, no session token), so the page loads little on a
 * slow phone network. Answers are the server's envelope {code, msg, data}; a failure carries the
 * server's Chinese message, or says the network is down.
 */
export const BASE = '/api/v1/project-base/driver-page';
export const OFFLINE = '网络不可用，请检查网络后重试';

export class DriverError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function unwrap<T>(res: Response): Promise<T> {
  let body: { code?: number; msg?: string; data?: T } | undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok || (body && body.code !== undefined && body.code !== 0)) {
    throw new DriverError(res.status, body?.msg || `请求失败（${res.status}）`);
  }
  return body?.data as T;
}

export async function driverCall<T>(token: string, path: string, data?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${BASE}/${encodeURIComponent(token)}${path}`, data === undefined
      ? { method: 'GET', headers: { accept: 'application/json' } }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  } catch {
    throw new DriverError(0, OFFLINE);
  }
  return unwrap<T>(res);
}

export interface Photo { name: string; url: string; fileName?: string; size?: number }

export async function uploadPhoto(token: string, blob: Blob, name: string): Promise<Photo> {
  const form = new FormData();
  form.append('file', blob, name);
  let res: Response;
  try {
    res = await fetch(`${BASE}/${encodeURIComponent(token)}/upload`, { method: 'POST', body: form });
  } catch {
    throw new DriverError(0, OFFLINE);
  }
  return unwrap<Photo>(res);
}

/**
 * A camera photo made small enough for a slow network: at most 1600 px on its longer side, JPEG
 * at quality 0.7 (a 4 MB phone photo becomes some 300 kB, still legible for a signed 回单).
 */
export async function compressPhoto(file: File, max = 1600, quality = 0.7): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const i = new Image();
      i.onload = () => resolve(i);
      i.onerror = () => reject(new DriverError(0, '无法读取照片，请重新拍摄'));
      i.src = url;
    });
    const scale = Math.min(1, max / Math.max(img.naturalWidth, img.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new DriverError(0, '照片压缩失败'))), 'image/jpeg', quality));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// ---- positions: a queue in localStorage, sent in order, each point with its own id -------------

export interface QueuedPoint { id: string; time: number; lng: number; lat: number; speed: number | null; direction: number | null; accuracy: number | null }

const queueKey = (token: string) => `driver-positions:${token.slice(0, 12)}`;

export function readQueue(token: string): QueuedPoint[] {
  try {
    const v = JSON.parse(localStorage.getItem(queueKey(token)) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function writeQueue(token: string, list: QueuedPoint[]) {
  // A phone offline for days keeps the latest 2,000 points (a week and more at one a minute).
  localStorage.setItem(queueKey(token), JSON.stringify(list.slice(-2000)));
}

export function enqueue(token: string, p: QueuedPoint) {
  writeQueue(token, [...readQueue(token), p]);
}

let sending = false;

/**
 * Sends what waits, oldest first, 100 at a time. A batch leaves the queue only once the server
 * answered; if the answer is lost the batch is sent again and the server stores each id once.
 */
export async function flushQueue(token: string): Promise<{ sent: number; left: number; error?: string }> {
  if (sending) return { sent: 0, left: readQueue(token).length };
  sending = true;
  let sent = 0;
  try {
    for (;;) {
      const batch = readQueue(token).sort((a, b) => a.time - b.time).slice(0, 100);
      if (!batch.length) return { sent, left: 0 };
      try {
        await driverCall(token, '/positions', { points: batch });
      } catch (e) {
        return { sent, left: readQueue(token).length, error: (e as Error).message };
      }
      const done = new Set(batch.map((p) => p.id));
      writeQueue(token, readQueue(token).filter((p) => !done.has(p.id)));
      sent += batch.length;
    }
  } finally {
    sending = false;
  }
}
