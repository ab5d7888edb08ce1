/**
 * Fan-out between server processes through PostgreSQL LISTEN/NOTIFY. A publisher needs only a
 * Kysely handle (so business handlers and transactions can publish: NOTIFY inside a transaction
 * is delivered at commit, i.e. after the rows it announces are visible). Each process's gateway
 * listens on one channel and delivers to its own sockets, including events it published itself.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connect';
import type { PushEvent } from './events';

export const CHANNEL = 'logistics_realtime';

/** NOTIFY payloads must stay under 8000 bytes; leave room for the schema tag. */
const MAX_PAYLOAD = 7000;

export type BusMessage =
  | { t: number[]; e: PushEvent } // deliver event e to these staff ids
  | { k: number[] } // close the sockets of these session ids (logout, switch organisation)
  | { o: number; d: string; e: PushEvent }; // deliver event e to organisation o's subscribers of topic d

type Sink = (m: BusMessage) => void;

/** Gateways whose database offers no LISTEN here (pg without a known URL): delivered in-process. */
const localSinks = new Set<Sink>();

function chunks(m: BusMessage): BusMessage[] {
  const json = JSON.stringify(m);
  if (Buffer.byteLength(json) <= MAX_PAYLOAD) return [m];
  // A topic event has no recipient list to split: its publisher keeps each event small.
  if ('o' in m) throw new Error(`realtime topic event too large for NOTIFY (${Buffer.byteLength(json)} bytes)`);
  const ids = 't' in m ? m.t : m.k;
  if (ids.length <= 1) throw new Error(`realtime event too large for NOTIFY (${Buffer.byteLength(json)} bytes)`);
  const half = Math.ceil(ids.length / 2);
  const [a, b] = [ids.slice(0, half), ids.slice(half)];
  return 't' in m ? [...chunks({ t: a, e: m.e }), ...chunks({ t: b, e: m.e })] : [...chunks({ k: a }), ...chunks({ k: b })];
}

/**
 * Publishes to every server process on this database. The payload is tagged with the current
 * schema so throw-away test schemas in one database don't hear each other.
 */
export async function publish(db: Db, m: BusMessage): Promise<void> {
  if ('t' in m && m.t.length === 0) return;
  if ('k' in m && m.k.length === 0) return;
  for (const part of chunks(m)) {
    await sql`select pg_notify(${CHANNEL}, current_schema() || '|' || ${JSON.stringify(part)})`.execute(db);
    for (const sink of localSinks) sink(part);
  }
}

/** Room left for a topic event's own JSON in one NOTIFY (publishers split bigger payloads). */
export const MAX_TOPIC_EVENT_BYTES = MAX_PAYLOAD - 200;

/** Publishes one event to the subscribers of `topic` in organisation `orgId` on every process. */
export const publishTopic = (db: Db, orgId: number, topic: string, event: PushEvent) => publish(db, { o: orgId, d: topic, e: event });

export const publishEvent = (db: Db, staffIds: number[], event: PushEvent) => publish(db, { t: [...new Set(staffIds)], e: event });

export interface BusListener {
  mode: 'pglite' | 'pg' | 'local';
  close(): Promise<void>;
}

interface PgliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

async function rawClient(db: Db): Promise<unknown> {
  // kysely-pglite-dialect's connection exposes the PGlite instance as `client`; pg's does not.
  return db.getExecutor().provideConnection(async (c) => (c as { client?: unknown }).client);
}

export async function listen(db: Db, sink: Sink, opts: { pgUrl?: string; log?: (msg: string, err?: unknown) => void } = {}): Promise<BusListener> {
  const log = opts.log ?? (() => undefined);
  const schema = ((await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0] as { s: string }).s;
  const prefix = `${schema}|`;
  const onPayload = (payload: string) => {
    if (!payload.startsWith(prefix)) return;
    try {
      sink(JSON.parse(payload.slice(prefix.length)) as BusMessage);
    } catch (err) {
      log('bad realtime payload', err);
    }
  };

  const client = await rawClient(db);
  if (client && typeof (client as PgliteLike).listen === 'function') {
    const unlisten = await (client as PgliteLike).listen(CHANNEL, onPayload);
    return {
      mode: 'pglite',
      async close() {
        await unlisten().catch(() => undefined);
      },
    };
  }

  if (!opts.pgUrl) {
    log('no DATABASE_URL for a LISTEN connection: realtime events reach this process only');
    localSinks.add(sink);
    return { mode: 'local', close: async () => void localSinks.delete(sink) };
  }

  // A dedicated connection: LISTEN is per session, a pooled one would lose it.
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.pgUrl });
    c.on('notification', (n) => n.channel === CHANNEL && n.payload && onPayload(n.payload));
    c.on('error', (err) => {
      log('realtime LISTEN connection failed; reconnecting', err);
      c.end().catch(() => undefined);
      if (current === c) current = null;
      if (!closed && !retry) retry = setTimeout(() => { retry = null; void connect().catch(() => undefined); }, 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) await c.end();
    else current = c;
  };
  await connect();
  return {
    mode: 'pg',
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await current?.end().catch(() => undefined);
      current = null;
    },
  };
}
