import { describe, expect, it } from 'vitest';
import { encodeFrame, escapeHeader, FrameError, FrameParser, MAX_FRAME_BYTES, negotiateHeartbeat, unescapeHeader } from '../../../server/realtime/frame';

describe('STOMP frame codec', () => {
  it('encodes a frame with escaped headers, content-length and a NUL terminator', () => {
    const buf = encodeFrame('MESSAGE', { destination: '/user/1/response', 'x:y': 'a\nb\\c' }, '{"a":"中文"}');
    const text = buf.toString('utf8');
    expect(text).toBe('MESSAGE\ndestination:/user/1/response\nx\\cy:a\\nb\\\\c\ncontent-length:14\n\n{"a":"中文"}\0');
    expect(Buffer.byteLength('{"a":"中文"}')).toBe(14);
  });

  it('leaves CONNECTED headers unescaped', () => {
    expect(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': '5000,5000' }).toString()).toBe('CONNECTED\nversion:1.2\nheart-beat:5000,5000\n\n\0');
  });

  it('round-trips header escapes', () => {
    for (const v of ['a:b', 'line\nbreak', 'cr\r', 'back\\slash', '中文:冒号']) expect(unescapeHeader(escapeHeader(v))).toBe(v);
    expect(() => unescapeHeader('bad\\t')).toThrow(FrameError);
  });

  it('parses several frames in one chunk, skipping heart-beat EOLs and CRLF lines', () => {
    const p = new FrameParser();
    const frames = p.push('\n\r\nCONNECT\r\naccept-version:1.2\r\naccess-token:a:b\r\n\r\n\0\nSEND\ndestination:/app/x\nk:v\\cw\n\n{"a":1}\0');
    expect(frames).toEqual([
      { command: 'CONNECT', headers: { 'accept-version': '1.2', 'access-token': 'a:b' }, body: '' },
      { command: 'SEND', headers: { destination: '/app/x', k: 'v:w' }, body: '{"a":1}' },
    ]);
  });

  it('reassembles a frame split across chunks, including a split multi-byte character', () => {
    const whole = encodeFrame('SEND', { destination: '/app/send-message' }, '{"content":"你好"}');
    const p = new FrameParser();
    const out = [];
    for (let i = 0; i < whole.length; i += 3) out.push(...p.push(whole.subarray(i, i + 3)));
    expect(out).toEqual([{ command: 'SEND', headers: { destination: '/app/send-message', 'content-length': String(Buffer.byteLength('{"content":"你好"}')) }, body: '{"content":"你好"}' }]);
  });

  it('honours content-length (a body may contain NUL) and keeps the first of repeated headers', () => {
    const p = new FrameParser();
    expect(p.push('SEND\ncontent-length:3\nfoo:1\nfoo:2\n\na\0b\0')).toEqual([{ command: 'SEND', headers: { 'content-length': '3', foo: '1' }, body: 'a\0b' }]);
  });

  it('rejects malformed and oversized input', () => {
    expect(() => new FrameParser().push('send\n\n\0')).toThrow(FrameError);
    expect(() => new FrameParser().push('SEND\nnocolon\n\n\0')).toThrow(FrameError);
    expect(() => new FrameParser().push('SEND\ncontent-length:2\n\nabc\0')).toThrow(FrameError);
    expect(() => new FrameParser().push(`SEND\n\n${'x'.repeat(MAX_FRAME_BYTES + 1)}`)).toThrow(FrameError);
  });

  it('negotiates heart-beats (STOMP 1.2 §Heart-beating)', () => {
    expect(negotiateHeartbeat('10000,10000', 5000, 5000)).toEqual({ send: 10000, expect: 10000 });
    expect(negotiateHeartbeat('1000,1000', 5000, 5000)).toEqual({ send: 5000, expect: 5000 });
    expect(negotiateHeartbeat('0,0', 5000, 5000)).toEqual({ send: 0, expect: 0 });
    expect(negotiateHeartbeat(undefined, 5000, 5000)).toEqual({ send: 0, expect: 0 });
  });
});
