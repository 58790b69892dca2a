import type { AbInterval } from '@postlark/shared/ab-tests';
import type { CampaignReport } from '@postlark/shared/campaign-reports';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { STO_MESSAGES, type StoGroupResult, type StoReport } from '@postlark/shared/send-time-optimisation';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { OUT, shoot, WIDTHS } from '../shoot';

// Send-time optimisation (issue 21) at phone and desktop widths, into e2e/screenshots/out/: the
// campaign editor's option turned on, and a report's section. A new account has sent nothing, so
// the report is a sample shaped as packages/shared/src/send-time-optimisation.ts says.

const ID = '0193a5b2-7c1d-7e00-8000-0000000000f1';
const AT = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9) + minutes * 60_000).toISOString();

// Wilson-like enough for a picture: the real intervals come from the API.
function rate(k: number, n: number): AbInterval {
  const p = k / n;
  const half = 1.96 * Math.sqrt((p * (1 - p)) / n);
  return { estimate: p, low: Math.max(0, p - half), high: Math.min(1, p + half) };
}

const group = (sent: number, opens: number, clicks: number): StoGroupResult => ({
  recipients: sent + 3,
  sent,
  measured: sent,
  human_opens: opens,
  clicks,
  human_open_rate: rate(opens, sent),
  click_rate: rate(clicks, sent),
});

const optimised = group(9_580, 2_490, 402);
const holdout = group(1_200, 262, 41);
const difference = (a: AbInterval, b: AbInterval): AbInterval => {
  const estimate = a.estimate - b.estimate;
  return {
    estimate,
    low: estimate - Math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2),
    high: estimate + Math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2),
  };
};
const STO: StoReport = {
  settings: { window_hours: 24, explore_percent: 10, holdout_percent: 10 },
  optimised,
  explore: group(1_200, 281, 44),
  holdout,
  lift: { human_open_rate: difference(optimised.human_open_rate!, holdout.human_open_rate!), click_rate: difference(optimised.click_rate!, holdout.click_rate!) },
  maturing: 0,
};

const REPORT: CampaignReport = {
  campaign: { id: ID, name: 'November digest', subject: 'What is new in November', reader_subject: 'What is new in November', status: 'sent', tracking: true, started_at: AT(0), finished_at: AT(24 * 60), delivered_by: null },
  totals: {
    recipients: 11_989,
    pending: 0,
    held: 0,
    sent: 11_980,
    failed: 2,
    unknown: 0,
    skipped: 7,
    unique_opens: 3_033,
    human_opens: 4_100,
    machine_opens: 2_950,
    unique_clicks: 487,
    clicks: 620,
    open_rate: 0.253,
    click_rate: 0.041,
    unsubscribes: 9,
    bounces: 12,
    complaints: 0,
  },
  links: [{ url: 'https://shop.lark.example/november', clicks: 620, unique_clicks: 487 }],
  timeline: [],
  ab_test: null,
  send_time_optimisation: STO,
  blocks: [],
  receivers: { counts: { dead: 0, soft: 0, sender: 0, complaint: 0 }, latest: [] },
};

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`send-time optimisation at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-sto-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.newCampaign);
    const card = page.getByRole('region', { name: 'Send time' });
    await card.getByText(STO_MESSAGES.optionLabel).click();
    await card.getByLabel(STO_MESSAGES.windowLabel).waitFor();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${OUT}${label}-campaign-send-time-option.png` });

    await page.route(`**/api/campaigns/v1/campaigns/${ID}/report`, (route) => route.fulfill({ json: { payload: { report: REPORT } } }));
    await page.goto(reportPath(ID));
    const section = page.getByRole('region', { name: STO_MESSAGES.reportTitle });
    await section.waitFor();
    await shoot(page, `${label}-report-send-time`);
    await section.screenshot({ path: `${OUT}${label}-report-send-time-section.png` });
  });
}
