/** Production entry: connect, sync tables, seed an empty database, listen, shut down cleanly. */
import { mkdirSync } from 'node:fs';
import { connectDatabase, pgliteDir } from './db/connect';
import { prepareDatabase } from './db/prepare';
import { loadEntities } from './schema/load';
import { seedIfEmpty, demoLoginLines } from './seed/seed';
import { buildApp } from './app';
import { installGracefulShutdown } from './ops/shutdown';
import { claimDataFolder, withStartupLock } from './ops/startup';
import { demoFeederWanted, startDemoFeeder } from './tracking/feeder';

// The embedded database is one process's: refuse a second one on the same folder before opening it.
let release = () => undefined as void;
if (!process.env.DATABASE_URL) {
  mkdirSync(pgliteDir(), { recursive: true });
  release = claimDataFolder(pgliteDir());
  process.on('exit', () => release());
}
const database = await connectDatabase();
const entities = loadEntities();
const seeded = await withStartupLock(database, async (db) => {
  await prepareDatabase(db, entities);
  return seedIfEmpty(db);
});

const app = await buildApp({ database, entities });
if (seeded) app.log.info('demo data seeded');

installGracefulShutdown(app, database);
// Demo trucks drive their corridors while the demo group is loaded (TRACK_DEMO_FEEDER=0 turns it off).
if (await demoFeederWanted(database.db)) startDemoFeeder(app, database.db);

const address = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 8080) });
// A plain banner for the person who ran `npm start` (the JSON log is for machines).
console.log(`\n物流综合管理系统已启动: ${address}\n${demoLoginLines().join('\n')}\n`);
