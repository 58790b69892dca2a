import { hydrationCheckedTest as base } from './hydration';
import { startTestSmtpServer, type TestSmtpServer } from '../../apps/api/test/support/smtp-server';
import { type Inbox, relayInbox } from './mail';
import { removeDataDir, restartServer, type ServerSettings, startServer } from './server';

// A server of the test's own whose guardrails judge a small campaign (issue 32): its mail goes
// through a loopback relay that refuses every address starting with DEAD_PREFIX (550 5.1.1, a hard
// bounce at send time), and it can be restarted on the same data, a new process judging afresh.

/** Addresses the relay says do not exist. */
export const DEAD_PREFIX = 'gone-';

// The rules' smallest sample: ten messages of a campaign are judged as soon as they are sent.
const GUARDED_SETTINGS: ServerSettings = { EMAIL_SEND_LIMIT_PER_MINUTE: '1000', GUARD_HARD_BOUNCE_SAMPLE: '10', GUARD_HARD_BOUNCE_MINIMUM: '10' };
const SERVER_FIXTURE_TIMEOUT_MS = 90_000;

interface GuardedFixtures {
  smtp: TestSmtpServer;
  guardedServer: { baseURL: string; restart(): Promise<void> };
  inbox: Inbox;
}

export const guardedTest = base.extend<GuardedFixtures>({
  // eslint-disable-next-line no-empty-pattern
  smtp: async ({}, use) => {
    const relay = await startTestSmtpServer({ rejectRecipient: (address) => address.startsWith(DEAD_PREFIX) });
    try {
      await use(relay);
    } finally {
      await relay.stop();
    }
  },
  guardedServer: [
    async ({ smtp }, use) => {
      const settings = { ...GUARDED_SETTINGS, SMTP_URL: smtp.url };
      let server = await startServer(settings);
      try {
        await use({
          baseURL: server.baseURL,
          restart: async () => {
            server = await restartServer(server, settings);
          },
        });
      } finally {
        await server.stop();
        await removeDataDir(server.dataDir);
      }
    },
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ guardedServer }, use) => {
    await use(guardedServer.baseURL);
  },
  inbox: async ({ smtp }, use) => {
    await use(relayInbox(smtp));
  },
});
