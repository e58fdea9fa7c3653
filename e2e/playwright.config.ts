import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against real servers that the
 * fixtures in support/ start from the built app, each on its own data directory.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  // Generous: on a busy two-core machine a long journey takes well over a minute; a hang still fails.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 1,
  reporter: process.env.CI ? [['line']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Every journey runs on a phone, where most customers shop (docs/architecture.md#speed)...
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      grepInvert: /@desktop/,
    },
    // ...and the journeys tagged @desktop, about what only wide screens have, at 1280 x 800.
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        browserName: 'chromium',
      },
      grep: /@desktop/,
    },
    // Two servers behind nginx with the shipped configuration (README, "Running more than one
    // server"), on a phone: cluster/ starts its own servers, database, bucket and nginx.
    {
      name: 'cluster',
      testDir: './cluster',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
  ],
});
