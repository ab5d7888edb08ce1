import type { Db } from './connect';
import type { EntityMap } from '../schema/types';
import { runMigrations } from './migrate';
import { syncEntities } from './sync';
import { ensurePinyinCollation } from './collation';

/** Entity tables first (migrations may refer to them), then the numbered migrations, then the pinyin collation lists sort by. */
export async function prepareDatabase(db: Db, entities: EntityMap): Promise<void> {
  await syncEntities(db, entities);
  await runMigrations(db);
  await ensurePinyinCollation(db);
}
