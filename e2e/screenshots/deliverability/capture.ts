import type { Page } from '@playwright/test';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { DELIVERABILITY_TEXTS, type DeliverabilityDayCounts, type DeliverabilityOverview, MAILBOX_PROVIDERS } from '@postlark/shared/deliverability';
import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot } from '../shoot';

// The Deliverability page and Home's pause banner at a phone's and a desktop's width, into
// e2e/screenshots/out/: a new account as the server answers it (nothing sent), then a sample
// account paused by the hard-bounce rule after an imported list (given as
// packages/shared/src/deliverability.ts shapes it).

const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 11, 3);
const DATES = Array.from({ length: 30 }, (_, index) => new Date(TODAY - (29 - index) * DAY).toISOString().slice(0, 10));

// Each provider's share of a send, and how its readers complain and bounce.
const MIX: Record<(typeof MAILBOX_PROVIDERS)[number], { share: number; complaints: number; soft: number }> = {
  gmail: { share: 0.46, complaints: 0.0006, soft: 0.004 },
  microsoft: { share: 0.24, complaints: 0.0009, soft: 0.006 },
  yahoo: { share: 0.12, complaints: 0.0014, soft: 0.008 },
  apple: { share: 0.08, complaints: 0.0002, soft: 0.002 },
  other: { share: 0.1, complaints: 0.0004, soft: 0.011 },
};

/** A weekly newsletter, a mid-week promotion, then an old imported list sent yesterday and today. */
function counts(): DeliverabilityDayCounts[] {
  const rows: DeliverabilityDayCounts[] = [];
  DATES.forEach((date, index) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const imported = index >= 28;
    const sent = imported ? 3_400 + index * 20 : weekday === 0 ? 12_300 + index * 35 : weekday === 3 ? 5_800 + index * 20 : 0;
    if (sent === 0) return;
    for (const provider of MAILBOX_PROVIDERS) {
      const mix = MIX[provider];
      const share = Math.round(sent * mix.share);
      rows.push({
        date,
        provider,
        sent: share,
        hard: Math.round(share * (imported ? 0.082 : 0.0015)),
        soft: Math.round(share * mix.soft),
        complaints: Math.round(share * mix.complaints * (imported ? 3.2 : 1) * (index === 17 && provider === 'yahoo' ? 2.6 : 1)),
        refusals: provider === 'microsoft' && imported ? 14 : provider === 'yahoo' && index === 17 ? 3 : 0,
      });
    }
  });
  return rows;
}

const REASON = DELIVERABILITY_TEXTS.pausedForHardBounces('Spring re-engagement (old list)', 0.082, 1_000);

function sample(canResume = true): DeliverabilityOverview {
  return {
    as_of: new Date(TODAY + 14 * 3_600_000).toISOString(),
    dates: DATES,
    counts: counts(),
    sending: {
      paused: {
        at: new Date(TODAY + 9.4 * 3_600_000).toISOString(),
        rule: 'hard-bounces',
        reason: REASON,
        next_steps: DELIVERABILITY_TEXTS.nextSteps['hard-bounces'],
        campaign_id: '0193a5b2-7c1d-7e00-8000-000000000031',
        can_resume: canResume,
      },
      daily_limit: 50_000,
      warm_up: { day: 4, days: 10, limit: 8_000, used: 5_212, since: new Date(TODAY - 3 * DAY + 8 * 3_600_000).toISOString(), domain: 'news.larkletters.example' },
      complaints: { days: 7, sent: 21_930, complaints: 29, rate: 29 / 21_930, ceiling: 0.003 },
      hard_bounces: { share: 0.05, sample: 1_000 },
    },
    domains: [
      { domain: 'larkletters.example', authenticated_at: new Date(TODAY - 41 * DAY).toISOString(), dkim: 'found', return_path: 'found', dmarc: 'found' },
      { domain: 'news.larkletters.example', authenticated_at: new Date(TODAY - 3 * DAY).toISOString(), dkim: 'found', return_path: 'found', dmarc: 'missing' },
      { domain: 'shop-larkletters.example', authenticated_at: null, dkim: 'missing', return_path: 'unchecked', dmarc: 'wrong' },
    ],
    refusals: [
      {
        at: new Date(TODAY + 9.2 * 3_600_000).toISOString(),
        provider: 'microsoft',
        status: '5.7.1',
        diagnostic:
          '550 5.7.1 Unfortunately, messages from [203.0.113.24] weren’t sent. Please contact your Internet service provider since part of their network is on our block list (S3150). You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors. [BN8NAM11FT066.eop-nam11.prod.protection.outlook.com 2026-12-03T09:12:44.617Z 08DBF3A1C2]',
        source: 'inbound',
        campaign_id: '0193a5b2-7c1d-7e00-8000-000000000031',
      },
      {
        at: new Date(TODAY + 8.9 * 3_600_000).toISOString(),
        provider: 'microsoft',
        status: '5.7.1',
        diagnostic: '550 5.7.1 Service unavailable, Client host [203.0.113.24] blocked using Spamhaus. To request removal from this list see https://www.spamhaus.org/query/ip/203.0.113.24',
        source: 'sendgrid',
        campaign_id: '0193a5b2-7c1d-7e00-8000-000000000031',
      },
      {
        at: new Date(TODAY - 12 * DAY + 10 * 3_600_000).toISOString(),
        provider: 'yahoo',
        status: '4.7.0',
        diagnostic: '421 4.7.0 [TSS04] Messages from 203.0.113.24 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes',
        source: 'inbound',
        campaign_id: null,
      },
      { at: new Date(TODAY - 12 * DAY + 9 * 3_600_000).toISOString(), provider: 'gmail', status: null, diagnostic: 'Message rejected: authentication required (<script>alert(1)</script> is shown as text)', source: 'postmark', campaign_id: null },
    ],
  };
}

const UNPAUSED = (): DeliverabilityOverview => ({ ...sample(), sending: { ...sample().sending, paused: null } });

async function answerWithSample(page: Page, answer: () => DeliverabilityOverview) {
  await page.unroute('**/api/deliverability/v1/overview');
  await page.route('**/api/deliverability/v1/overview', (route) => route.fulfill({ json: { payload: answer() } }));
}

/** Home as the server answers it, with the pause the sample has. */
async function homePaused(page: Page) {
  await page.route('**/api/home/v1/overview', async (route) => {
    const response = await route.fetch();
    const payload = ((await response.json()) as { payload: HomeOverview }).payload;
    const paused = sample().sending.paused!;
    await route.fulfill({ response, json: { payload: { ...payload, sending_paused: { at: paused.at, reason: paused.reason, next_steps: paused.next_steps } } } });
  });
}

/** The page is never wider than the window: wide tables scroll inside their own frame. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) throw new Error(`the page scrolls sideways by ${overflow} px at ${page.url()}`);
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`deliverability at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-deliverability-${label}`, { first_name: 'Ada' });
    // A new account, as the server answers it: nothing sent, warm-up not begun.
    await page.goto(ROUTES.deliverability);
    await page.getByRole('heading', { name: 'Nothing sent in the last 30 days' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, `${label}-deliverability-empty`);

    await homePaused(page);
    await page.goto(ROUTES.dashboard);
    await page.getByRole('link', { name: 'Open Deliverability' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, `${label}-home-paused`);

    await answerWithSample(page, () => sample());
    await page.getByRole('link', { name: 'Open Deliverability' }).click();
    await page.getByRole('heading', { name: REASON }).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, `${label}-deliverability-paused`);

    await page.getByRole('group', { name: 'Mailbox provider' }).getByRole('button', { name: 'Microsoft' }).click();
    await expectNoSidewaysScroll(page);
    await shoot(page, `${label}-deliverability-microsoft`);

    await answerWithSample(page, () => sample(false));
    await page.reload();
    await page.getByText(DELIVERABILITY_TEXTS.resumeBySupport).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, `${label}-deliverability-support`);

    // Resuming: the server's sentence in a toast, and the page read again without the pause.
    await answerWithSample(page, () => sample());
    await page.reload();
    const resume = page.getByRole('button', { name: DELIVERABILITY_TEXTS.resume });
    await resume.waitFor();
    await page.route('**/api/deliverability/v1/resume', (route) => route.fulfill({ json: { payload: { message: DELIVERABILITY_TEXTS.resumed } } }));
    await answerWithSample(page, UNPAUSED);
    await resume.click();
    await page.getByText(DELIVERABILITY_TEXTS.resumed).waitFor();
    await page.getByRole('heading', { name: 'Sending limits' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, `${label}-deliverability-resumed`);
  });
}
