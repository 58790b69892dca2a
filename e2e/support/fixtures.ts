import type { TestInfo } from '@playwright/test';
import { hydrationCheckedTest as base } from './hydration';
import { startTestSmtpServer, type TestSmtpServer } from '../../apps/api/test/support/smtp-server';
import { type Inbox, outboxInbox, relayInbox } from './mail';
import { readSubmissions, runServer, type RunningServer, type ServerSettings, type StoredSubmission } from './server';

export { expect } from '@playwright/test';

// Starting the server compiles it with tsx and migrates a fresh database: seconds, more on a busy
// machine. Its own timeout keeps that time out of the test's 30 s, which is for the page.
const SERVER_FIXTURE_TIMEOUT_MS = 90_000;
// Reading stored rows stops the server and runs the CLI (another tsx start) inside the test body.
const READ_STORED_EXTRA_MS = 60_000;

// The account tests on a worker's server each send a few mails from the same loopback client; the
// default of 10 a minute per client is for the public, not for a test run. Imports do not ask DNS
// about their addresses' domains: the machines these run on may resolve no public name (the API
// tests check domains against a DNS server of their own).
const SHARED_SERVER_SETTINGS: ServerSettings = { EMAIL_SEND_LIMIT_PER_MINUTE: '1000', IMPORT_CHECK_DOMAINS: 'false' };

interface WorkerFixtures {
  /** One real server per worker, for tests that only look at pages or use unique addresses. Mail goes to its dev outbox. */
  sharedServer: RunningServer;
}

interface MailFixtures {
  /** The mail the page's server sent: its dev outbox, or the test's own SMTP relay. */
  inbox: Inbox;
}

interface RelayFixtures {
  /** A real SMTP server on loopback, started for this test alone. */
  smtp: TestSmtpServer;
  /** This test's own server, sending its mail through `smtp` (SMTP_URL), so it has no dev outbox. */
  relayServer: RunningServer;
}

interface IsolatedFixtures {
  /** A fresh server for this test alone, so the rows it stores are exactly the test's own. */
  ownServer: RunningServer;
  /** Stops this test's server (PGlite belongs to one process) and reads what it stored. */
  storedSubmissions: () => Promise<StoredSubmission[]>;
}

/** Tests that only read pages, or use addresses of their own, share their worker's server. */
export const test = base.extend<MailFixtures, WorkerFixtures>({
  sharedServer: [
    // Playwright reads fixture dependencies from the destructuring pattern, so it must stay.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => runServer(use, SHARED_SERVER_SETTINGS),
    { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ sharedServer }, use) => {
    await use(sharedServer.baseURL);
  },
  inbox: async ({ request }, use) => {
    await use(outboxInbox(request));
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

/**
 * Tests of mail through a real relay: an SMTP server on loopback and a server of the test's own
 * whose SMTP_URL points at it. The server stops before the relay, so no delivery is cut off.
 */
export const relayTest = base.extend<RelayFixtures & MailFixtures>({
  // eslint-disable-next-line no-empty-pattern
  smtp: async ({}, use) => {
    const relay = await startTestSmtpServer();
    try {
      await use(relay);
    } finally {
      await relay.stop();
    }
  },
  relayServer: [async ({ smtp }, use) => runServer(use, { SMTP_URL: smtp.url }), { timeout: SERVER_FIXTURE_TIMEOUT_MS }],
  baseURL: async ({ relayServer }, use) => {
    await use(relayServer.baseURL);
  },
  inbox: async ({ smtp }, use) => {
    await use(relayInbox(smtp));
  },
});
