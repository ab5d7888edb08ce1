/**
 * npm run backup [-- --out <folder>]
 * Backs up the database (PostgreSQL when DATABASE_URL is set, else the embedded one under DATA_DIR)
 * and the upload folder into a new folder (default ./backups/backup-<time>). PostgreSQL is backed
 * up while the servers run; the embedded database only while no server has it open.
 */
import path from 'node:path';
import { connectDatabase, pgliteDir } from '../server/db/connect';
import { uploadsDir } from '../server/files/files';
import { backupDatabase } from '../server/ops/backup';
import { claimDataFolder } from '../server/ops/startup';
import { argValue } from './ops-args';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const folder = path.resolve(argValue('--out') ?? path.join('backups', `backup-${stamp}`));
const release = process.env.DATABASE_URL ? () => undefined : claimDataFolder(pgliteDir());
try {
  const database = await connectDatabase();
  try {
    const summary = await backupDatabase(database.db, database.kind, folder, uploadsDir());
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(`备份完成：${folder}\n  ${Object.keys(summary.tables).length} 张表，${rows} 行；${summary.files} 个上传文件`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`备份失败：${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  release();
}
