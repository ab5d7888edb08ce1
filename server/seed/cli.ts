/** `npm run seed`: sync the schema and seed the demo data when the database is empty. */
import { connectDatabase } from '../db/connect';
import { prepareDatabase } from '../db/prepare';
import { loadEntities } from '../schema/load';
import { demoLoginLines, seedIfEmpty } from './seed';

const database = await connectDatabase();
try {
  await prepareDatabase(database.db, loadEntities());
  const seeded = await seedIfEmpty(database.db);
  console.log(seeded ? '演示数据已写入 (demo data seeded)' : '数据库已有数据，跳过 (database not empty, nothing to do)');
  for (const line of demoLoginLines()) console.log(line);
} finally {
  await database.close();
}
