/**
 * The notification box's behaviour, free of React: notices arrive (pushed or loaded), wait in
 * a queue, and enter the box one per second while it holds fewer than three — the newest first
 * (notice ids grow with time, across both kinds), so the box shows the latest three unread and
 * never the oldest. A dismissed notice leaves only after the server confirms `received`;
 * ignore-all empties everything.
 */
import { invoke } from '../../api/call';
import { BOX_ADD_INTERVAL_MS, BOX_MAX, type BoxMessage } from './types';
import { getMessageState, patchMessageState } from './store';

export interface NoticeApi {
  /** type and id of each unread notice; the server sends the notice's content alongside */
  listAll(): Promise<({ type: number; id: number } & Partial<BoxMessage>)[]>;
  get(type: number, id: number): Promise<BoxMessage>;
  received(type: number, id: number): Promise<unknown>;
  ignoreAll(): Promise<unknown>;
}

export const httpNoticeApi: NoticeApi = {
  listAll: () => invoke('notice.listAll'),
  get: (type, id) => invoke('notice.get', { params: { type, id } }),
  received: (type, id) => invoke('notice.received', { params: { type, id } }),
  ignoreAll: () => invoke('notice.ignoreAll'),
};

const key = (m: { type: number; id: number }) => `${m.type}:${m.id}`;
/** newest first */
const byRecency = (a: { id: number }, b: { id: number }) => b.id - a.id;

export class NoticeBox {
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly known = new Set<string>();

  constructor(private readonly api: NoticeApi = httpNoticeApi) {}

  start(): void {
    if (!this.timer) this.timer = setInterval(() => this.pump(), BOX_ADD_INTERVAL_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.known.clear();
  }

  /**
   * On layout load: everything still unread, the newest first. The list carries each notice's
   * content, so the box fills from this one call; only a bare reference is fetched on its own.
   */
  async load(): Promise<void> {
    const refs = await this.api.listAll();
    const fresh = refs.filter((ref) => !this.known.has(key(ref)));
    // What waited for the user starts folded into the header button; live arrivals unfold the box.
    if (fresh.length && !getMessageState().box.length) patchMessageState({ boxFolded: true });
    const complete: BoxMessage[] = [];
    const bare: { type: number; id: number }[] = [];
    for (const ref of fresh) {
      if (typeof ref.message === 'string') complete.push({ ...ref, name: ref.name ?? '', message: ref.message } as BoxMessage);
      else bare.push(ref);
    }
    for (const m of complete) this.known.add(key(m));
    if (complete.length) patchMessageState((s) => ({ queued: [...s.queued, ...complete].sort(byRecency) }));
    for (const ref of bare.sort(byRecency)) await this.arrived(ref.type, ref.id, false);
  }

  /** oa_message / event_message carry only type and id: the notice is fetched individually. */
  async arrived(type: number, id: number, live = true): Promise<void> {
    const k = key({ type, id });
    if (this.known.has(k)) return;
    this.known.add(k);
    try {
      const m = await this.api.get(type, id);
      patchMessageState((s) => ({ queued: [...s.queued, { ...m, type, id }].sort(byRecency), ...(live ? { boxFolded: false } : {}) }));
    } catch {
      this.known.delete(k);
    }
  }

  /** Moves one queued notice into the box (called once per second). */
  pump(): void {
    const s = getMessageState();
    if (s.box.length >= BOX_MAX || !s.queued.length) return;
    patchMessageState({ box: [...s.box, s.queued[0]!].sort(byRecency), queued: s.queued.slice(1) });
  }

  async dismiss(m: BoxMessage): Promise<void> {
    await this.api.received(m.type, m.id);
    patchMessageState((s) => ({ box: s.box.filter((x) => key(x) !== key(m)), queued: s.queued.filter((x) => key(x) !== key(m)) }));
  }

  async ignoreAll(): Promise<void> {
    await this.api.ignoreAll();
    patchMessageState({ box: [], queued: [] });
  }
}
