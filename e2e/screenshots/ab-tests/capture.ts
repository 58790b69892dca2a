import type { Page } from '@playwright/test';
import type { AbTestReport, AbTestSummary, AbVariantResult } from '@postlark/shared/ab-tests';
import type { CampaignReport } from '@postlark/shared/campaign-reports';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { OUT, shoot, WIDTHS } from '../shoot';

// The A/B pages at phone and desktop widths, into e2e/screenshots/out/: the tests page with
// decided, running and undecided tests, and a report whose test found a winner. A new account has
// sent nothing, so the API's answers are a sample shaped as packages/shared/src/ab-tests.ts says.

const ID = '0193a5b2-7c1d-7e00-8000-0000000000ab';
const AT = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9) + minutes * 60_000).toISOString();

function variant(label: 'A' | 'B' | 'C', value: string, sent: number, opens: number, clicks: number): AbVariantResult {
  const rate = (k: number) => {
    const p = k / sent;
    const half = 1.96 * Math.sqrt((p * (1 - p)) / sent);
    return { estimate: p, low: Math.max(0, p - half), high: Math.min(1, p + half) };
  };
  return {
    label,
    value,
    recipients: sent,
    sent,
    human_opens: opens,
    unique_opens: opens,
    machine_opens: Math.round(sent * 0.18),
    clicks: Math.round(clicks * 1.3),
    unique_clicks: clicks,
    revenue: 0,
    currency: null,
    open_rate: rate(opens),
    click_rate: rate(clicks),
    revenue_per_recipient: null,
  };
}

const AB: AbTestReport = {
  status: 'winner',
  started_at: AT(0),
  deadline_at: AT(240),
  decided_at: AT(95),
  winner: 1,
  reason: 'Variant B has a clearly higher open rate (+31% over A): the difference holds at 95% confidence, however often the test looked.',
  lift: 0.31,
  rest_send_at: AT(95),
  settings: { dimension: 'subject', metric: 'open_rate', test_share: 20, wait_minutes: 240, variants: [{}, { subject: 'Last days: 20% off everything' }, { subject: 'Your spring picks are waiting' }] },
  variants: [
    variant('A', 'Spring sale: 20% off', 1_000, 201, 31),
    variant('B', 'Last days: 20% off everything', 1_000, 263, 40),
    variant('C', 'Your spring picks are waiting', 1_000, 214, 29),
  ],
  machine_open_share: 0.34,
  machine_open_warning: true,
  looks: Array.from({ length: 19 }, (_, index) => ({ at: AT(5 * (index + 1)), information: (index + 1) / 40, leader: index < 3 ? 2 : 1, boundary_crossed: index === 18 })),
};

/** A content test at its deadline with no clear winner: the intervals overlap, A went to the rest. */
const UNDECIDED: AbTestReport = {
  ...AB,
  status: 'no_winner',
  winner: null,
  decided_at: AT(240),
  rest_send_at: AT(240),
  lift: 0.04,
  reason: 'At the deadline no variant was clearly better, so the original (A) went to the rest.',
  settings: { dimension: 'content', metric: 'click_rate', test_share: 20, wait_minutes: 240, variants: [{}, { content_html: '<p>…</p>', content_text: null }] },
  variants: [variant('A', 'Content A', 1_000, 230, 41), variant('B', 'Content B', 1_000, 236, 43)],
  machine_open_share: 0.12,
  machine_open_warning: false,
  looks: Array.from({ length: 48 }, (_, index) => ({ at: AT(5 * (index + 1)), information: (index + 1) / 48, leader: index % 5 === 0 ? 0 : 1, boundary_crossed: false })),
};
const UNDECIDED_ID = '0193a5b2-7c1d-7e00-8000-0000000000ac';

const REPORT: CampaignReport = {
  campaign: { id: ID, name: 'Spring sale', subject: 'Spring sale: 20% off', reader_subject: 'Spring sale: 20% off', status: 'sent', tracking: true, started_at: AT(0), finished_at: AT(130), delivered_by: null },
  totals: {
    recipients: 15_000,
    pending: 0,
    held: 0,
    sent: 14_962,
    failed: 6,
    unknown: 0,
    skipped: 32,
    unique_opens: 3_820,
    human_opens: 5_140,
    machine_opens: 2_380,
    unique_clicks: 611,
    clicks: 804,
    open_rate: 0.255,
    click_rate: 0.041,
    unsubscribes: 21,
    bounces: 44,
    complaints: 1,
  },
  links: [{ url: 'https://shop.lark.example/spring', clicks: 804, unique_clicks: 611 }],
  timeline: [],
  ab_test: AB,
  send_time_optimisation: null,
  blocks: [],
  receivers: { counts: { dead: 0, soft: 0, sender: 0, complaint: 0 }, latest: [] },
};

const summary = (id: number, name: string, extra: Partial<AbTestSummary>): AbTestSummary => ({
  id: `0193a5b2-7c1d-7e00-8000-00000000000${id}`,
  kind: 'campaign',
  name,
  flow_id: null,
  link: reportPath(ID),
  dimension: 'subject',
  metric: 'open_rate',
  variants: 2,
  status: 'winner',
  started_at: AT(-60 * 24 * id),
  decided_at: AT(-60 * 24 * id + 95),
  winner_label: 'B',
  lift: 0.31,
  platform: null,
  ...extra,
});

const TESTS: AbTestSummary[] = [
  summary(1, 'November digest', { status: 'testing', decided_at: null, winner_label: null, lift: null, variants: 3 }),
  summary(2, 'Welcome series: first email', { kind: 'automation', dimension: 'content', metric: 'click_rate', winner_label: 'C', lift: 0.124, variants: 3 }),
  summary(3, 'Spring sale', {}),
  summary(4, 'Product update: scheduling', { dimension: 'from_name', status: 'no_winner', winner_label: null, lift: 0.02 }),
  summary(5, 'Black Friday early access', { dimension: 'send_time', lift: -0.08, winner_label: 'A', status: 'no_winner' }),
];

async function answerWithSample(page: Page) {
  await page.route('**/api/ab-tests/v1/tests**', (route) => route.fulfill({ json: { payload: { tests: TESTS } } }));
  await page.route(`**/api/campaigns/v1/campaigns/${ID}/report`, (route) => route.fulfill({ json: { payload: { report: REPORT } } }));
  await page.route(`**/api/campaigns/v1/campaigns/${UNDECIDED_ID}/report`, (route) =>
    route.fulfill({ json: { payload: { report: { ...REPORT, campaign: { ...REPORT.campaign, id: UNDECIDED_ID, name: 'Welcome back' }, ab_test: UNDECIDED } } } }),
  );
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`A/B pages at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-ab-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.abTests);
    await page.getByRole('heading', { name: 'No A/B tests yet' }).waitFor();
    await shoot(page, `${label}-ab-tests-empty`);
    await page.goto(`${ROUTES.abTests}?platform=brevo`);
    await page.getByText(/No tests delivered through Brevo yet/).waitFor();
    await shoot(page, `${label}-ab-tests-platform`);

    await answerWithSample(page);
    await page.goto(ROUTES.abTests);
    await page.getByRole('table', { name: 'A/B tests' }).waitFor();
    await shoot(page, `${label}-ab-tests`);

    await page.goto(reportPath(ID));
    await page.getByRole('region', { name: 'A/B test: subject' }).waitFor();
    await shoot(page, `${label}-report-ab-decided`);
    // The section alone, at its real size.
    await page.getByRole('region', { name: 'A/B test: subject' }).screenshot({ path: `${OUT}${label}-report-ab-section.png` });

    await page.goto(reportPath(UNDECIDED_ID));
    const undecided = page.getByRole('region', { name: 'A/B test: content' });
    await undecided.getByText('No clear winner', { exact: true }).first().waitFor();
    await undecided.screenshot({ path: `${OUT}${label}-report-ab-no-winner.png` });
  });
}
