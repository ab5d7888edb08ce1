/**
 * STOMP 1.2 frame codec. Small on purpose: the gateway only needs CONNECT/STOMP, SUBSCRIBE,
 * UNSUBSCRIBE, SEND, DISCONNECT in and CONNECTED, MESSAGE, RECEIPT, ERROR out.
 */
export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** Refuse absurd frames before buffering them (a chat message is at most 1,000 characters). */
export const MAX_FRAME_BYTES = 64 * 1024;

const NUL = 0;
const LF = 10;
const CR = 13;

// CONNECT/CONNECTED headers are not escaped (STOMP 1.2 §Value Encoding), every other frame's are.
const unescapedCommands = new Set(['CONNECT', 'CONNECTED']);

export function escapeHeader(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

export function unescapeHeader(v: string): string {
  return v.replace(/\\(.)/g, (m, c: string) => {
    if (c === 'n') return '\n';
    if (c === 'r') return '\r';
    if (c === 'c') return ':';
    if (c === '\\') return '\\';
    throw new FrameError(`bad header escape ${m}`);
  });
}

export class FrameError extends Error {}

export function encodeFrame(command: string, headers: Record<string, string | number | undefined> = {}, body = ''): Buffer {
  const escape = unescapedCommands.has(command) ? (v: string) => v : escapeHeader;
  let head = `${command}\n`;
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) head += `${escape(k)}:${escape(String(v))}\n`;
  const bodyBuf = Buffer.from(body, 'utf8');
  if (bodyBuf.length) head += `content-length:${bodyBuf.length}\n`;
  return Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), bodyBuf, Buffer.from([NUL])]);
}

/**
 * Incremental parser: WebSocket messages may carry several frames, heart-beat EOLs, or (from
 * other clients than stompjs) parts of a frame.
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);

  /** Feeds bytes; returns the complete frames. Throws FrameError on malformed or oversized input. */
  push(chunk: Buffer | string): Frame[] {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    const out: Frame[] = [];
    for (;;) {
      // Heart-beats are bare EOLs between frames.
      let start = 0;
      while (start < this.buf.length && (this.buf[start] === LF || this.buf[start] === CR)) start++;
      if (start) this.buf = this.buf.subarray(start);
      if (!this.buf.length) break;
      const frame = this.parseOne();
      if (!frame) break;
      out.push(frame);
    }
    if (this.buf.length > MAX_FRAME_BYTES) throw new FrameError('frame too large');
    return out;
  }

  private parseOne(): Frame | null {
    const buf = this.buf;
    // End of headers: the first empty line.
    let headerEnd = -1;
    let bodyStart = -1;
    for (let i = 0; i < buf.length; i++) {
      if (buf[i] !== LF) continue;
      if (buf[i + 1] === LF) { headerEnd = i; bodyStart = i + 2; break; }
      if (buf[i + 1] === CR && buf[i + 2] === LF) { headerEnd = i; bodyStart = i + 3; break; }
    }
    if (headerEnd < 0) return null;
    const lines = buf.subarray(0, headerEnd).toString('utf8').split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines.shift()!;
    if (!/^[A-Z]+$/.test(command)) throw new FrameError(`bad command`);
    const raw = unescapedCommands.has(command);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError('bad header line');
      const k = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      // Repeated headers: the first one wins (STOMP 1.2 §Repeated Header Entries).
      if (!(k in headers)) headers[k] = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
    }
    let bodyEnd: number;
    const len = headers['content-length'];
    if (len !== undefined) {
      const n = Number(len);
      if (!Number.isInteger(n) || n < 0 || n > MAX_FRAME_BYTES) throw new FrameError('bad content-length');
      if (buf.length < bodyStart + n + 1) return null;
      if (buf[bodyStart + n] !== NUL) throw new FrameError('frame not terminated');
      bodyEnd = bodyStart + n;
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) return null;
    }
    const body = buf.subarray(bodyStart, bodyEnd).toString('utf8');
    this.buf = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** Negotiated heart-beat periods (ms, 0 = none) from the client's `heart-beat:cx,cy` and ours. */
export function negotiateHeartbeat(header: string | undefined, serverSend: number, serverWant: number): { send: number; expect: number } {
  const [cx, cy] = (header ?? '0,0').split(',').map((x) => Number(x.trim()));
  const clientSend = Number.isFinite(cx) && cx! > 0 ? cx! : 0;
  const clientWant = Number.isFinite(cy) && cy! > 0 ? cy! : 0;
  return {
    send: clientWant && serverSend ? Math.max(serverSend, clientWant) : 0,
    expect: clientSend && serverWant ? Math.max(clientSend, serverWant) : 0,
  };
}
