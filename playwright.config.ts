import { defineConfig } from '@playwright/test';

/**
 * E2E against the real server serving the built UI (run `npm run build` first). Debian's
 * chromium (STACK pitfall 3); each run starts from a fresh data folder.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/logistics-e2e-${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry in CI, for the trace of a second attempt; a test that needed it fails the run all
  // the same (failOnFlakyTests): a retry must never hide a real failure.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    video: 'off',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && exec node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/user-base/organization/allow-anonymous/list`,
    // SSO_CLIENT_KEY: the integrating-system key tests/e2e/shell.spec.ts uses to obtain single-sign-on tickets.
    // GPS_INGEST_KEY: the positions provider's key tests/e2e/tracking.spec.ts pushes with; the demo
    // feeder stays off so only the spec moves trucks.
    env: {
      PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SSO_CLIENT_KEY: process.env.SSO_CLIENT_KEY ?? 'e2e-sso-client-key',
      GPS_INGEST_KEY: process.env.GPS_INGEST_KEY ?? 'e2e-gps-key', TRACK_DEMO_FEEDER: '0',
    },
    // E2E_REUSE=1 runs the specs against a server already listening on E2E_PORT (local iteration).
    reuseExistingServer: process.env.E2E_REUSE === '1',
    // the server seeds the demo data first: over 2 minutes on a busy 2-core machine
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
