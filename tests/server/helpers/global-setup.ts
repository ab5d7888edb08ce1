/**
 * Builds the seeded PGlite template once, before the test files run: otherwise every file that
 * starts at the same moment builds its own copy at once (all demo seeders, on shared cores) and
 * their setup hooks time out.
 */
import { templateDump } from './databases';

export default async function setup(): Promise<void> {
  await templateDump();
}
