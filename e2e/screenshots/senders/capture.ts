// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- dns2 ships no types; its declaration sits beside the loopback DNS server this script starts
/// <reference path="../../../apps/api/test/support/dns2.d.ts" />
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Campaign } from '@postlark/shared/campaigns';
import { ROUTES } from '@postlark/shared/routes';
import { SENDER_MESSAGES, type SenderDomain } from '@postlark/shared/senders';
import { startTestDnsServer, type TestDnsServer } from '../../../apps/api/test/support/dns-server';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { runServer, type RunningServer } from '../../support/server';
import { confirmationPath, confirmSender } from '../../support/senders';
import { shoot } from '../shoot';

// The Senders page (an authenticated domain, one whose records are partly published, one not yet
// checked; a confirmed and a pending address), the confirmation link's page, the editor's From
// choice with a free-mail address and the test dialog, at 1440 and 390 px wide, into
// e2e/screenshots/out/. Everything is made through the real API, mail and DNS: the server asks a
// DNS server on loopback that publishes what each domain's records should show.

const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const BOUNCE_DOMAIN = 'bounces.postlark.example';

const dnsTest = test.extend<{ dns: TestDnsServer; dnsServer: RunningServer }>({
  // eslint-disable-next-line no-empty-pattern
  dns: async ({}, use) => {
    const dns = await startTestDnsServer();
    await use(dns);
    await dns.stop();
  },
  dnsServer: [
    async ({ dns }, use) => runServer(use, { DNS_SERVERS: dns.servers.join(','), BOUNCE_DOMAIN, EMAIL_SEND_LIMIT_PER_MINUTE: '1000' }),
    { timeout: 90_000 },
  ],
  baseURL: async ({ dnsServer }, use) => {
    await use(dnsServer.baseURL);
  },
});

async function addDomain(request: APIRequestContext, domain: string): Promise<SenderDomain> {
  const added = await request.post('/api/campaigns/v1/sender-domains', { data: { domain } });
  return ((await added.json()) as { payload: { domain: SenderDomain } }).payload.domain;
}

const record = (domain: SenderDomain, purpose: string) => domain.records.find((each) => each.purpose === purpose)!;

// A scheduled campaign whose sender was removed before its time, as the list shows it: a sample
// shaped by the contract (packages/shared/src/campaigns.ts), since reaching it takes a day's wait.
const HELD: Campaign = {
  id: '0193a5b2-7c1d-7e00-8000-0000000000bb',
  name: 'Weekly digest',
  subject: 'This week at Lark Letters',
  reader_subject: 'This week at Lark Letters',
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
  dnsTest(`senders at ${label} width`, async ({ page, request, baseURL, inbox, dns }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-senders-${label}`, { first_name: 'Ada' });
    const tag = randomUUID().slice(0, 6);
    const confirmed = `news-${tag}@larkletters.example`;
    const pending = `team-${tag}@larkletters.example`;
    const freeMail = `ada.lark.${tag}@gmail.com`;
    // Addresses first: once their domain is authenticated, each of its addresses sends with no link.
    await confirmSender(page, inbox, confirmed);
    await confirmSender(page, inbox, freeMail);
    await page.request.post('/api/campaigns/v1/senders', { data: { email: pending } });

    // Everything published: authenticated.
    const signed = await addDomain(page.request, 'larkletters.example');
    dns.publishTxt(record(signed, 'dkim').name, record(signed, 'dkim').value);
    dns.publishCname(record(signed, 'return-path').name, BOUNCE_DOMAIN);
    dns.publishTxt(record(signed, 'dmarc').name, 'v=DMARC1; p=quarantine; rua=mailto:dmarc@larkletters.example');
    await page.request.post(`/api/campaigns/v1/sender-domains/${signed.id}/check`);
    // An old key at the DKIM name, the return path right, no DMARC yet: waiting for DNS.
    const mixed = await addDomain(page.request, 'larkbooks.example');
    dns.publishTxt(record(mixed, 'dkim').name, 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC1TaNgLlSyQMNWVLNLvyY');
    dns.publishCname(record(mixed, 'return-path').name, BOUNCE_DOMAIN);
    // Added a moment ago, not checked yet.
    await addDomain(page.request, 'lark.shop');

    await page.goto(ROUTES.senders);
    await page.getByRole('heading', { name: 'Sending domains' }).waitFor();
    await page.getByRole('button', { name: 'Check the DNS records of larkbooks.example now' }).click();
    await page.getByText(SENDER_MESSAGES.dnsWrongValue(record(mixed, 'dkim').name)).waitFor();
    await page.getByRole('article', { name: 'larkbooks.example' }).getByText('Wrong value').waitFor();
    await shoot(page, `${label}-senders`);

    // The pending address's link, as its mailbox's owner sees it, before and after the click.
    const link = confirmationPath((await inbox.message(pending)).text);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm this address' }).waitFor();
    await shoot(page, `${label}-confirm-sender`);
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    await page.getByText(SENDER_MESSAGES.confirmed(pending)).waitFor();
    await shoot(page, `${label}-confirm-sender-done`);

    // A free-mail From: the field says it goes out from our domain in Ada's name.
    await page.goto(ROUTES.newCampaign);
    await page.getByRole('button', { name: 'Start from scratch' }).click();
    await page.getByRole('textbox', { name: 'Campaign name' }).fill('November news');
    await page.getByRole('combobox', { name: 'From email' }).selectOption(freeMail);
    await page.getByRole('note').filter({ hasText: 'mailbox provider' }).waitFor();
    await shoot(page, `${label}-campaign-from`);
    await page.getByRole('combobox', { name: 'From email' }).selectOption(confirmed);
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
