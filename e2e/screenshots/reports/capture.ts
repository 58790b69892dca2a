import type { Page } from '@playwright/test';
import type { CampaignReport, CampaignReportCampaign, CampaignReportSummary, CampaignReportTotals } from '@postlark/shared/campaign-reports';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot, WIDTHS } from '../shoot';

// The Reports pages at phone and desktop widths, into e2e/screenshots/out/. A new account has sent
// nothing, so the API's answers are a sample of a newsletter's last months, given as the contract
// (packages/shared/src/campaign-reports.ts) shapes them.

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 17, 8);

function totals(sent: number, opens: number, clicks: number, extra: Partial<CampaignReportTotals> = {}): CampaignReportTotals {
  return {
    recipients: sent,
    pending: 0,
    sent,
    failed: 0,
    unknown: 0,
    skipped: 0,
    held: 0,
    unique_opens: opens,
    human_opens: Math.round(opens * 1.6),
    machine_opens: Math.round(sent * 0.21),
    unique_clicks: clicks,
    clicks: Math.round(clicks * 1.4),
    open_rate: sent > 0 ? opens / sent : null,
    click_rate: sent > 0 ? clicks / sent : null,
    unsubscribes: Math.round(sent * 0.002),
    bounces: Math.round(sent * 0.004),
    complaints: 0,
    ...extra,
  };
}

function campaign(id: number, name: string, subject: string, daysAgo: number, extra: Partial<CampaignReportCampaign> = {}): CampaignReportCampaign {
  const started = START - daysAgo * 24 * HOUR;
  return {
    id: `0193a5b2-7c1d-7e00-8000-00000000000${id}`,
    name,
    subject,
    reader_subject: subject,
    status: 'sent',
    tracking: true,
    started_at: new Date(started).toISOString(),
    finished_at: new Date(started + 2.4 * HOUR).toISOString(),
    delivered_by: null,
    ...extra,
  };
}

const REPORTS: CampaignReportSummary[] = [
  {
    campaign: campaign(1, 'November digest', 'Five stories you missed this month', 0, { status: 'sending', finished_at: null }),
    totals: totals(8_412, 1_903, 288, { recipients: 12_480, pending: 4_022 }),
  },
  {
    campaign: campaign(2, 'Black Friday early access', 'Your 30% code is inside — 48 hours only', 6),
    totals: totals(12_307, 5_232, 1_071, { failed: 14, unknown: 3, skipped: 41, recipients: 12_365, complaints: 2 }),
  },
  { campaign: campaign(3, 'Product update: scheduling', 'Schedule once, send at each reader’s best hour', 13), totals: totals(11_954, 4_410, 602) },
  {
    campaign: campaign(4, 'Privacy-first issue', 'No pixels this time, promise', 20, { tracking: false }),
    totals: totals(11_802, 0, 0, { open_rate: null, click_rate: null, machine_opens: 0, human_opens: 0, clicks: 0 }),
  },
  { campaign: campaign(5, 'October digest', 'The month in five minutes', 27, { status: 'cancelled' }), totals: totals(6_120, 2_204, 318) },
];

/** A first day's hours: the send in the first hours, opens and clicks tailing off after. */
function timeline(sent: number): CampaignReport['timeline'] {
  const shape = [0.34, 0.41, 0.25];
  return Array.from({ length: 30 }, (_, hour) => ({
    at: new Date(START - 6 * 24 * HOUR + hour * HOUR).toISOString(),
    sent: Math.round(sent * (shape[hour] ?? 0)),
    opens: Math.round(1_900 * Math.exp(-hour / 5) * (hour === 0 ? 0.6 : 1) + (hour % 7 === 3 ? 80 : 0)),
    clicks: Math.round(380 * Math.exp(-hour / 4.5) * (hour === 0 ? 0.5 : 1)),
  })).filter((point) => point.sent + point.opens + point.clicks > 0 && point.at.slice(11, 13) !== '04');
}

const REPORT: CampaignReport = {
  campaign: REPORTS[1]!.campaign,
  totals: REPORTS[1]!.totals,
  ab_test: null,
  send_time_optimisation: null,
  blocks: [],
  receivers: {
    counts: { dead: 3, soft: 5, sender: 1, complaint: 1 },
    latest: [
      { email: 'sam@readers.example', outcome: 'dead', status: '5.1.1', diagnostic: '550 5.1.1 <sam@readers.example>: Recipient address rejected: User unknown in virtual mailbox table', received_at: '2026-11-20T10:12:00.000Z' },
      { email: 'lee@mail.example', outcome: 'sender', status: '5.7.1', diagnostic: '554 5.7.1 Service unavailable; client host blocked using zen.spamhaus.org', received_at: '2026-11-20T10:05:00.000Z' },
      { email: 'kim@readers.example', outcome: 'soft', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', received_at: '2026-11-20T10:01:00.000Z' },
    ],
  },
  links: [
    { url: 'https://shop.lark.example/black-friday?utm_source=postlark&utm_medium=email&utm_campaign=bf-early-access', clicks: 912, unique_clicks: 688 },
    { url: 'https://shop.lark.example/collections/new-arrivals', clicks: 311, unique_clicks: 254 },
    { url: 'https://lark.example/blog/how-we-pick-our-gifts', clicks: 148, unique_clicks: 121 },
    { url: 'https://lark.example/account/preferences', clicks: 64, unique_clicks: 60 },
    { url: 'https://lark.example/refer?code={{ attributes.referral_code }}', clicks: 41, unique_clicks: 39 },
    { url: 'https://instagram.com/larkletters', clicks: 22, unique_clicks: 21 },
  ],
  timeline: timeline(12_307),
};

async function answerWithSample(page: Page) {
  await page.route('**/api/campaigns/v1/reports', (route) => route.fulfill({ json: { payload: { reports: REPORTS } } }));
  await page.route('**/api/campaigns/v1/campaigns/*/report', (route) => {
    const id = new URL(route.request().url()).pathname.split('/').at(-2);
    const summary = REPORTS.find((item) => item.campaign.id === id);
    if (!summary) return route.fulfill({ status: 404, json: { payload: { message: 'This campaign does not exist.' } } });
    const report = summary.campaign.id === REPORT.campaign.id ? REPORT : { ...summary, links: summary.campaign.tracking ? REPORT.links.slice(0, 3) : [], timeline: timeline(summary.totals.sent) };
    return route.fulfill({ json: { payload: { report } } });
  });
  // Who opened: a page of sample readers (issue 38, point 19).
  await page.route('**/api/campaigns/v1/campaigns/*/report/readers*', (route) => {
    const action = new URL(route.request().url()).searchParams.get('action') ?? 'opened';
    const names = [['Ada', 'Lovelace'], ['Grace', 'Hopper'], ['Alan', 'Turing'], ['Katherine', 'Johnson'], ['Margaret', 'Hamilton-Worthington']];
    const readers = names.map(([first, last], index) => ({
      subscriber_id: `0193a5b2-7c1d-7e00-8000-0000000001${index}0`,
      email: `${first!.toLowerCase()}.${last!.toLowerCase()}@example.com`,
      first_name: first!,
      last_name: last!,
      at: new Date(START + (index + 1) * 0.7 * HOUR).toISOString(),
    }));
    return route.fulfill({ json: { payload: { action, readers, total: 1_284, page: 1, page_size: 25 } } });
  });
}


for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`reports at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-reports-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.reports);
    await page.getByText('No campaign has been sent yet').waitFor();
    await shoot(page, `${label}-reports-empty`);

    await answerWithSample(page);
    await page.goto(ROUTES.reports);
    await page.getByRole('table', { name: 'Campaign reports' }).waitFor();
    await shoot(page, `${label}-reports`);

    await page.goto(reportPath(REPORT.campaign.id));
    await page.getByRole('heading', { level: 1, name: REPORT.campaign.name }).waitFor();
    await shoot(page, `${label}-report`);
    await page.getByRole('button', { name: 'Sent', exact: true }).click();
    await shoot(page, `${label}-report-sent-view`);

    await page.goto(reportPath(REPORTS[0]!.campaign.id));
    await page.getByRole('progressbar').waitFor();
    await shoot(page, `${label}-report-sending`);

    await page.goto(reportPath(REPORTS[3]!.campaign.id));
    await page.getByRole('heading', { level: 1, name: REPORTS[3]!.campaign.name }).waitFor();
    await shoot(page, `${label}-report-tracking-off`);
  });
}
