import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser build (scripts/ensure-chromium.sh installs it).
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  // Each test file starts its own servers through the fixtures in support/; there is no webServer.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    trace: 'off',
    // The site's scroll animations (AOS) are off under reduced motion, so every section is visible
    // without scrolling; layout.spec.ts checks the animated path separately.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
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
    },
  ],
});
