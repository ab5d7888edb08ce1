/** Production entry: connect, sync tables, seed an empty database, listen, shut down cleanly. */
import { connectDatabase } from './db/connect';
import { prepareDatabase } from './db/prepare';
import { loadEntities } from './schema/load';
import { seedIfEmpty, demoLoginLines } from './seed/seed';
import { buildApp } from './app';

const database = await connectDatabase();
const entities = loadEntities();
await prepareDatabase(database.db, entities);
const seeded = await seedIfEmpty(database.db);

const app = await buildApp({ database, entities });
if (seeded) app.log.info('demo data seeded');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
  } finally {
    await database.close();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const address = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 8080) });
// A plain banner for the person who ran `npm start` (the JSON log is for machines).
console.log(`\n物流综合管理系统已启动: ${address}\n${demoLoginLines().join('\n')}\n`);
