import type { Db } from './connect';
import type { EntityMap } from '../schema/types';
import { runMigrations } from './migrate';
import { syncEntities } from './sync';

/** Entity tables first (migrations may refer to them), then the numbered migrations. */
export async function prepareDatabase(db: Db, entities: EntityMap): Promise<void> {
  await syncEntities(db, entities);
  await runMigrations(db);
}
