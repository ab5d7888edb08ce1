/** tracking.* handlers: the provider's position push, and the 在途车辆 screens' reads. */
import type { Handler } from '../crud/context';
import { REPLIED, requireSession } from '../crud/context';
import { badRequest } from '../http/errors';
import { assertIngestKey, ingestPositions } from './ingest';
import { locationList, pathJson, scheduleTrack, trackList, truckDashboard } from './queries';

const ingest: Handler = async (ctx) => {
  // The key is the caller's identity: checked before anything is read; never logged (only its outcome).
  assertIngestKey(ctx.request.headers['x-gps-key']);
  const points = Array.isArray(ctx.body?.points) ? (ctx.body.points as unknown[]) : [];
  const result = await ingestPositions(ctx.db, points, { source: ctx.body?.source ?? 1 });
  ctx.request.log.info({ points: points.length, accepted: result.accepted, duplicates: result.duplicates, rejected: result.rejected.length }, 'positions ingested');
  return result;
};

export const trackingHandlers: Record<string, Handler> = {
  'tracking.ingest': ingest,
  'tracking.locationList': async (ctx) => locationList(ctx.db, requireSession(ctx).orgId, ctx.query),
  'tracking.trackList': async (ctx) => {
    const answer = await trackList(ctx.db, requireSession(ctx).orgId, ctx.query as { plate: string; start: string; end: string });
    // The points' JSON comes from the database as text and is passed through, not parsed and re-serialised.
    void ctx.reply.type('application/json; charset=utf-8').send(`{"code":0,"msg":"操作成功","data":${pathJson(answer)}}`);
    return REPLIED;
  },
  'tracking.scheduleTrack': async (ctx) => {
    const id = Number((ctx.params as { scheduleId?: string }).scheduleId);
    if (!Number.isInteger(id) || id <= 0) throw badRequest('调度单ID不正确', { field: 'scheduleId' });
    const answer = await scheduleTrack(ctx.db, requireSession(ctx).orgId, id);
    void ctx.reply.type('application/json; charset=utf-8').send(`{"code":0,"msg":"操作成功","data":${pathJson(answer)}}`);
    return REPLIED;
  },
  'tracking.dashboard': async (ctx) => truckDashboard(ctx.db, requireSession(ctx).orgId, ctx.query),
};
