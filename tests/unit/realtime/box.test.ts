import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeBox, type NoticeApi } from '../../../runtime/realtime/notices';
import { handlePushEvent } from '../../../runtime/realtime/events';
import { getMessageState, resetMessageState } from '../../../runtime/realtime/store';
import { shouldBlink } from '../../../runtime/realtime/badges';

function fakeApi(unread: { type: number; id: number }[] = []) {
  const received: string[] = [];
  let ignored = 0;
  const api: NoticeApi = {
    listAll: async () => unread,
    get: async (type, id) => ({ id, type, name: id % 2 ? '' : '周慧敏', message: `通知${id}`, eventType: id === 7 ? 7 : null, eventSubjectId: id === 7 ? 70 : null }),
    received: async (type, id) => {
      if (id === 99) throw new Error('网络错误');
      received.push(`${type}:${id}`);
    },
    ignoreAll: async () => void ignored++,
  };
  return { api, received, ignored: () => ignored };
}

describe('notification box', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetMessageState();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps notices that waited for the login folded, and unfolds for one arriving live', async () => {
    const { api } = fakeApi([{ type: 1, id: 1 }, { type: 2, id: 2 }]);
    const box = new NoticeBox(api);
    box.start();
    await box.load();
    expect(getMessageState().boxFolded).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(getMessageState().box).toHaveLength(2);
    expect(getMessageState().boxFolded).toBe(true);
    await box.arrived(1, 3);
    expect(getMessageState().boxFolded).toBe(false);
    box.stop();
  });

  it('fills from the list alone when it carries the notices (no request per notice)', async () => {
    const gets: number[] = [];
    const api: NoticeApi = {
      listAll: async () => [1, 2, 3, 4].map((id) => ({ type: 2, id, name: '', message: `通知${id}`, eventType: null, eventSubjectId: null })),
      get: async (type, id) => {
        gets.push(id);
        return { id, type, name: '', message: '' };
      },
      received: async () => undefined,
      ignoreAll: async () => undefined,
    };
    const box = new NoticeBox(api);
    box.start();
    await box.load();
    expect(gets).toEqual([]);
    expect(getMessageState().queued.map((m) => m.id)).toEqual([4, 3, 2, 1]);
    await box.load();
    expect(getMessageState().queued).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(3000);
    expect(getMessageState().box.map((m) => m.message)).toEqual(['通知4', '通知3', '通知2']);
    box.stop();
  });

  it('shows at most three, adding one per second, the newest unread first whatever order the server lists them in', async () => {
    const { api } = fakeApi([1, 2, 3, 4, 5].map((id) => ({ type: 2, id })));
    const box = new NoticeBox(api);
    box.start();
    await box.load();
    expect(getMessageState().box).toEqual([]);
    expect(getMessageState().queued).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(getMessageState().box.map((m) => m.id)).toEqual([5]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(getMessageState().box.map((m) => m.id)).toEqual([5, 4, 3]);
    expect(getMessageState().queued.map((m) => m.id)).toEqual([2, 1]);
    box.stop();
  });

  it('a notice arriving live waits ahead of older ones and shows above them', async () => {
    const { api } = fakeApi([1, 2, 3, 4].map((id) => ({ type: 2, id })));
    const box = new NoticeBox(api);
    box.start();
    await box.load();
    await vi.advanceTimersByTimeAsync(3000);
    expect(getMessageState().box.map((m) => m.id)).toEqual([4, 3, 2]);
    await box.arrived(1, 10);
    expect(getMessageState().queued.map((m) => m.id)).toEqual([10, 1]);
    await box.dismiss(getMessageState().box[2]!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(getMessageState().box.map((m) => m.id)).toEqual([10, 4, 3]);
    box.stop();
  });

  it('a pushed notice already known is not fetched twice', async () => {
    const { api } = fakeApi();
    const get = vi.spyOn(api, 'get');
    const box = new NoticeBox(api);
    await box.arrived(1, 10);
    await box.arrived(1, 10);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('dismiss removes a notice only after the server confirms; the next queued one moves up', async () => {
    const { api, received } = fakeApi([1, 2, 3, 4, 99].map((id) => ({ type: 2, id })));
    const box = new NoticeBox(api);
    box.start();
    await box.load();
    await vi.advanceTimersByTimeAsync(3000);
    expect(getMessageState().box.map((m) => m.id)).toEqual([99, 4, 3]);
    await box.dismiss(getMessageState().box[1]!);
    expect(received).toEqual(['2:4']);
    expect(getMessageState().box.map((m) => m.id)).toEqual([99, 3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(getMessageState().box.map((m) => m.id)).toEqual([99, 3, 2]);
    const failing = getMessageState().box[0]!;
    await expect(box.dismiss(failing)).rejects.toThrow('网络错误');
    expect(getMessageState().box.map((m) => m.id)).toEqual([99, 3, 2]);
    expect(getMessageState().queued.map((m) => m.id)).toEqual([1]);
    box.stop();
  });

  it('ignore-all empties the box and the queue', async () => {
    const f = fakeApi([1, 2, 3, 4].map((id) => ({ type: 1, id })));
    const box = new NoticeBox(f.api);
    box.start();
    await box.load();
    await vi.advanceTimersByTimeAsync(2000);
    await box.ignoreAll();
    expect(f.ignored()).toBe(1);
    expect(getMessageState().box).toEqual([]);
    expect(getMessageState().queued).toEqual([]);
    box.stop();
  });
});

describe('pushed events', () => {
  beforeEach(() => resetMessageState());
  const deps = () => ({ showError: vi.fn(), noticeArrived: vi.fn(), refreshDailyCount: vi.fn(), chatMessage: vi.fn() });

  it('dispatches every type', () => {
    const d = deps();
    handlePushEvent({ type: 'error', msg: '报价已截止' }, d);
    expect(d.showError).toHaveBeenCalledWith('报价已截止');
    handlePushEvent({ type: 'error' }, d);
    expect(d.showError).toHaveBeenLastCalledWith('Error');
    handlePushEvent({ type: 'daily_message_count_message', msg: 4 }, d);
    expect(getMessageState().dailyCount).toBe(4);
    handlePushEvent({ type: 'daily_message_count_message' }, d);
    expect(d.refreshDailyCount).toHaveBeenCalledTimes(1);
    handlePushEvent({ type: 'oa_message', msg: { type: 1, id: 3 } }, d);
    handlePushEvent({ type: 'event_message', msg: { type: 2, id: 8 } }, d);
    expect(d.noticeArrived.mock.calls).toEqual([[1, 3], [2, 8]]);
    handlePushEvent({ type: 'enquiry_quote_message_unread_count', msg: 2 }, d);
    expect(getMessageState().chatUnread).toBe(2);
    handlePushEvent({ type: 'enquiry_quote_message', msg: { content: '你好' } }, d);
    expect(d.chatMessage).toHaveBeenCalledWith({ content: '你好' });
    handlePushEvent({ type: 'something_new' }, d);
  });

  it('the chat icon blinks while unread and not on the message page', () => {
    expect(shouldBlink(2, '/dashboard')).toBe(true);
    expect(shouldBlink(2, '/business/clue/enquiry-seq-quote-message')).toBe(false);
    expect(shouldBlink(0, '/dashboard')).toBe(false);
  });
});
