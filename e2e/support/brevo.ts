import { type FakeBrevo, startFakeBrevo } from '../../apps/api/test/support/fakes/brevo';
import { cspCheckedTest } from './csp';
import { type Inbox, outboxInbox } from './mail';
import { type RunningServer, runServer } from './server';

// A customer's Brevo account in the browser: the API tests' own Brevo fake on loopback, and a server
// of the test's own whose BREVO_API_URL points at it (the product reads Brevo's address from that
// setting, so nothing reaches the internet). Its sync worker picks queued imports and deliveries up
// within a second, so no poll interval needs shortening.

const SERVER_FIXTURE_TIMEOUT_MS = 90_000;

export const brevoTest = cspCheckedTest.extend<{ brevo: FakeBrevo; brevoServer: RunningServer; inbox: Inbox }>({
  // eslint-disable-next-line no-empty-pattern
  brevo: async ({}, use) => {
    // The fake's rate limits are the API tests' business (their 429 storm); here they would only slow the page.
    const fake = await startFakeBrevo({ rateLimits: false, account: { companyName: 'Lark Letters' } });
    try {
      await use(fake);
    } finally {
      await fake.close();
    }
  },
  brevoServer: [
    // Stopped before the fake (it depends on it: fixtures end in reverse), so its worker is not cut off mid-call.
    async ({ brevo }, use) => runServer(use, { BREVO_API_URL: brevo.url, EMAIL_SEND_LIMIT_PER_MINUTE: '1000' }),
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ brevoServer }, use) => {
    await use(brevoServer.baseURL);
  },
  inbox: async ({ request }, use) => {
    await use(outboxInbox(request));
  },
});
