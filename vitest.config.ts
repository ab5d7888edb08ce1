import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and must never be collected by vitest (STACK pitfall 9).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // The seeded database template is built once before the files run (tests/server/helpers/global-setup.ts).
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    environment: 'node',
  },
});
