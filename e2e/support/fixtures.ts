import { test as base } from '@playwright/test';
import type { TestInfo } from '@playwright/test';
import { readSubmissions, removeDataDir, startServer, type RunningServer, type StoredSubmission } from './server';

export { expect } from '@playwright/test';

// Starting the server compiles it with tsx and migrates a fresh database: seconds, more on a busy
// machine. Its own timeout keeps that time out of the test's 30 s, which is for the page.
const SERVER_FIXTURE_TIMEOUT_MS = 90_000;
// Reading stored rows stops the server and runs the CLI (another tsx start) inside the test body.
const READ_STORED_EXTRA_MS = 60_000;

interface WorkerFixtures {
  /** One real server per worker, for tests that only look at pages. */
  sharedServer: RunningServer;
}

interface IsolatedFixtures {
  /** A fresh server for this test alone, so the rows it stores are exactly the test's own. */
  ownServer: RunningServer;
  /** Stops this test's server (PGlite belongs to one process) and reads what it stored. */
  storedSubmissions: () => Promise<StoredSubmission[]>;
}

/** A fresh server for as long as the fixture is in use, then stopped and its data removed. */
async function runServer(use: (server: RunningServer) => Promise<void>) {
  const server = await startServer();
  try {
    await use(server);
  } finally {
    await server.stop();
    await removeDataDir(server.dataDir);
  }
}

/** Tests that only read pages share their worker's server. */
export const test = base.extend<object, WorkerFixtures>({
  sharedServer: [
    // Playwright reads fixture dependencies from the destructuring pattern, so it must stay.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => runServer(use),
    { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ sharedServer }, use) => {
    await use(sharedServer.baseURL);
  },
});

/**
 * Tests that assert stored rows get their own server, and the page talks to it. baseURL no longer
 * depends on the worker's server here, so that one is not even started for these tests.
 */
export const isolatedTest = base.extend<IsolatedFixtures>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => runServer(use),
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
  storedSubmissions: async ({ ownServer }, use, testInfo: TestInfo) => {
    await use(async () => {
      testInfo.setTimeout(testInfo.timeout + READ_STORED_EXTRA_MS);
      await ownServer.stop();
      return readSubmissions(ownServer.dataDir);
    });
  },
});
