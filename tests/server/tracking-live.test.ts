/**
 * Live positions over STOMP (docs/realtime.md, organisation topics): a watcher of the truck's
 * organisation receives each ingested position on /topic/truck-position; another organisation's
 * watcher of the same topic does not; a user without a tracking role may not subscribe.
 */
import type { IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { connectStomp, startLive, type Live, type TestClient } from './realtime-helpers';
import { forgetPlates } from '../../server/tracking/ingest';

const KEY = 'live-gps-key';
const TOPIC = '/topic/truck-position';

/** Waits until a watcher holds an event matching pred (events arrive on the topic subscription). */
async function until(got: any[], pred: (e: any) => boolean, ms = 5000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const hit = got.find(pred);
    if (hit) return hit;
    if (Date.now() > end) throw new Error(`event not received; got ${JSON.stringify(got)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Watch {
  got: any[];
  /** unsubscribes; resolves once the server processed it */
  stop(): Promise<void>;
}

/** Subscribes to the positions topic; resolves once the server confirmed it (RECEIPT). */
function watch(c: TestClient): Promise<Watch> {
  const got: any[] = [];
  const receipted = (send: (receipt: string) => void) => new Promise<void>((resolve) => {
    const receipt = `w-${Math.random().toString(36).slice(2)}`;
    c.client.watchForReceipt(receipt, () => resolve());
    send(receipt);
  });
  let id = '';
  return receipted((receipt) => {
    id = c.client.subscribe(TOPIC, (m: IMessage) => {
      const e = JSON.parse(m.body);
      got.push(e);
    }, { receipt }).id;
  }).then(() => ({ got, stop: () => receipted((receipt) => c.client.unsubscribe(id, { receipt })) }));
}

describe.each(await backends())('live positions on %s', (backend) => {
  let live: Live;
  const before = process.env.GPS_INGEST_KEY;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    process.env.GPS_INGEST_KEY = KEY;
    live = await startLive(backend);
    const sz = await live.login('suzhou');
    const r = await live.call('POST', '/api/v1/project-base/company-truck/save', sz.token, { truckLicensePlate: '苏E7L318', plateColor: 2, vehicleKind: 1 });
    expect(r.code, r.msg).toBe(0);
    forgetPlates(live.database.db);
  });
  afterAll(async () => {
    for (const c of clients) await c.stop().catch(() => undefined);
    if (before === undefined) delete process.env.GPS_INGEST_KEY;
    else process.env.GPS_INGEST_KEY = before;
    await live?.close();
  });

  let serial = 0;
  // Epoch milliseconds, distinct per push: two pushes within a second are two points.
  const push = async (plate: string, lng: number, lat: number) => {
    const res = await live.app.inject({
      method: 'POST', url: '/api/v1/project-base/track/ingest', headers: { 'content-type': 'application/json', 'x-gps-key': KEY },
      payload: JSON.stringify({ data: { points: [{ plate, time: Date.now() - 1000 + ++serial, lng, lat, speed: 56, direction: 275 }] } }),
    });
    expect(JSON.parse(res.body).data.accepted).toBe(1);
  };

  it('pushes a position to its organisation\'s watchers only', async () => {
    const sh = await live.login('dispatch');
    const sz = await live.login('suzhou');
    const shClient = await connectStomp(live.wsUrl, { 'access-token': sh.token });
    const szClient = await connectStomp(live.wsUrl, { 'access-token': sz.token });
    clients.push(shClient, szClient);
    const shGot = (await watch(shClient)).got;
    const szGot = (await watch(szClient)).got;

    await push('沪DK7352', 121.5, 31.0);
    const e = await until(shGot, (x) => x.type === 'truck_position');
    expect(e.msg).toEqual([expect.objectContaining({ plate: '沪DK7352', truckKind: 1, lng: 121.5, lat: 31.0, speed: 56, direction: 275 })]);
    // 苏州's first position event is its own truck's: 上海's never reached it.
    await push('苏E7L318', 120.6, 31.3);
    const own = await until(szGot, (x) => x.type === 'truck_position');
    expect(own.msg.map((p: any) => p.plate)).toEqual(['苏E7L318']);
    expect(szGot.flatMap((x) => x.msg.map((p: any) => p.plate))).not.toContain('沪DK7352');
    expect(shGot.flatMap((x) => x.msg.map((p: any) => p.plate))).not.toContain('苏E7L318');
  });

  it('stops pushing after UNSUBSCRIBE and refuses the topic to a user without a tracking role', async () => {
    const sh = await live.login('dispatch');
    const c = await connectStomp(live.wsUrl, { 'access-token': sh.token });
    clients.push(c);
    const w = await watch(c);
    await push('沪DK7353', 121.4, 31.0);
    await until(w.got, (x) => x.type === 'truck_position');
    await w.stop();
    const n = w.got.length;
    await push('沪DK7353', 121.41, 31.0);
    // A second watcher that stays subscribed proves the event went out; the first got nothing more.
    const other = await connectStomp(live.wsUrl, { 'access-token': sh.token });
    clients.push(other);
    const seen = await watch(other);
    await push('沪DK7353', 121.42, 31.0);
    await until(seen.got, (x) => x.type === 'truck_position');
    expect(seen.got.length).toBe(1);
    expect(w.got.length).toBe(n);

    const business = await live.login('business');
    const b = await connectStomp(live.wsUrl, { 'access-token': business.token });
    clients.push(b);
    const refused = new Promise<string>((resolve) => { b.client.onStompError = (f) => resolve(f.headers.message ?? ''); });
    b.client.subscribe(TOPIC, () => undefined);
    expect(await refused).toBe('无权订阅该目的地');
  });
});
