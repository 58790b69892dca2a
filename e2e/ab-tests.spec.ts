import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { FAKE_SUBJECTS } from '../apps/api/test/support/fakes/openai-compatible';
import { abServerTest, abTestPanel, abTestsPage } from './support/ab-test-pages';
import { addSubscribersByApi } from './support/audience-pages';
import { campaignEditor } from './support/campaign-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';

// Issue 20's A/B tests in the browser, against the real server: a subject test set up in the
// campaign editor, saved and read back, sent (the test group goes out, the rest waits), and listed
// as running on the Auto A/B Testing page the sidebar opens; its platform sub-items filter it by
// the platform that delivered each test. An automation step's variants. And the issue's
// whole journey: two AI-suggested subjects as variants, sent, opens through the tracking pixel,
// the decision as it is made, and the winner's send to the rest.

const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };
const PEOPLE = 40;

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** The footer's postal address, and a list of PEOPLE subscribers (their addresses, and the list's id). */
async function audience(page: Page, label: string): Promise<{ emails: string[]; listId: string }> {
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
  const emails = Array.from({ length: PEOPLE }, (_, index) => `reader-${index}-${label}@example.com`);
  await addSubscribersByApi(
    page,
    emails.map((email, index) => ({ email, first_name: `Reader ${index}`, list_ids: [list.id] })),
  );
  return { emails, listId: list.id };
}

/** The page at both widths the product is drawn for, into the test's output (looked at by hand). */
async function shootBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height, suffix] of [
    [375, 812, 'phone'],
    [1440, 900, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${suffix}.png`), fullPage: true });
  }
}

test.describe('A/B tests', () => {
  test('a subject test is set up, saved, sent to its test group and listed as running', async ({ page, request, baseURL, inbox }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'abtests');
    const label = randomUUID().slice(0, 8);
    await audience(page, label);
    const sender = `news-${label}@lark.example`;
    await confirmSender(page, inbox, sender);

    // Nothing yet: the page says so and leads to a new campaign.
    await page.goto(ROUTES.abTests);
    const tests = abTestsPage(page);
    await expect(tests.heading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No A/B tests yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Create a campaign' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.newCampaign);

    const editor = campaignEditor(page);
    const panel = abTestPanel(page);
    await editor.blank.click();
    await editor.name.fill('Spring sale');
    await editor.fromName.fill('Lark Letters');
    await editor.fromEmail.selectOption(sender);
    await editor.subject.fill('Spring sale: 20% off');
    await editor.content.click();
    await page.keyboard.type('Everything in the shop is 20% off until Sunday.');
    await editor.list('Weekly').check();

    // A test of the subject: A is the campaign's own, B is written here; defaults as the issue sets them.
    await panel.setUp.click();
    await expect(panel.dimension('Subject')).toBeChecked();
    await expect(panel.card.getByText('A (original)')).toBeVisible();
    await expect(panel.card.getByText('Spring sale: 20% off', { exact: true })).toBeVisible();
    await expect(panel.testShare).toHaveValue('20');
    await expect(panel.metric).toHaveValue('open_rate');
    await expect(panel.wait).toHaveValue('240');
    // 40 people, 20% in the test, two variants: 4 each — too few to tell anything apart, and it says so.
    await expect(panel.detectable).toHaveText(/^With about 4 people per variant, the test cannot tell variants apart/);
    // Other dimensions: a content variant is its own HTML, judged by clicks; a send time waits after the start.
    await panel.dimension('Content').check();
    await expect(panel.metric).toHaveValue('click_rate');
    await expect(panel.card.getByRole('textbox', { name: 'Variant B content (HTML)' })).toHaveValue('');
    // It may start from the campaign's own content.
    await panel.card.getByRole('button', { name: 'Start from the original content' }).click();
    await expect(panel.card.getByRole('textbox', { name: 'Variant B content (HTML)' })).toHaveValue(/Everything in the shop is 20% off until Sunday\./);
    await expect(panel.card.getByRole('button', { name: 'Start from the original content' })).toHaveCount(0);
    await panel.card.screenshot({ path: testInfo.outputPath('editor-ab-content-desktop.png') });
    await panel.dimension('Send time').check();
    await expect(panel.metric).toHaveValue('open_rate');
    await expect(panel.card.getByRole('combobox', { name: 'Variant B: send after the start' })).toHaveValue('60');
    await expect(panel.card.getByText('At the start')).toBeVisible();
    await panel.card.screenshot({ path: testInfo.outputPath('editor-ab-send-time-desktop.png') });
    await panel.dimension('Subject').check();
    await panel.variant('B', 'subject').fill('Last days: 20% off everything');
    // A larger test group: 50% of 40 is 10 each, still honest about it.
    await panel.testShare.fill('50');
    await expect(panel.card.getByText('50% of the audience, split at random and evenly between the variants; the other 50% get the winner.')).toBeVisible();
    await shootBoth(page, testInfo, 'editor-ab-panel');
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.card.screenshot({ path: testInfo.outputPath('editor-ab-panel-card-phone.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await panel.card.screenshot({ path: testInfo.outputPath('editor-ab-panel-card-desktop.png') });

    await editor.save.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.created)).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));

    // Read back from the server: the test is stored with the campaign.
    await page.reload();
    await expect(panel.variant('B', 'subject')).toHaveValue('Last days: 20% off everything');
    await expect(panel.testShare).toHaveValue('50');
    await expect(panel.dimension('Subject')).toBeChecked();

    // Sent: the test group goes out, the rest waits for the decision, and the page says it is deciding.
    await editor.sendNow.click();
    await editor.sendDialog.send.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.sendStarted)).toBeVisible();
    const state = page.getByRole('region', { name: 'A/B test status' });
    await expect(state.getByText('Deciding…')).toBeVisible({ timeout: 30_000 });
    await expect(state.getByText('Running', { exact: true })).toBeVisible();
    // The variants stay on the page, read-only.
    await expect(panel.variant('B', 'subject')).toHaveValue('Last days: 20% off everything');
    await expect(panel.variant('B', 'subject')).not.toBeEditable();

    await state.screenshot({ path: testInfo.outputPath('editor-ab-state-desktop.png') });

    // The report has the test's section: each variant's figures, while it decides.
    await page.getByRole('link', { name: 'View report' }).click();
    const section = page.getByRole('region', { name: 'A/B test: subject' });
    await expect(section.getByText('Deciding…')).toBeVisible();
    const byVersion = section.getByRole('table', { name: 'Open rate by variant' });
    await expect(byVersion.getByRole('row')).toHaveCount(3);
    await expect(byVersion.getByRole('row').nth(1)).toContainText('Spring sale: 20% off');
    await expect(byVersion.getByRole('row').nth(2)).toContainText('Last days: 20% off everything');
    await expect(section.getByRole('img', { name: 'Open rate of each variant with its 95% interval' })).toBeVisible();
    await shootBoth(page, testInfo, 'report-ab-running');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The campaigns list says it holds a test.
    await page.goto(ROUTES.campaigns);
    await expect(page.getByRole('table', { name: 'Campaigns' }).getByRole('row').filter({ hasText: 'Spring sale' })).toContainText('A/B test: subject, 2 variants');

    // The sidebar's Auto A/B Testing opens every test: this one, running.
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('button', { name: 'Auto A/B Testing' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.abTests && url.search === '');
    const row = tests.row('Spring sale');
    await expect(row.getByRole('cell').nth(1)).toHaveText(/Open rate$/);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Running');
    await expect(row.getByRole('cell').first()).toContainText('Subject · 2 variants');
    // Filters by status: none decided yet.
    await tests.filter('Decided').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'winner');
    await expect(page.getByRole('heading', { name: 'No tests with this status.' })).toBeVisible();
    await tests.filter('Running').click();
    await expect(tests.row('Spring sale')).toBeVisible();
    await tests.filter('All').click();
    await shootBoth(page, testInfo, 'ab-tests-page');

    // A platform's sub-item: only the tests delivered through it, none here, with the way back to all.
    // (The A/B tests' own: the Campaigns item lists the same platforms.)
    const abList = shell.sidebar.getByRole('list', { name: 'Auto A/B Testing' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await abList.getByRole('link', { name: 'Mailchimp' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.abTests && url.searchParams.get('platform') === 'mailchimp');
    await expect(page.getByText(DELIVERY_TEXTS.noTests('Mailchimp'))).toBeVisible();
    await expect(page.getByText(DELIVERY_TEXTS.filterOn('Mailchimp'))).toBeVisible();
    await expect(abList.getByRole('link', { name: 'Mailchimp' })).toHaveAttribute('aria-current', 'page');
    // Opened afresh at that address, the sub-item is still the one highlighted.
    await page.reload();
    await expect(abList.getByRole('link', { name: 'Mailchimp' })).toHaveAttribute('aria-current', 'page');

    // Back to every test; the name leads back to the campaign.
    await page.getByRole('link', { name: DELIVERY_TEXTS.filterClear }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.abTests && !url.searchParams.has('platform'));
    await tests.row('Spring sale').getByRole('link', { name: 'Spring sale' }).click();
    await expect(page).toHaveURL((url) => /^\/dashboard\/(campaigns|reports)\/[0-9a-f-]{36}$/.test(url.pathname));
  });

  test('an automation email step holds variants of its subject, saved with the flow', async ({ page, request, baseURL, inbox }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'abflow');
    await page.goto(ROUTES.automations);
    await page.getByRole('button', { name: /^Abandoned cart/ }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.created)).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/dashboard\/automations\/[0-9a-f-]{36}$/.test(url.pathname));

    const openReminder = async () => {
      await page.locator('.step-card').filter({ has: page.getByRole('button', { name: /^Reminder: / }) }).getByRole('button').click();
      return page.getByRole('dialog', { name: 'Reminder' });
    };
    let panel = await openReminder();
    const step = panel.getByRole('region', { name: 'A/B test this email' });
    await step.getByRole('button', { name: 'Set up an A/B test' }).click();
    // No send time here: people arrive one at a time.
    await expect(step.getByRole('radio')).toHaveCount(4);
    await expect(step.getByRole('radio', { name: 'Send time' })).toHaveCount(0);
    await expect(step.getByRole('radio', { name: 'Subject' })).toBeChecked();
    await expect(step.getByText('A (original)')).toBeVisible();
    await step.getByRole('textbox', { name: 'Variant B: subject' }).fill('Your cart misses you');
    await step.getByRole('button', { name: 'Add a variant' }).click();
    await step.getByRole('textbox', { name: 'Variant C: subject' }).fill('Still thinking it over?');
    await step.getByRole('combobox', { name: 'Winner by' }).selectOption('click_rate');
    await step.getByRole('combobox', { name: 'Longest wait' }).selectOption('1440');
    await step.screenshot({ path: testInfo.outputPath('flow-step-ab-desktop.png') });
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();

    // Read back from the server with the flow; the canvas says the step has variants.
    await page.reload();
    await expect(page.locator('.step-card').filter({ has: page.getByRole('button', { name: /^Reminder: / }) })).toContainText('A/B test · 3 variants');
    panel = await openReminder();
    await expect(panel.getByRole('textbox', { name: 'Variant B: subject' })).toHaveValue('Your cart misses you');
    await expect(panel.getByRole('textbox', { name: 'Variant C: subject' })).toHaveValue('Still thinking it over?');
    await expect(panel.getByRole('combobox', { name: 'Winner by' })).toHaveValue('click_rate');
    await expect(panel.getByRole('combobox', { name: 'Longest wait' })).toHaveValue('1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.getByRole('region', { name: 'A/B test this email' }).screenshot({ path: testInfo.outputPath('flow-step-ab-phone.png') });
  });
});

abServerTest.describe('A/B tests decided', () => {
  abServerTest('a subject test with two AI-suggested variants is sent, opens through the pixel decide it, and the winner goes to the rest once', async ({ page, request, baseURL, inbox }, testInfo) => {
    abServerTest.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'abdecided');
    const label = randomUUID().slice(0, 8);
    const { emails } = await audience(page, label);
    const sender = `news-${label}@lark.example`;
    await confirmSender(page, inbox, sender);

    // The campaign, with two of the AI's subject lines (the fake provider's) as variants B and C.
    const SUBJECT_A = 'Spring sale: 20% off';
    const [SUBJECT_B, , SUBJECT_C] = FAKE_SUBJECTS as [string, string, string];
    await page.goto(ROUTES.newCampaign);
    const editor = campaignEditor(page);
    const panel = abTestPanel(page);
    await editor.blank.click();
    await editor.name.fill('Spring sale');
    await editor.fromName.fill('Lark Letters');
    await editor.fromEmail.selectOption(sender);
    await editor.subject.fill(SUBJECT_A);
    await editor.content.click();
    await page.keyboard.type('Everything in the shop is 20% off until Sunday.');
    await editor.list('Weekly').check();
    await page.getByRole('button', { name: 'Suggest subject lines with AI' }).click();
    await expect(page.getByRole('list', { name: 'Subject line ideas' }).getByRole('listitem')).toHaveCount(5);
    await page.getByRole('checkbox', { name: `Pick for an A/B test: ${SUBJECT_B}` }).check();
    await page.getByRole('checkbox', { name: `Pick for an A/B test: ${SUBJECT_C}` }).check();
    await page.getByRole('button', { name: 'Test 2 as variants' }).click();
    await expect(panel.variant('B', 'subject')).toHaveValue(SUBJECT_B);
    await expect(panel.variant('C', 'subject')).toHaveValue(SUBJECT_C);
    // 60% of 40 people: 8 per variant.
    await panel.testShare.fill('60');
    await editor.save.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.created)).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));
    const campaignId = new URL(page.url()).pathname.split('/').at(-1)!;
    await editor.sendNow.click();
    await editor.sendDialog.send.click();
    await expect(page.getByRole('region', { name: 'A/B test status' }).getByText('Deciding…')).toBeVisible({ timeout: 30_000 });

    // The test group's mail: 24 people, 8 with each subject.
    const received = new Map<string, { subject: string; html: string }>();
    await expect
      .poll(
        async () => {
          for (const email of emails) if (!received.has(email) && (await inbox.count(email)) > 0) received.set(email, await inbox.message(email));
          return received.size;
        },
        { timeout: 60_000 },
      )
      .toBe(24);
    const bySubject = (subject: string) => [...received].filter(([, mail]) => mail.subject === subject);
    expect([SUBJECT_A, SUBJECT_B, SUBJECT_C].map((subject) => bySubject(subject).length)).toEqual([8, 8, 8]);

    // Everyone who got B opens it, as a person in a browser would (opens within 5 seconds of
    // delivery are a machine's, so the opens come after that); nobody opens A or C.
    await page.waitForTimeout(6_000);
    for (const [, mail] of bySubject(SUBJECT_B)) {
      const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');
      expect(pixel, 'an open pixel in the mail').toBeTruthy();
      const opened = await request.get(new URL(pixel!).pathname, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' } });
      expect(opened.status()).toBe(200);
    }

    // The campaign's page shows the decision as it is made.
    const state = page.getByRole('region', { name: 'A/B test status' });
    await expect(state.getByText('Variant B won')).toBeVisible({ timeout: 60_000 });
    await state.screenshot({ path: testInfo.outputPath('editor-ab-decided-desktop.png') });

    // The report: B won, and why, with each variant's rate.
    await page.goto(reportPath(campaignId));
    const section = page.getByRole('region', { name: 'A/B test: subject' });
    await expect(section.getByText('Variant B won')).toBeVisible();
    // The badge, and the time it was decided.
    await expect(section.getByText('Decided', { exact: true })).toHaveCount(2);
    const byVersion = section.getByRole('table', { name: 'Open rate by variant' });
    await expect(byVersion.getByRole('row').nth(1)).toContainText('0.0%');
    await expect(byVersion.getByRole('row').nth(2)).toContainText('100.0%');
    await expect(byVersion.getByRole('row').nth(3)).toContainText('0.0%');
    await shootBoth(page, testInfo, 'report-ab-decided');

    // The rest of the list gets B's subject, once each.
    const rest = emails.filter((email) => !received.has(email));
    expect(rest).toHaveLength(16);
    for (const email of rest) expect((await inbox.message(email)).subject).toBe(SUBJECT_B);
    for (const email of rest) expect(await inbox.count(email)).toBe(1);

    // The tests page lists it as decided.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(ROUTES.abTests);
    const row = abTestsPage(page).row('Spring sale');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Decided');
    await expect(row.getByRole('cell').nth(3)).toContainText('Variant B');
  });
});
