import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// Not a test suite: `npm run screenshots -w @postlark/e2e` draws the customer area at phone and
// desktop widths into e2e/screenshots/out/, to be looked at after a change to its pages.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'capture.ts',
  workers: 1,
  timeout: 180_000,
});
