/**
 * Date-driven contract states (DOMAIN §4.2): an approved contract comes into force on its start
 * day (0 → 10) and expires after its end day (10 → 20). Runs at start-up and hourly, for every
 * enabled organisation, as the system (the timeline shows 系统 as the operator).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap } from '../schema/types';
import { runTransition, type WriteContext } from '../crud/write';
import { chinaToday } from './common';
import { scheduleHourly } from '../ops/hourly';

export async function refreshContractDates(db: Db, entities: EntityMap, now = new Date()): Promise<{ activated: number; expired: number }> {
  const today = chinaToday(now);
  const entity = entities.contract;
  if (!entity) return { activated: 0, expired: 0 };
  const due = (await db.selectFrom('contract').select(['contractId', 'orgId', 'corpId', 'contractState'])
    .where('auditState', '=', 15)
    .where((eb) => eb.or([
      eb.and([eb('contractState', '=', 0), eb('startDate', '<=', today)]),
      eb.and([eb('contractState', '=', 10), eb('endDate', '<', today)]),
    ]))
    .orderBy('contractId').execute()) as { contractId: number; orgId: number; corpId: number; contractState: number }[];
  let activated = 0;
  let expired = 0;
  for (const c of due) {
    await db.transaction().execute(async (trx) => {
      const session: Session = { sessionId: 0, accountId: 0, staffId: 0, orgId: c.orgId, corpId: c.corpId, depId: null, permissions: [] };
      const w: WriteContext = { db: trx, session, entities };
      let state = c.contractState;
      if (state === 0) {
        await runTransition(w, entity, c.contractId, 'activate', { values: {}, comment: null }, { system: true });
        activated += 1;
        state = 10;
      }
      const row = (await trx.selectFrom('contract').select('endDate').where('contractId', '=', c.contractId).executeTakeFirstOrThrow()) as { endDate: string };
      if (state === 10 && String(row.endDate) < today) {
        await runTransition(w, entity, c.contractId, 'expire', { values: {}, comment: null }, { system: true });
        expired += 1;
      }
    });
  }
  return { activated, expired };
}

/** Runs the refresh before the server takes requests (no contract is served in a stale state) and hourly. */
export function scheduleContractDates(app: FastifyInstance, db: Db, entities: EntityMap): void {
  scheduleHourly(app, '合同状态按日期刷新失败', () => refreshContractDates(db, entities));
}
