import { REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { DELIVERY_MESSAGES, DELIVERY_TEXTS, INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { campaignPath, reportPath, ROUTES } from '@postlark/shared/routes';
import { subscribersPage } from './support/audience-pages';
import { brevoTest as test } from './support/brevo';
import { campaignEditor } from './support/campaign-pages';
import { profilePage, signedInCustomer } from './support/customer-area';
import { expect } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';

// Issue 22, section 5's browser test: a customer connects Brevo with a key in the profile's
// Integrations tab, imports a Brevo list, finds the list and its people in the audience pages, sends
// a campaign through Brevo and reads its report, all against the real server and a local Brevo fake.

const SHOTS = '/tmp/issue22/shots';
const PEOPLE = 25;
const LIST = 'Brevo readers';

test('a customer connects Brevo, imports a list, sends a campaign through it and reads its report', async ({ page, request, baseURL, inbox, brevo }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { contacts } = brevo.seedAudience({ count: PEOPLE, listName: LIST, campaigns: 0 });
  await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'brevo');

  // Connect: the key goes into Brevo's form; the account's name comes back from Brevo.
  await page.goto(ROUTES.profile);
  const profile = profilePage(page);
  await profile.tab('Integrations').click();
  const notConnected = page.getByRole('region', { name: 'Not Connected' });
  await notConnected.getByRole('listitem', { name: 'Brevo' }).getByRole('button', { name: 'Connect to Brevo' }).click();
  const form = page.getByRole('form', { name: 'Connect to Brevo' });
  await form.getByLabel('API key').fill(brevo.apiKey);
  await form.getByRole('button', { name: 'Connect to Brevo' }).click();
  await expect(toast(page, INTEGRATION_MESSAGES.connected('Brevo'))).toBeVisible();
  const connected = page.getByRole('region', { name: 'Connected', exact: true }).getByRole('listitem', { name: 'Brevo' });
  await expect(connected.getByText('Brevo · Lark Letters')).toBeVisible();

  // Import: the Brevo list is offered with its size; the worker reads it in.
  const choice = connected.getByRole('form', { name: 'Import an audience' });
  await expect(choice.getByRole('combobox', { name: 'Audience to import' })).toHaveValue(/\d+/);
  await expect(choice.getByRole('option', { name: `${LIST} (${PEOPLE})` })).toBeAttached();
  await choice.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, INTEGRATION_MESSAGES.importQueued('Brevo'))).toBeVisible();
  const links = connected.getByRole('list', { name: 'Audiences synced with Brevo' });
  await expect(links.getByRole('listitem')).toHaveText(new RegExp(`^${LIST} → `));
  const listName = (await links.getByRole('link').textContent())!;
  await expect(connected.getByText(new RegExp(`Last sync \\(import, done\\): ${PEOPLE} of ${PEOPLE} read, ${PEOPLE} added`))
    .or(connected.getByText(/Last sync \(history, done\)/))).toBeVisible({ timeout: 30_000 });

  // The evidence for people to look at: the tab with Brevo connected and its list imported, once
  // the toasts have gone, at a desktop's and a phone's width.
  await expect(page.getByText(INTEGRATION_MESSAGES.importQueued('Brevo'))).toBeHidden({ timeout: 15_000 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await connected.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/integrations-brevo-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The list and its people in the audience pages.
  await links.getByRole('link', { name: listName }).click();
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.lists);
  await expect(page.getByRole('article', { name: listName })).toContainText(String(PEOPLE));
  await page.goto(ROUTES.subscribers);
  const subscribers = subscribersPage(page);
  await subscribers.list.selectOption({ label: listName });
  await expect(subscribers.range).toContainText(`of ${PEOPLE}`);
  await subscribers.search.fill(contacts[0]!.email);
  await expect(subscribers.emails).toHaveText([contacts[0]!.email]);
  await expect(subscribers.rows.first()).toContainText(String(contacts[0]!.attributes.FIRSTNAME));

  // A campaign to that list (its content through the API, as other specs make theirs), delivered by
  // Brevo as chosen in the editor, and sent from there.
  await confirmSender(page, inbox, 'news@example.com');
  const connections = await page.request.get('/api/home/v1/integrations');
  expect(connections.ok(), await connections.text()).toBe(true);
  const connection = ((await connections.json()) as { payload: { connections: { links: { list_id: string }[] }[] } }).payload.connections[0]!;
  const created = await page.request.post('/api/campaigns/v1/campaigns', {
    data: {
      name: 'Brevo news',
      subject: 'Hello {{ first_name }}',
      preheader: 'What is new',
      from_name: 'Lark Letters',
      from_email: 'news@example.com',
      content_html: '<p>Hi {{ first_name }}, here is the news.</p>',
      audience: { list_ids: [connection.links[0]!.list_id] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = ((await created.json()) as { payload: { campaign: { id: string } } }).payload.campaign.id;

  await page.goto(campaignPath(campaignId));
  const editor = campaignEditor(page);
  await page.getByRole('combobox', { name: DELIVERY_TEXTS.label }).selectOption({ label: DELIVERY_TEXTS.choice('Brevo', 'Lark Letters') });
  await expect(page.getByRole('heading', { name: DELIVERY_TEXTS.label }).getByText(DELIVERY_MESSAGES.deliveredBy('Brevo'))).toBeVisible();
  await expect(page.getByText(DELIVERY_TEXTS.platformChanges('Brevo'))).toBeVisible();
  // Brevo adds its own footer: the preview and the plain text leave ours out and say so.
  await expect(page.getByText(DELIVERY_TEXTS.platformFooter('Brevo'))).toHaveCount(2);
  await expect(page.locator('#campaign-text')).not.toHaveValue(/Unsubscribe or choose what you receive/);
  await editor.save.click();
  await expect(toast(page, CAMPAIGN_MESSAGES.saved)).toBeVisible();
  await editor.sendNow.click();
  await editor.sendDialog.send.click();
  await expect(toast(page, CAMPAIGN_MESSAGES.sendStarted)).toBeVisible();
  // Brevo made the campaign with its own merge tags and sent it to the list's people.
  await expect.poll(() => [...brevo.state.campaigns.values()].find((each) => each.name === 'Brevo news')?.status, { timeout: 30_000 }).toBe('sent');
  const remote = [...brevo.state.campaigns.values()].find((each) => each.name === 'Brevo news')!;
  expect(remote.subject).toBe('Hello {{ contact.FIRSTNAME }}');
  expect(brevo.state.sentMessages.filter((each) => each.campaignId === remote.id)).toHaveLength(PEOPLE);
  // The campaign page says Brevo delivered it, with Brevo's report (no Pause: Brevo sends it).
  await page.reload();
  await expect(page.getByRole('heading', { name: DELIVERY_MESSAGES.deliveredBy('Brevo'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: DELIVERY_TEXTS.viewReport('Brevo') })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/integrations-brevo-campaign-1280.png`, fullPage: true });

  // Its report: sent, as Brevo said. Brevo's figures are first read back five minutes after sending
  // (platform-delivery-worker's nextReportDelayMs), longer than a browser test waits.
  await page.goto(reportPath(campaignId));
  await expect(page.getByRole('heading', { level: 1, name: 'Brevo news' })).toBeVisible();
  // The subject as a reader with no data gets it (issue 38, point 11): the tag without a default reads as nothing.
  await expect(page.getByText('Subject Hello', { exact: true })).toBeVisible();
  await expect(page.locator('.report-head__facts').getByRole('definition').first()).toHaveText('Sent');
  await expect(page.getByText(REPORT_MESSAGES.platformFigures('Brevo'))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/integrations-brevo-report-1280.png`, fullPage: true });
});
