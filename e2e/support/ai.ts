import type { Locator, Page } from '@playwright/test';
import { type FakeOpenAi, startFakeOpenAi } from '../../apps/api/test/support/fakes/openai-compatible';
import { cspCheckedTest } from './csp';
import { type Inbox, outboxInbox } from './mail';
import { removeDataDir, type RunningServer, startServer } from './server';

// The writing assistant in the browser: a fake OpenAI-compatible provider on loopback (the API's own
// test fake) and a server whose default provider it is (AI_BASE_URL/AI_MODEL/AI_API_KEY), allowed to
// reach this machine (AI_ALLOW_LOCAL, development only). One of each per worker: every test signs
// up an account of its own, and the free attempts are counted per account.

const SERVER_FIXTURE_TIMEOUT_MS = 90_000;
const SHOTS = new URL('../screenshots/out/', import.meta.url).pathname;
/** A key distinctive enough that finding it anywhere on a page would mean it leaked. */
export const FAKE_AI_KEY = 'sk-e2e-5ecret-key-9f3c';

/**
 * A test whose server (one per worker) has the fake as its default provider; `settings` adds to
 * the server's (the A/B tests' browser test looks every second, AB_LOOK_EVERY_SECONDS).
 */
export function fakeAiServerTest(settings: Record<string, string> = {}) {
  return cspCheckedTest.extend<{ inbox: Inbox }, { fakeAi: FakeOpenAi; aiServer: RunningServer }>({
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
    aiServer: [
      async ({ fakeAi }, use) => {
        const server = await startServer({
          AI_BASE_URL: fakeAi.url,
          AI_MODEL: fakeAi.model,
          AI_API_KEY: FAKE_AI_KEY,
          AI_ALLOW_LOCAL: 'true',
          EMAIL_SEND_LIMIT_PER_MINUTE: '1000',
          AI_GENERATIONS_PER_MINUTE: '100',
          ...settings,
        });
        try {
          await use(server);
        } finally {
          await server.stop();
          await removeDataDir(server.dataDir);
        }
      },
      { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
    ],
    baseURL: async ({ aiServer }, use) => {
      await use(aiServer.baseURL);
    },
    inbox: async ({ request }, use) => {
      await use(outboxInbox(request));
    },
  });
}

export const aiTest = fakeAiServerTest();

/** The assistant's parts of the editor and the top bar, by the names they give themselves. */
export function assistant(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  return {
    badge: page.getByText(/^Free attempts left: \d+$/),
    suggestSubjects: page.getByRole('button', { name: 'Suggest subject lines with AI' }),
    subjectIdeas: page.getByRole('list', { name: 'Subject line ideas' }),
    use: (idea: string) => page.getByRole('button', { name: `Use: ${idea}`, exact: true }),
    subjectCheck: page.getByRole('list', { name: 'Subject line check' }),
    rewrite: toolbar.getByRole('button', { name: 'Rewrite' }),
    rewriteStyle: (label: string) => page.getByRole('menu', { name: 'Rewrite the selection with AI' }).getByRole('menuitem', { name: label }),
    stop: page.getByRole('button', { name: 'Stop' }),
    draft: page.getByRole('button', { name: 'Draft with AI' }),
    draftDialog: page.getByRole('dialog', { name: 'Draft a campaign with AI' }),
  };
}

/** Selects the whole text of one paragraph of the content (a triple click selects the block in ProseMirror). */
export async function selectParagraph(paragraph: Locator) {
  await paragraph.click({ clickCount: 3 });
}

/**
 * The page as it looks now, at a desktop's and a phone's width, with the target in view: into the
 * screenshots' out/ folder (git-ignored, and not wiped by the next run as test output is) for people to look at.
 */
export async function screenshotsAtBothWidths(page: Page, name: string, target?: Locator) {
  for (const [label, size] of [
    ['1440', { width: 1440, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    await page.setViewportSize(size);
    if (target) await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}ai-${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
