/** What an area's demo-data seeder is. Its own module so that the seeders and the list of them (index.ts) don't import each other. */
import type { SeedContext } from '../context';

export interface AreaSeeder {
  name: string;
  seed(ctx: SeedContext): Promise<void>;
}
