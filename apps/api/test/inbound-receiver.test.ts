import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import type { InboundServer } from '../src/modules/inbound/inbound-server';
import { startInboundReceiver } from '../src/modules/inbound/start-inbound-receiver';
import { useAccountsApp } from './support/accounts-app';
import { sentCampaign } from './support/campaigns';
import { complaintReport, deliverReport, deliveryStatusReport } from './support/delivery-reports';

// Issue 32, points 1-4: reports come back over SMTP to the return path each message was sent
// with, and change what they say, for the delivery they name and no other.

const BOUNCE_DOMAIN = 'bounces.lark.example';
const accounts = useAccountsApp({ BOUNCE_DOMAIN, INBOUND_SMTP_PORT: '0', INBOUND_SMTP_HOST: '127.0.0.1', SOFT_BOUNCES_TO_SUPPRESS: '2' });
const silent = { info: () => {}, warn: () => {} };
let receiver: InboundServer;

beforeAll(async () => {
  const started = await startInboundReceiver({ config: accounts.config, db: accounts.database.db, log: silent, now: accounts.now });
  if (!started) throw new Error('the receiver did not start');
  receiver = started;
});
afterAll(async () => {
  await receiver?.stop();
});

/** A campaign sent to a new customer's readers; for each, the message's envelope sender and headers as the relay got them. */
async function sent() {
  const campaign = await sentCampaign(accounts);
  const delivered = (email: string) => {
    const message = accounts.smtp.messagesTo(email).at(-1)!;
    return { returnPath: message.envelope.from, messageId: String(message.headers.get('message-id')), unsubscribe: rawHeader(message.raw, 'List-Unsubscribe'), correlation: String(message.headers.get('x-postlark-delivery')) };
  };
  return { ...campaign, ada: { email: campaign.ada, ...delivered(campaign.ada) }, nameless: { email: campaign.nameless, ...delivered(campaign.nameless) } };
}

/** A header's value as sent, its folded lines joined (mailparser turns List-Unsubscribe into an object). */
function rawHeader(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const unfolded = head.replaceAll(/\r\n[ \t]+/g, ' ');
  const line = unfolded.split('\r\n').find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line.slice(name.length + 1).trim();
}

async function subscriber(cookie: string, id: string) {
  return (await accounts.call('GET', `audience/v1/subscribers/${id}`, cookie)).json().payload as { status: string };
}

describe('the inbound receiver', () => {
  it('names each delivery in its envelope sender and puts a mailto: at the receiver in List-Unsubscribe', async () => {
    const { ada, nameless } = await sent();
    expect(ada.returnPath).toMatch(/^b-[0-9a-z]+-[0-9a-f]{20}@bounces\.lark\.example$/);
    expect(nameless.returnPath).not.toBe(ada.returnPath);
    expect(ada.unsubscribe).toMatch(/^<https?:\/\/[^>]+\/one-click>, <mailto:u-[0-9a-z]+-[0-9a-f]{20}@bounces\.lark\.example\?subject=unsubscribe>$/);
  });

  it('a delivery status report over SMTP bounces the reader, and its status and words reach the timeline and the report', async () => {
    const { customer, ids, ada, campaign } = await sent();
    const report = deliveryStatusReport({ recipient: ada.email, status: '5.1.1', diagnostic: '550 5.1.1 <user> User unknown in virtual mailbox table', original: { messageId: ada.messageId, to: ada.email } });
    await deliverReport(receiver.port, ada.returnPath, report);
    expect((await subscriber(customer.cookie, ids[ada.email]!)).status).toBe('bounced');
    const stream = (await accounts.call('GET', `audience/v1/subscribers/${ids[ada.email]}/events`, customer.cookie)).json().payload;
    const bounce = stream.events.find((event: { name: string }) => event.name === 'email_bounced');
    expect(bounce.properties).toMatchObject({ kind: 'hard', status: '5.1.1' });
    expect(bounce.properties.detail).toContain('User unknown');
    const stored = await rawQuery<{ outcome: string; campaign_id: string; status: string }>(accounts.database.db, `select outcome, campaign_id, status from delivery_reports where subscriber_id = $1::uuid`, [ids[ada.email]]);
    expect(stored).toEqual([{ outcome: 'dead', campaign_id: campaign.id, status: '5.1.1' }]);
    const { receivers } = (await accounts.call('GET', `campaigns/v1/campaigns/${campaign.id}/report`, customer.cookie)).json().payload.report;
    expect(receivers.counts).toEqual({ dead: 1, soft: 0, sender: 0, complaint: 0 });
    expect(receivers.latest).toEqual([expect.objectContaining({ email: ada.email, outcome: 'dead', status: '5.1.1', diagnostic: expect.stringContaining('User unknown') })]);

    // The same report again (a sender's retransmission) is recorded once.
    await deliverReport(receiver.port, ada.returnPath, report);
    const again = await rawQuery<{ n: number }>(accounts.database.db, `select count(*)::int as n from delivery_reports where subscriber_id = $1::uuid`, [ids[ada.email]]);
    expect(again[0]!.n).toBe(1);
  });

  it('soft bounces suppress only after the rule’s count with no open between them; a refusal of the sender never does', async () => {
    const { customer, ids, nameless } = await sent();
    const soft = (n: number) => deliveryStatusReport({ id: `soft-${n}`, recipient: nameless.email, status: '4.2.2', action: 'delayed', diagnostic: '452 4.2.2 Mailbox full', original: { messageId: nameless.messageId, to: nameless.email } });
    const blocked = deliveryStatusReport({ id: 'blocked', recipient: nameless.email, status: '5.7.1', diagnostic: '554 5.7.1 Service unavailable; client host blocked using zen.spamhaus.org', original: { messageId: nameless.messageId, to: nameless.email } });
    await deliverReport(receiver.port, nameless.returnPath, blocked);
    await deliverReport(receiver.port, nameless.returnPath, soft(1));
    expect((await subscriber(customer.cookie, ids[nameless.email]!)).status).toBe('active');
    // An open resets the count: the next soft bounce is the first again.
    await rawQuery(accounts.database.db, `insert into campaign_opens (campaign_id, message_row_id, subscriber_id, at, machine) select campaign_id, id, subscriber_id, $2::timestamptz, false from campaign_messages where email = $1 limit 1`, [nameless.email, new Date(accounts.now().getTime() + 1_000).toISOString()]);
    accounts.advance(2_000);
    await deliverReport(receiver.port, nameless.returnPath, soft(2));
    expect((await subscriber(customer.cookie, ids[nameless.email]!)).status).toBe('active');
    await deliverReport(receiver.port, nameless.returnPath, soft(3));
    expect((await subscriber(customer.cookie, ids[nameless.email]!)).status).toBe('bounced');
    const outcomes = await rawQuery<{ outcome: string }>(accounts.database.db, `select outcome from delivery_reports where subscriber_id = $1::uuid order by id`, [ids[nameless.email]]);
    expect(outcomes.map((row) => row.outcome)).toEqual(['sender', 'soft', 'soft', 'soft']);
  });

  it('a complaint to abuse@ unsubscribes the reader as complained, for that customer only', async () => {
    const { customer, ids, ada } = await sent();
    const other = await accounts.signedInCustomer();
    const list = (await accounts.call('POST', 'audience/v1/lists', other.cookie, { name: 'Other', double_opt_in: false })).json().payload.list.id;
    const theirs = (await accounts.call('POST', 'audience/v1/subscribers', other.cookie, { email: ada.email, list_ids: [list] })).json().payload.subscriber.id;
    await deliverReport(receiver.port, `abuse@${BOUNCE_DOMAIN}`, complaintReport({ recipient: ada.email, original: { messageId: ada.messageId, correlation: ada.correlation, to: ada.email } }), `fbl@provider.example`);
    expect((await subscriber(customer.cookie, ids[ada.email]!)).status).toBe('complained');
    expect((await subscriber(other.cookie, theirs)).status).toBe('active');
  });

  it('a mail to the List-Unsubscribe address unsubscribes on receipt, whatever it says', async () => {
    const { customer, ids, ada } = await sent();
    const mailto = /<mailto:([^?>]+)/.exec(ada.unsubscribe)![1]!;
    await deliverReport(receiver.port, mailto, 'From: ada@readers.example\r\nSubject: please\r\n\r\nanything at all\r\n', ada.email);
    // Done before the receiver's 250: the sender's client has its answer once the reader is out.
    expect((await subscriber(customer.cookie, ids[ada.email]!)).status).toBe('unsubscribed');
  });

  it('refuses mail for an address it never issued, or with a forged MAC, and changes nothing', async () => {
    const { customer, ids, ada } = await sent();
    await expect(deliverReport(receiver.port, `someone@${BOUNCE_DOMAIN}`, 'Subject: hi\r\n\r\nhello\r\n')).rejects.toThrow(/550/);
    const forged = ada.returnPath.replace(/-([0-9a-f]{20})@/, (_all, mac: string) => `-${mac.startsWith('0') ? '1' : '0'}${mac.slice(1)}@`);
    const report = deliveryStatusReport({ recipient: ada.email, status: '5.1.1', diagnostic: '550 5.1.1 User unknown', original: { messageId: ada.messageId, to: ada.email } });
    await expect(deliverReport(receiver.port, forged, report)).rejects.toThrow(/550/);
    // Nor does it relay: another domain's address is refused the same way.
    await expect(deliverReport(receiver.port, 'ada@elsewhere.example', report)).rejects.toThrow(/550/);
    expect((await subscriber(customer.cookie, ids[ada.email]!)).status).toBe('active');
  });
});
