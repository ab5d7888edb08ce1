/**
 * 数据看板 (DOMAIN §7 R18, `stat/kanban`): the board's figures equal the SQL aggregates of the
 * caller's organisation for today and this month, a schedule step moves them (and leads the node
 * feed), another organisation's board stays its own, and only the 大屏看板 permission (the screen
 * login, the general manager, administrators) reads it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { getSetting } from '../../server/admin/settings';

const BOARD = '/api/v1/user-base/stat/kanban';
const S = '/api/v1/project-base/transport-schedule';
const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

type Period = Record<string, number | null>;
interface Board { today: string; current: Record<string, number>; todayFigures: Period; month: Period; provinces: { province: string; count: number }[]; feed: Record<string, any>[] }

describe.each(await backends())('数据看板 stat/kanban on %s', (backend) => {
  let h: Harness;
  let screen: string;
  let suzhou: string;
  let sh: number;
  let sz: number;

  const board = async (token: string): Promise<Board> => {
    const r = await h.call('GET', BOARD, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Board;
  };
  const one = async (query: string): Promise<number> => Number(Object.values((await sql.raw<Record<string, unknown>>(query).execute(h.database.db)).rows[0]!)[0] ?? 0);
  const orgOf = async (name: string) => ((await h.database.db.selectFrom('staff').select('orgId').where('name', '=', name).executeTakeFirstOrThrow()) as { orgId: number }).orgId;

  /** The period's figures written here by hand, from the rows (China calendar days). */
  async function expected(orgId: number, from: string, to: string) {
    const a = `'${from}T00:00:00+08:00'::timestamptz`;
    const b = `('${to}T00:00:00+08:00'::timestamptz + interval '1 day')`;
    const o = `org_id = ${orgId}`;
    const live = `${o} and schedule_status not in (0, 5)`;
    const income = await one(`select coalesce(sum(amount_excl_tax), 0) from income_item where ${o} and item_status = 10 and occurred_date between '${from}' and '${to}'`);
    const cost = await one(`select coalesce(sum(amount_excl_tax), 0) from cost_item where ${o} and item_status = 10 and occurred_date between '${from}' and '${to}'`);
    return {
      departed: await one(`select count(*) from transport_schedule where ${live} and departed_at >= ${a} and departed_at < ${b}`),
      arrived: await one(`select count(*) from transport_schedule where ${live} and arrived_at >= ${a} and arrived_at < ${b}`),
      exceptions: await one(`select count(distinct schedule_id) from schedule_node where ${o} and node = 25 and occurred_at >= ${a} and occurred_at < ${b}`),
      income, cost, grossProfit: income - cost,
      tonKm: await one(`select coalesce(sum(loaded_weight * distance_km), 0) from transport_schedule where ${live} and departed_at >= ${a} and departed_at < ${b}`),
      inStorage: await one(`select count(*) from in_storage where ${o} and status = 10 and arrival_at >= ${a} and arrival_at < ${b}`),
      outStorage: await one(`select count(*) from delivery where ${o} and status <> 5 and out_at >= ${a} and out_at < ${b}`),
    };
  }
  const matches = (shown: Period, want: Record<string, number>) => {
    for (const [k, v] of Object.entries(want)) expect(Number(shown[k]), k).toBeCloseTo(v, 2);
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    screen = await h.login('screen');
    suzhou = await h.login('suzhou');
    sh = await orgOf('沈伟民');
    sz = await orgOf('陆建平');
  });
  afterAll(async () => h?.close());

  it('shows today and this month as the rows of the organisation add up', async () => {
    const b = await board(screen);
    const today = chinaDay(new Date());
    expect(b.today).toBe(today);
    matches(b.todayFigures, await expected(sh, today, today));
    matches(b.month, await expected(sh, `${today.slice(0, 7)}-01`, today));
    expect(b.current.inTransit).toBe(await one(`select count(*) from transport_schedule where org_id = ${sh} and schedule_status in (20, 25)`));
    const days = Number(await getSetting(h.database.db, sh, 'receiptOverdueDays'));
    expect(b.current.receiptOverdue).toBe(await one(`select count(*) from transport_schedule where org_id = ${sh} and schedule_status = 35 and signed_at < now() - interval '${days} days'`));
    // the demo's active schedules all sit in some province, and the map adds up to them
    const active = await one(`select count(*) from transport_schedule where org_id = ${sh} and schedule_status in (10, 15, 20, 25, 30)`);
    expect(active).toBeGreaterThan(0);
    expect(b.provinces.reduce((n, p) => n + p.count, 0)).toBe(active);
    // 准时率 is the share of arrivals on time, in percent
    const m = b.month;
    if (m.onTimeBase) expect(m.onTimeRate).toBeCloseTo((Number(m.onTime) / Number(m.onTimeBase)) * 100, 0);
    expect(b.feed.length).toBeGreaterThan(0);
    expect(b.feed[0]).toMatchObject({ scheduleNo: expect.any(String), nodeLabel: expect.any(String) });
  });

  it('a departure moves 在途车辆 and 今日发车 and leads the node feed; another organisation\'s board does not move', async () => {
    const dispatch = await h.login('dispatch');
    const loaded = (await h.database.db.selectFrom('transportSchedule').select(['scheduleId', 'scheduleNo', 'loadedWeight', 'distanceKm'])
      .where('orgId', '=', sh).where('scheduleStatus', '=', 15).orderBy('scheduleId').executeTakeFirstOrThrow()) as { scheduleId: number; scheduleNo: string };
    const before = await board(screen);
    const other = await board(suzhou);
    const r = await h.call('POST', `${S}/${loaded.scheduleId}/depart`, { token: dispatch, data: {} });
    expect(r.body.code, r.body.msg).toBe(0);
    const after = await board(screen);
    expect(after.current.inTransit).toBe(before.current.inTransit + 1);
    expect(after.todayFigures.departed).toBe(Number(before.todayFigures.departed) + 1);
    expect(after.month.departed).toBe(Number(before.month.departed) + 1);
    expect(after.feed[0]).toMatchObject({ scheduleId: loaded.scheduleId, scheduleNo: loaded.scheduleNo, node: 20, nodeLabel: '发车' });
    // 苏州's board: its own rows only, unchanged by Shanghai's step
    const again = await board(suzhou);
    expect(again.current).toEqual(other.current);
    expect(again.todayFigures).toEqual(other.todayFigures);
    expect(again.feed.map((f) => f.scheduleId)).not.toContain(loaded.scheduleId);
    const today = chinaDay(new Date());
    matches(again.month, await expected(sz, `${today.slice(0, 7)}-01`, today));
  });

  it('is read only with the 大屏看板 permission: the screen login, the general manager, not dispatch nor business', async () => {
    expect((await h.call('GET', BOARD, { token: await h.login('gm') })).status).toBe(200);
    for (const who of ['dispatch', 'business']) {
      const r = await h.call('GET', BOARD, { token: await h.login(who) });
      expect(r.status, who).toBe(403);
    }
    expect((await h.call('GET', BOARD, {})).status).toBe(401);
  });
});
