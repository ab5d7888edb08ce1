/**
 * The board's live channel (docs/realtime.md, `/topic/schedule-node`): a schedule step is
 * announced to the watching screens of its own organisation only, after its commit, and the topic
 * is refused to a user without 大屏看板 / 调度 / 在途车辆.
 */
import type { IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { connectStomp, startLive, type Live, type TestClient } from './realtime-helpers';

const TOPIC = '/topic/schedule-node';

async function until(got: any[], pred: (e: any) => boolean, ms = 5000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const hit = got.find(pred);
    if (hit) return hit;
    if (Date.now() > end) throw new Error(`event not received; got ${JSON.stringify(got)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Subscribes; resolves once the server confirmed it (RECEIPT) with the list events land in. */
function watch(c: TestClient): Promise<any[]> {
  const got: any[] = [];
  return new Promise((resolve) => {
    const receipt = `w-${Math.random().toString(36).slice(2)}`;
    c.client.watchForReceipt(receipt, () => resolve(got));
    c.client.subscribe(TOPIC, (m: IMessage) => got.push(JSON.parse(m.body)), { receipt });
  });
}

describe.each(await backends())('数据看板 live topic on %s', (backend) => {
  let live: Live;
  const clients: TestClient[] = [];
  beforeAll(async () => { live = await startLive(backend); });
  afterAll(async () => {
    for (const c of clients) await c.stop().catch(() => undefined);
    await live?.close();
  });

  it('announces a departure to the screens of its organisation only', async () => {
    const screen = await live.login('screen');
    const sz = await live.login('suzhou');
    const dispatch = await live.login('dispatch');
    const a = await connectStomp(live.wsUrl, { 'access-token': screen.token });
    const b = await connectStomp(live.wsUrl, { 'access-token': sz.token });
    clients.push(a, b);
    const shGot = await watch(a);
    const szGot = await watch(b);
    const loaded = (await live.database.db.selectFrom('transportSchedule').select('scheduleId')
      .where('orgId', '=', screen.orgId).where('scheduleStatus', '=', 15).orderBy('scheduleId').executeTakeFirstOrThrow()) as { scheduleId: number };
    const r = await live.call('POST', `/api/v1/project-base/transport-schedule/${loaded.scheduleId}/depart`, dispatch.token, {});
    expect(r.code, r.msg).toBe(0);
    const e = await until(shGot, (x) => x.type === 'schedule_node');
    expect(e.msg).toEqual({ scheduleId: loaded.scheduleId, node: 20 });
    // a moment for a stray delivery to 苏州 to show up: none does
    await new Promise((r2) => setTimeout(r2, 300));
    expect(szGot).toEqual([]);
  });

  it('refuses the topic to a user without the board, dispatch or tracking roles', async () => {
    const business = await live.login('business');
    const c = await connectStomp(live.wsUrl, { 'access-token': business.token });
    clients.push(c);
    const refused = new Promise<string>((resolve) => { c.client.onStompError = (f) => resolve(f.headers.message ?? ''); });
    c.client.subscribe(TOPIC, () => undefined);
    expect(await refused).toBe('无权订阅该目的地');
  });
});
