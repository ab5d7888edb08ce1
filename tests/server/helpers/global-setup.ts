/**
 * Builds the seeded database templates once, before the test files run: otherwise every file that
 * starts at the same moment builds its own copy at once (all demo seeders, on shared cores) and
 * their setup hooks time out. PGlite's (in this process) and PostgreSQL's (mostly in the server)
 * are built side by side.
 */
import { postgresReachable, postgresTemplate, templateDump } from './databases';

export default async function setup(): Promise<void> {
  await Promise.all([templateDump(), postgresReachable().then((up) => (up ? postgresTemplate() : false))]);
}
