import type { Db } from './connect';
import type { EntityMap } from '../schema/types';
import { runMigrations } from './migrate';
import { syncEntities } from './sync';
import { ensurePinyinCollation } from './collation';
import { ensurePinyinSortIndexes } from './sort-indexes';
import { loadCatalogue } from '../schema/load';

/**
 * Entity tables first (migrations may refer to them), then the numbered migrations, then the
 * pinyin collation lists sort by, and the indexes that give those sorts their order.
 */
export async function prepareDatabase(db: Db, entities: EntityMap): Promise<void> {
  await syncEntities(db, entities);
  await runMigrations(db);
  if ((await ensurePinyinCollation(db)) !== 'none') await ensurePinyinSortIndexes(db, entities, loadCatalogue());
}
