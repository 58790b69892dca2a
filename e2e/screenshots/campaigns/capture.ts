import type { Page } from '@playwright/test';
import type { Campaign } from '@postlark/shared/campaigns';
import { campaignPath, ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot, WIDTHS } from '../shoot';

// A campaign whose messages wait because the mail relay cannot be reached, on its page and in the
// list, at phone and desktop widths, into e2e/screenshots/out/. Reaching that state for real takes
// a relay that refuses connections for the whole run, so the API's answers are a sample shaped by
// the contract (packages/shared/src/campaigns.ts).


const WAITING: Campaign = {
  id: '0193a5b2-7c1d-7e00-8000-0000000000aa',
  name: 'December digest',
  subject: 'Five stories you missed this month',
  reader_subject: 'Five stories you missed this month',
  preheader: '',
  from_name: 'Lark Letters',
  from_email: 'news@lark.example',
  reply_to: '',
  content_html: '<h1>Hello {{ first_name }}</h1><p>Here is what happened this month.</p>',
  content_text: null,
  audience: { list_ids: [], segment_ids: [] },
  tracking: true,
  status: 'sending',
  scheduled_at: null,
  scheduled_timezone: null,
  started_at: '2026-12-01T09:00:00.000Z',
  finished_at: null,
  created_at: '2026-11-28T16:12:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
  messages: { pending: 7_420, sending: 0, sent: 5_060, failed: 0, unknown: 0, skipped: 12, held: 0 },
  relay_error: 'The relay could not be reached: connect ECONNREFUSED 10.0.4.12:587',
  held_reason: null,
  paused_reason: null,
  ab_test: null,
  ab_test_state: null,
  send_time_optimisation: null,
  delivery_connection_id: null,
};

async function answerWithSample(page: Page) {
  await page.route('**/api/campaigns/v1/campaigns', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { payload: { campaigns: [WAITING] } } }) : route.fallback(),
  );
  await page.route(`**/api/campaigns/v1/campaigns/${WAITING.id}`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { payload: { campaign: WAITING } } }) : route.fallback(),
  );
}


for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`a campaign waiting for the relay at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-relay-${label}`, { first_name: 'Ada' });
    await answerWithSample(page);
    await page.goto(ROUTES.campaigns);
    await page.getByText('Waiting for the mail relay').waitFor();
    await shoot(page, `${label}-campaigns-relay-waiting`);
    await page.goto(campaignPath(WAITING.id));
    await page.getByRole('status').filter({ hasText: 'the mail relay cannot be reached' }).waitFor();
    await shoot(page, `${label}-campaign-relay-waiting`);
  });
}
