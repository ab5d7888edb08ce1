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
for (const line of demoLoginLines()) app.log.info(line);

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

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 8080) });
