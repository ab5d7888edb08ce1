/**
 * npm run restore -- <backup folder> [--replace]
 * Restores a folder made by `npm run backup` into the configured database (DATABASE_URL, else the
 * embedded one under DATA_DIR) and upload folder. A database that already holds data is left
 * alone unless --replace. Stop the servers first: they would keep serving the data being replaced.
 */
import path from 'node:path';
import { connectDatabase, pgliteDir } from '../server/db/connect';
import { uploadsDir } from '../server/files/files';
import { restoreDatabase } from '../server/ops/backup';
import { claimDataFolder } from '../server/ops/startup';
import { loadEntities } from '../server/schema/load';
import { mkdirSync } from 'node:fs';

const args = process.argv.slice(2);
const source = args.find((a) => !a.startsWith('--'));
if (!source) {
  console.error('用法：npm run restore -- <备份目录> [--replace]');
  process.exit(2);
}
const folder = path.resolve(source);
let release = () => undefined as void;
try {
  if (!process.env.DATABASE_URL) {
    mkdirSync(pgliteDir(), { recursive: true });
    release = claimDataFolder(pgliteDir());
  }
  const database = await connectDatabase();
  try {
    const summary = await restoreDatabase(database.db, loadEntities(), folder, uploadsDir(), { replace: args.includes('--replace') });
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(`恢复完成：${folder}\n  ${rows} 行；${summary.files} 个上传文件`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`恢复失败：${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  release();
}
