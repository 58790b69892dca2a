import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { deliveryHeaders } from '../src/modules/campaigns/delivery-headers';
import { getOrCreateSecret } from '../src/modules/secrets/secrets.repository';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { testDkimKey } from './support/dkim-key';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// What every campaign and automation message says about its audience, campaign and delivery
// (List-Id, Feedback-ID, X-Postlark-Delivery), and Message-IDs that name no database row.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const flows = useFlowEngine(accounts);
const dkim = testDkimKey();

/** A header's value as a receiver reads it: the first one, unfolded. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

async function ledger(campaignId: string) {
  return rawQuery<{ id: string; subscriberId: string; messageId: string }>(
    accounts.database.db,
    'select id::text, subscriber_id::text as "subscriberId", message_id as "messageId" from campaign_messages where campaign_id = $1::uuid',
    [campaignId],
  );
}

async function sendCampaign(cookie: string, body: object) {
  const campaign = (await accounts.call('POST', CAMPAIGNS, cookie, body)).json().payload.campaign as { id: string };
  expect((await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie)).statusCode).toBe(200);
  const sender = await engine(accounts, {}, dkim.settings);
  try {
    await sender.run();
  } finally {
    await sender.close();
  }
  return campaign.id;
}

describe('delivery headers', () => {
  it('names the list, the campaign and the delivery without a database id, signed, and verifiable', async () => {
    const audience = await customerWithAudience(accounts);
    const { customer } = audience;
    const campaignId = await sendCampaign(customer.cookie, draft(audience.list));
    const message = await accounts.smtp.waitForMessage(audience.ada);
    const rows = await ledger(campaignId);
    const row = rows.find((candidate) => candidate.subscriberId === audience.ids[audience.ada])!;
    const raw = message.raw;

    // Message-ID: random, fixed in the ledger row, naming neither campaign, subscriber nor row.
    const messageId = headerOf(raw, 'Message-ID')!;
    expect(messageId).toMatch(/^<[0-9a-f]{32}@lark\.example>$/);
    expect(messageId).toBe(row.messageId);
    for (const id of [campaignId, customer.customerId, audience.list, row.subscriberId, ...Object.values(audience.ids)]) {
      expect(raw.toLowerCase()).not.toContain(id.toLowerCase());
      expect(raw.toLowerCase()).not.toContain(id.replaceAll('-', '').toLowerCase());
    }
    expect(new Set(rows.map((ledgerRow) => ledgerRow.messageId)).size).toBe(rows.length);

    // List-Id (RFC 2919): the campaign's name and <audience>.<customer>.list-id.<APP_URL's host>.
    const listId = headerOf(raw, 'List-Id')!;
    expect(listId).toMatch(/^"November news" <[0-9a-f]{12}\.[0-9a-f]{12}\.list-id\.localhost>$/);
    // Feedback-ID in Gmail's form: campaign:customer:kind:sender.
    const feedbackId = headerOf(raw, 'Feedback-ID')!;
    expect(feedbackId).toMatch(/^[0-9a-f]{12}:[0-9a-f]{12}:campaign:postlark$/);
    // The customer's short id is the same in both.
    expect(listId.split('.')[1]).toBe(feedbackId.split(':')[1]);

    // The correlation header leads back to the ledger row even when a relay replaces the
    // Message-ID; a changed one leads nowhere.
    const correlation = headerOf(raw, 'X-Postlark-Delivery')!;
    const headers = deliveryHeaders(await getOrCreateSecret(accounts.database.db, 'delivery-headers'), 'localhost');
    expect(headers.messageIdOf(correlation)).toBe(row.messageId);
    const other = rows.find((candidate) => candidate.id !== row.id)!;
    const forged = `${other.messageId.slice(1, -1)}${correlation.slice(correlation.lastIndexOf('.'))}`;
    expect(headers.messageIdOf(forged)).toBeNull();
    expect(headers.messageIdOf(`${correlation.slice(0, -1)}${correlation.endsWith('0') ? '1' : '0'}`)).toBeNull();
    expect(headers.messageIdOf('nonsense')).toBeNull();

    // All three are covered by the DKIM signature, which verifies.
    const signed = /\bh=([^;]+)/.exec(headerOf(raw, 'DKIM-Signature') ?? '')?.[1]?.replace(/\s+/g, '').toLowerCase().split(':') ?? [];
    expect(signed).toEqual(expect.arrayContaining(['list-id', 'feedback-id', 'x-postlark-delivery', 'message-id']));
    expect(await dkim.verify(raw)).toEqual({ result: 'pass', domain: 'lark.example' });
  });

  it('keeps one List-Id per audience: the same for two campaigns to a list, another for another list', async () => {
    const audience = await customerWithAudience(accounts);
    const { cookie } = audience.customer;
    await sendCampaign(cookie, draft(audience.list, { name: 'First' }));
    await sendCampaign(cookie, draft(audience.list, { name: 'Second' }));
    const other = (await accounts.call('POST', 'audience/v1/lists', cookie, { name: 'Other', double_opt_in: false })).json().payload.list.id as string;
    await accounts.call('POST', `audience/v1/subscribers`, cookie, { email: `other-${audience.ada}`, list_ids: [other] });
    await sendCampaign(cookie, draft(other, { name: 'Third' }));

    const idOf = (raw: string) => headerOf(raw, 'List-Id')!.replace(/^.*</, '<');
    const first = await accounts.smtp.waitForMessage(audience.ada);
    const second = await accounts.smtp.waitForMessage(audience.ada, { after: 1 });
    const third = await accounts.smtp.waitForMessage(`other-${audience.ada}`);
    expect(idOf(second.raw)).toBe(idOf(first.raw));
    expect(idOf(third.raw)).not.toBe(idOf(first.raw));
    expect(headerOf(first.raw, 'List-Id')).toMatch(/^"First" </);
    expect(headerOf(second.raw, 'Feedback-ID')).not.toBe(headerOf(first.raw, 'Feedback-ID'));
  });

  it('gives an automation email the same headers, with kind automation and an opaque Message-ID', async () => {
    const customer = await flowCustomer(accounts);
    const ada = personEmail('ada');
    await customer.subscriber(ada, { first_name: 'Ada' });
    await customer.activeFlow('Welcome', { trigger: { type: 'event', event: 'signed_up', filters: [] }, start: 'one', steps: [emailStep('one')] });
    await customer.events([{ name: 'signed_up', email: ada, id: 'welcome-1', properties: {} }]);
    await flows.drain();
    const { raw } = await accounts.smtp.waitForMessage(ada);
    const messageId = headerOf(raw, 'Message-ID')!;
    expect(messageId).toMatch(/^<[0-9a-f]{32}@lark\.example>$/);
    expect(headerOf(raw, 'Feedback-ID')).toMatch(/^[0-9a-f]{12}:[0-9a-f]{12}:automation:postlark$/);
    expect(headerOf(raw, 'List-Id')).toMatch(/^"Welcome: one" <[0-9a-f]{12}\.[0-9a-f]{12}\.list-id\.localhost>$/);
    const headers = deliveryHeaders(await getOrCreateSecret(accounts.database.db, 'delivery-headers'), 'localhost');
    expect(headers.messageIdOf(headerOf(raw, 'X-Postlark-Delivery')!)).toBe(messageId);
    const [stored] = await rawQuery<{ messageId: string }>(accounts.database.db, 'select message_id as "messageId" from campaign_messages where email = $1', [ada]);
    expect(stored?.messageId).toBe(messageId);
  });
});
