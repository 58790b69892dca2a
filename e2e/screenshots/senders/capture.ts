import { randomUUID } from 'node:crypto';
import type { Campaign } from '@postlark/shared/campaigns';
import { ROUTES } from '@postlark/shared/routes';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { confirmationPath, confirmSender } from '../../support/senders';
import { shoot, WIDTHS } from '../shoot';

// The Senders page (a confirmed and a pending address, a domain whose check failed), the
// confirmation link's page, the editor's From choice and the test dialog, at phone and desktop
// widths, into e2e/screenshots/out/. Everything is made through the real API and mail.

// A scheduled campaign whose sender was removed before its time, as the list shows it: a sample
// shaped by the contract (packages/shared/src/campaigns.ts), since reaching it takes a day's wait.
const HELD: Campaign = {
  id: '0193a5b2-7c1d-7e00-8000-0000000000bb',
  name: 'Weekly digest',
  subject: 'This week at Lark Letters',
  preheader: '',
  from_name: 'Lark Letters',
  from_email: 'weekly@larkletters.example',
  reply_to: '',
  content_html: '<p>Hello</p>',
  content_text: null,
  audience: { list_ids: [], segment_ids: [] },
  tracking: true,
  status: 'draft',
  scheduled_at: null,
  scheduled_timezone: null,
  started_at: null,
  finished_at: null,
  created_at: '2026-11-20T16:12:00.000Z',
  updated_at: '2026-11-24T09:00:00.000Z',
  messages: null,
  relay_error: null,
  held_reason: SENDER_MESSAGES.heldFromNotConfirmed('weekly@larkletters.example'),
  paused_reason: null,
  ab_test: null,
  ab_test_state: null,
  send_time_optimisation: null,
  delivery_connection_id: null,
};

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`senders at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-senders-${label}`, { first_name: 'Ada' });
    const tag = randomUUID().slice(0, 6);
    const confirmed = `news-${tag}@larkletters.example`;
    const pending = `team-${tag}@larkletters.example`;
    await confirmSender(page, inbox, confirmed);
    await page.request.post('/api/campaigns/v1/senders', { data: { email: pending } });
    const domain = `mail-${tag}.invalid`;
    const added = await page.request.post('/api/campaigns/v1/sender-domains', { data: { domain } });
    const { domain: created } = ((await added.json()) as { payload: { domain: { id: string } } }).payload;
    await page.request.post(`/api/campaigns/v1/sender-domains/${created.id}/verify`);

    await page.goto(ROUTES.senders);
    await page.getByRole('alert').filter({ hasText: '_postlark' }).or(page.getByRole('alert').filter({ hasText: 'did not answer' })).first().waitFor();
    await shoot(page, `${label}-senders`);

    // The pending address's link, as its mailbox's owner sees it, before and after the click.
    const link = confirmationPath((await inbox.message(pending)).text);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm this address' }).waitFor();
    await shoot(page, `${label}-confirm-sender`);
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    await page.getByText(SENDER_MESSAGES.confirmed(pending)).waitFor();
    await shoot(page, `${label}-confirm-sender-done`);

    await page.goto(ROUTES.newCampaign);
    await page.getByRole('button', { name: 'Start from scratch' }).click();
    await page.getByRole('textbox', { name: 'Campaign name' }).fill('November news');
    await page.getByRole('combobox', { name: 'From email' }).selectOption(confirmed);
    await shoot(page, `${label}-campaign-from`);
    await page.getByRole('textbox', { name: 'Subject line' }).fill('News for you');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => /\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('dialog', { name: 'Send a test' }).waitFor();
    await shoot(page, `${label}-campaign-test-dialog`);

    await page.route('**/api/campaigns/v1/campaigns', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { payload: { campaigns: [HELD] } } }) : route.fallback(),
    );
    await page.goto(ROUTES.campaigns);
    await page.getByText(HELD.held_reason!).waitFor();
    await shoot(page, `${label}-campaigns-held`);
  });
}
