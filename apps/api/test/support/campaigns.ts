import { rawQuery } from '../../src/db/client';
import { type SenderDeps, type SenderState, sendOnce } from '../../src/modules/campaigns/campaign-sender';
import { type DkimSettings, dkimSettings } from '../../src/mail/dkim';
import { smtpCampaignTransport } from '../../src/modules/campaigns/campaign-transport';
import { loadCampaignLinks } from '../../src/modules/campaigns/campaign-links';
import { linkTokens } from '../../src/modules/preferences/link-tokens';
import { getOrCreateSecret } from '../../src/modules/secrets/secrets.repository';
import { APP_URL } from './accounts';
import type { useAccountsApp } from './accounts-app';
import { confirmSender } from './senders';
import { quotasFrom } from '../../src/modules/senders/quotas';
import { sendingIdentities } from '../../src/mail/sending-identity';
import { sendingPolicyFrom } from '../../src/mail/sending-policy';
import { secretBoxFrom } from '../../src/lib/secret-box';
import { withSendingIdentity } from '../../src/modules/campaigns/identity-transport';

// Campaign tests' common ground: a customer with a small audience, a complete draft, and the
// sending engine run one pass at a time against the test's SMTP server.

type Accounts = ReturnType<typeof useAccountsApp>;

export const CAMPAIGNS = 'campaigns/v1/campaigns';
export const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };

let audiences = 0;

/** The From address of every draft: each customer of these helpers confirms it first. */
export const FROM_EMAIL = 'news@lark.example';

/**
 * A customer with a list of three: two active, one unsubscribed; addresses unique to the call.
 * The customer has confirmed FROM_EMAIL as a sender, through the mailed link.
 */
export async function customerWithAudience(accounts: Accounts, options: { contact?: boolean } = {}) {
  const { call } = accounts;
  audiences += 1;
  const at = `@audience${audiences}-${process.pid}.example`;
  const customer = await accounts.signedInCustomer();
  if (options.contact !== false) await call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, CONTACT);
  await confirmSender(accounts, customer.cookie, FROM_EMAIL);
  const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Weekly', double_opt_in: false })).json().payload.list.id as string;
  const people = [
    { email: `ada${at}`, first_name: 'Ada' },
    { email: `nameless${at}`, first_name: '' },
    { email: `gone${at}`, first_name: 'Gone' },
  ];
  const ids: Record<string, string> = {};
  for (const person of people) {
    ids[person.email] = (await call('POST', 'audience/v1/subscribers', customer.cookie, { ...person, list_ids: [list] })).json().payload.subscriber.id;
  }
  await call('PATCH', `audience/v1/subscribers/${ids[`gone${at}`]}`, customer.cookie, { status: 'unsubscribed' });
  return { customer, list, ids, ada: `ada${at}`, nameless: `nameless${at}`, gone: `gone${at}` };
}

/**
 * A customer with a postal address, a confirmed sender and a list of `count` active, confirmed
 * subscribers (reader1@<domain> …), made in bulk in SQL: the crash tests' audience.
 */
export async function bulkAudience(accounts: Accounts, count: number, domain: string) {
  const { call } = accounts;
  const query = (text: string, params: unknown[]) => rawQuery(accounts.database.db, text, params);
  const customer = await accounts.signedInCustomer();
  await call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, CONTACT);
  await confirmSender(accounts, customer.cookie, FROM_EMAIL);
  const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Everyone', double_opt_in: false })).json().payload.list.id as string;
  await query(
    `insert into subscribers (customer_id, email, first_name, last_name, status, created_at, updated_at, consent_source, consent_at, confirmed_at)
     select $1::uuid, 'reader' || i || '@' || $2, 'Reader' || i, 'Lark', 'active', now(), now(), 'import', now(), now()
     from generate_series(1, ${count}) as i`,
    [customer.customerId, domain],
  );
  await query(
    `insert into list_memberships (list_id, subscriber_id, status, created_at, updated_at, confirmed_at)
     select $1::uuid, id, 'confirmed', now(), now(), now() from subscribers where customer_id = $2::uuid`,
    [list, customer.customerId],
  );
  return { customer, list };
}

/** A complete campaign to the list, with merge tags and fallbacks. */
export function draft(list: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'November news',
    subject: 'Hello {{ first_name | default: "there" }}',
    preheader: 'What is new this month',
    from_name: 'Lark Letters',
    from_email: FROM_EMAIL,
    reply_to: 'hello@lark.example',
    content_html: '<h1>Hi {{ first_name | default: "there" }}</h1><p>Your plan: {{ attributes.plan | default: "free" }}.</p>',
    audience: { list_ids: [list] },
    ...overrides,
  };
}

/** The engine against the test's SMTP server; `run` makes one pass. */
export async function engine(accounts: Accounts, overrides: Partial<SenderDeps['settings']> = {}, dkim?: DkimSettings) {
  const db = accounts.database.db;
  const tokens = linkTokens(await getOrCreateSecret(db, 'subscriber-links'));
  // As the engine sends: each message From its sending identity (the platform's key, or `dkim`).
  const identities = sendingIdentities({
    db,
    secrets: secretBoxFrom(accounts.config),
    policy: sendingPolicyFrom(accounts.config),
    platformDkim: dkim ?? dkimSettings(accounts.config),
    now: accounts.now,
  });
  const transport = withSendingIdentity(smtpCampaignTransport(accounts.smtp.url, { connections: 2 }), identities);
  const deps: SenderDeps = {
    db,
    now: accounts.now,
    // The quotas of the test app's settings.
    quotas: quotasFrom(accounts.config),
    sending: sendingPolicyFrom(accounts.config),
    transport,
    links: await loadCampaignLinks(db, APP_URL),
    settings: { batchSize: 100, ratePerSecond: 1000, concurrency: 2, leaseMs: 60_000, maxAttempts: 3, messageIdDomain: 'lark.example', idleMs: 10, ...overrides },
    log: { warn: () => {}, error: () => {} },
  };
  // `state`: kept across passes as the engine's loop keeps it (the account rotation, the relay's pauses).
  return { deps, tokens, run: (state?: SenderState) => sendOnce(deps, async () => {}, state), close: () => transport.close() };
}

/** `passes` passes of the engine, one after another, on a fresh transport. */
export async function runEngine(accounts: Accounts, passes = 1) {
  const sender = await engine(accounts);
  try {
    for (let pass = 0; pass < passes; pass += 1) await sender.run();
  } finally {
    await sender.close();
  }
}

/** The campaign (GET campaigns/{id}) and its report, as the customer reads them. */
export const campaignRead = async (accounts: Accounts, cookie: string, id: string) => (await accounts.call('GET', `${CAMPAIGNS}/${id}`, cookie)).json().payload.campaign;
export const reportRead = async (accounts: Accounts, cookie: string, id: string) => (await accounts.call('GET', `${CAMPAIGNS}/${id}/report`, cookie)).json().payload.report;

/** A campaign to a new customer's list of three (customerWithAudience), started and sent by one pass of the engine. */
export async function sentCampaign(accounts: Accounts, overrides: Record<string, unknown> = {}) {
  const audience = await customerWithAudience(accounts);
  const campaign = (await accounts.call('POST', CAMPAIGNS, audience.customer.cookie, draft(audience.list, overrides))).json().payload.campaign as { id: string };
  await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, audience.customer.cookie);
  const sender = await engine(accounts);
  try {
    await sender.run();
  } finally {
    await sender.close();
  }
  return { ...audience, campaign };
}

/** A message's HTML without the inline styles its layout gives each element: the content as written. */
export const withoutInlineStyles = (html: string) => html.replace(/ style="[^"]*"/g, '');
