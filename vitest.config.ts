import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and must never be collected by vitest (STACK pitfall 9).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Two workers share CI's two cores with the PostgreSQL server: a first definitions build or a
    // template copy can take several times its quiet duration, which is not a failure.
    testTimeout: 90000,
    hookTimeout: 120000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2-core machine left
    // a core idle for ~17 minutes. Each server test file works on its own copy of the database.
    maxWorkers: 2,
    // The seeded database template is built once before the files run (tests/server/helpers/global-setup.ts).
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    environment: 'node',
  },
});
