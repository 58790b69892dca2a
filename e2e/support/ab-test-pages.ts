import type { Page } from '@playwright/test';
import { type FakeOpenAi, startFakeOpenAi } from '../../apps/api/test/support/fakes/openai-compatible';
import { FAKE_AI_KEY } from './ai';
import { cspCheckedTest } from './csp';
import { type Inbox, outboxInbox } from './mail';
import { removeDataDir, type RunningServer, startServer } from './server';

// The A/B test's pieces (issue 20): the editor's card, a started test's card, the tests page.

export function abTestPanel(page: Page) {
  const card = page.getByRole('region', { name: 'A/B test', exact: true });
  return {
    card,
    setUp: card.getByRole('button', { name: 'Set up an A/B test' }),
    remove: card.getByRole('button', { name: 'Remove the test' }),
    dimension: (name: string) => card.getByRole('radio', { name, exact: true }),
    variant: (label: string, field: string) => card.getByRole('textbox', { name: `Variant ${label}: ${field}` }),
    addVariant: card.getByRole('button', { name: 'Add a variant' }),
    testShare: card.getByRole('spinbutton', { name: 'Test group (%)' }),
    metric: card.getByRole('combobox', { name: 'Winner by' }),
    wait: card.getByRole('combobox', { name: 'Longest wait' }),
    detectable: card.getByRole('status'),
  };
}

export function abTestsPage(page: Page) {
  const table = page.getByRole('table', { name: 'A/B tests' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Auto A/B Testing' }),
    table,
    row: (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) }),
    filter: (name: string) => page.getByRole('group', { name: 'Show tests' }).getByRole('button', { name, exact: true }),
  };
}

/**
 * A server of its own whose A/B tests are looked at every second instead of every 5 minutes
 * (AB_LOOK_EVERY_SECONDS, a setting the decision does not depend on: its error rate holds however
 * often it looks), so a browser test sees a decision while it watches; its default AI provider is
 * the fake OpenAI-compatible server on loopback (as support/ai.ts sets it up), for suggested variants.
 */
export const abServerTest = cspCheckedTest.extend<{ inbox: Inbox }, { fakeAi: FakeOpenAi; abServer: RunningServer }>({
  fakeAi: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeOpenAi({ apiKey: FAKE_AI_KEY });
      try {
        await use(fake);
      } finally {
        await fake.close();
      }
    },
    { scope: 'worker' },
  ],
  abServer: [
    async ({ fakeAi }, use) => {
      const server = await startServer({
        AB_LOOK_EVERY_SECONDS: '1',
        EMAIL_SEND_LIMIT_PER_MINUTE: '1000',
        AI_BASE_URL: fakeAi.url,
        AI_MODEL: fakeAi.model,
        AI_API_KEY: FAKE_AI_KEY,
        AI_ALLOW_LOCAL: 'true',
      });
      try {
        await use(server);
      } finally {
        await server.stop();
        await removeDataDir(server.dataDir);
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ abServer }, use) => {
    await use(abServer.baseURL);
  },
  inbox: async ({ request }, use) => {
    await use(outboxInbox(request));
  },
});
