import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addSubscribersByApi } from './audience-pages';
import { signedInCustomer } from './customer-area';
import type { Inbox } from './mail';
import { confirmSender } from './senders';

// A signed-in customer whose pages show real content: a list of people, a segment, a form, a
// confirmed sender, a sent campaign, a draft and a flow. For tests that look at full pages.

const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };
const PEOPLE = ['ada', 'grace', 'alan', 'katherine'];

export interface SeededAccount {
  listId: string;
  subscriberId: string;
  segmentId: string;
  hostedFormUrl: string;
  preferenceUrl: string;
  sentCampaignId: string;
  draftCampaignId: string;
  flowId: string;
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

function campaignBody(name: string, sender: string, listId: string) {
  return {
    name,
    subject: 'Hello {{ first_name | default: "there" }}',
    from_name: 'Lark Letters',
    from_email: sender,
    reply_to: 'hello@lark.example',
    content_html: '<h1>Hi {{ first_name | default: "there" }}</h1><p>Read <a href="https://lark.example/read">the full story</a> on our site.</p>',
    audience: { list_ids: [listId] },
  };
}

/** Signs a new customer in and gives the account something on every page; `sendCampaign` waits for one campaign to be sent. */
export async function seededAccount(
  page: Page,
  context: { request: APIRequestContext; baseURL: string; inbox: Inbox },
  { sendCampaign = false }: { sendCampaign?: boolean } = {},
): Promise<SeededAccount> {
  const label = randomUUID().slice(0, 8);
  await signedInCustomer(page, context, `seeded-${label}`);
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  const sender = `news-${label}@lark.example`;
  await confirmSender(page, context.inbox, sender);
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', description: 'Every Sunday', double_opt_in: false });
  await addSubscribersByApi(
    page,
    PEOPLE.map((name) => ({ email: `${name}-${label}@example.com`, first_name: name, list_ids: [list.id] })),
  );
  const { subscribers } = await api<{ subscribers: { id: string }[] }>(page, 'GET', `audience/v1/subscribers?q=ada-${label}`);
  const subscriberId = subscribers[0]!.id;
  const { preference_url: preferenceUrl } = await api<{ preference_url: string }>(page, 'GET', `audience/v1/subscribers/${subscriberId}`);
  const { segment } = await api<{ segment: { id: string } }>(page, 'POST', 'audience/v1/segments', {
    name: 'Adas',
    definition: { match: 'all', conditions: [{ field: 'first_name', op: 'is', value: 'ada' }] },
  });
  const { form } = await api<{ form: { hosted_url: string } }>(page, 'POST', 'audience/v1/forms', { name: 'Site footer', list_id: list.id, title: 'Get the Weekly Lark', intro: 'One email every Sunday.' });
  const { campaign: sent } = await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', campaignBody('November news', sender, list.id));
  const { campaign: draft } = await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', campaignBody('December draft', sender, list.id));
  const { flow } = await api<{ flow: { id: string } }>(page, 'POST', 'automations/v1/flows', { name: 'Welcome', template: 'welcome_series' });
  if (sendCampaign) {
    await api(page, 'POST', `campaigns/v1/campaigns/${sent.id}/send`);
    await expect
      .poll(async () => (await api<{ campaign: { status: string } }>(page, 'GET', `campaigns/v1/campaigns/${sent.id}`)).campaign.status, { timeout: 30_000 })
      .toBe('sent');
  }
  return { listId: list.id, subscriberId, segmentId: segment.id, hostedFormUrl: form.hosted_url, preferenceUrl, sentCampaignId: sent.id, draftCampaignId: draft.id, flowId: flow.id };
}
