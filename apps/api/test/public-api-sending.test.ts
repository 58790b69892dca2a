import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { afterAll, describe, expect, it } from 'vitest';
import { apiKeyFor, callWithKey, customerWithKey } from './support/api-keys';
import { useAccountsApp } from './support/accounts-app';
import { customerWithAudience, draft, engine } from './support/campaigns';
import { startTestDnsServer } from './support/dns-server';
import { testDkimKey } from './support/dkim-key';
import { confirmationToken, confirmSender, SENDERS } from './support/senders';

// Issue 30, point 8: campaigns and senders by API key, through the dashboard's own services:
// what a call changes is read back the way an integrator (and the dashboard) would read it.

// The platform signs for lark.example (DKIM_DOMAIN), so the helpers' confirmed From news@lark.example
// may send; sending domains are checked against a DNS server on loopback.
const dkim = testDkimKey().settings;
const dns = await startTestDnsServer();
afterAll(() => dns.stop());
const accounts = useAccountsApp({ DKIM_DOMAIN: dkim.domainName, DKIM_SELECTOR: dkim.keySelector, DKIM_PRIVATE_KEY: dkim.privateKey, DNS_SERVERS: dns.servers.join(',') });
const { call } = accounts;

/** A customer with the campaign helpers' audience and confirmed sender, and a key of theirs. */
async function audienceWithKey() {
  const audience = await customerWithAudience(accounts);
  return { ...audience, key: await apiKeyFor(accounts, audience.customer.cookie) };
}

describe('public API: campaigns', () => {
  it('creates, changes, tests, schedules, cancels, sends, pauses, resumes and reports a campaign', async () => {
    const { customer, list, key, ada } = await audienceWithKey();
    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => callWithKey(accounts, key, method, url, payload);

    const created = await api('POST', 'campaigns', draft(list, { subject: 'Draft subject' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.created, campaign: { status: 'draft', name: 'November news', audience: { list_ids: [list], segment_ids: [] } } });
    const id = created.json().payload.campaign.id as string;

    const changed = await api('PATCH', `campaigns/${id}`, { subject: 'Hello {{ first_name | default: "there" }}' });
    expect(changed.json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.saved, campaign: { subject: 'Hello {{ first_name | default: "there" }}' } });
    // The dashboard reads the same campaign.
    expect((await call('GET', `campaigns/v1/campaigns/${id}`, customer.cookie)).json().payload.campaign.subject).toBe('Hello {{ first_name | default: "there" }}');
    expect((await api('GET', `campaigns/${id}`)).json().payload).toMatchObject({ id, status: 'draft', messages: null });
    expect((await api('GET', 'campaigns')).json().payload.campaigns.map((campaign: { id: string }) => campaign.id)).toEqual([id]);

    // A test goes to an address the customer confirmed, and arrives.
    const desk = `desk-${id.slice(0, 8)}@lark.example`;
    await confirmSender(accounts, customer.cookie, desk);
    const before = accounts.smtp.messagesTo(desk).length;
    const tested = await api('POST', `campaigns/${id}/test`, { recipients: [desk.toUpperCase()] });
    expect(tested.json().payload).toEqual({ message: CAMPAIGN_MESSAGES.testSent(1), sent: 1 });
    expect((await accounts.smtp.waitForMessage(desk, { after: before })).subject).toBe('[Test] Hello there');
    // A subscriber's address is no confirmed address of the customer's: refused, as in the editor.
    const stranger = await api('POST', `campaigns/${id}/test`, { recipients: [ada] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().payload.errors).toEqual({ recipients: SENDER_MESSAGES.testRecipientNotConfirmed(ada) });

    const schedule = { send_at: '2026-06-02T09:00', timezone: 'Europe/London' };
    const scheduled = await api('POST', `campaigns/${id}/schedule`, schedule);
    expect(scheduled.json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.scheduled, campaign: { status: 'scheduled', scheduled_at: '2026-06-02T08:00:00.000Z', scheduled_timezone: 'Europe/London' } });
    expect((await api('POST', `campaigns/${id}/unschedule`)).json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.unscheduled, campaign: { status: 'draft', scheduled_at: null } });
    expect((await api('POST', `campaigns/${id}/schedule`, schedule)).statusCode).toBe(200);
    expect((await api('POST', `campaigns/${id}/cancel`)).json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.cancelled, campaign: { status: 'cancelled' } });
    const notSendable = await api('POST', `campaigns/${id}/send`);
    expect(notSendable.statusCode).toBe(409);
    expect(notSendable.json().payload.message).toBe(CAMPAIGN_MESSAGES.notSendable);

    const second = (await api('POST', 'campaigns', draft(list))).json().payload.campaign.id as string;
    const sent = await api('POST', `campaigns/${second}/send`);
    expect(sent.json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.sendStarted, campaign: { status: 'sending' } });
    expect((await api('POST', `campaigns/${second}/pause`)).json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.paused, campaign: { status: 'paused' } });
    const sender = await engine(accounts);
    try {
      // Paused: nothing goes out.
      await sender.run();
      expect(accounts.smtp.messagesTo(ada)).toHaveLength(0);
      expect((await api('POST', `campaigns/${second}/resume`)).json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.resumed, campaign: { status: 'sending' } });
      await sender.run();
    } finally {
      await sender.close();
    }
    expect((await accounts.smtp.waitForMessage(ada)).subject).toBe('Hello Ada');

    const report = await api('GET', `campaigns/${second}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().payload).toMatchObject({ campaign: { id: second, status: 'sent' }, totals: { recipients: 2, sent: 2, failed: 0 } });
    // The same report as the dashboard's.
    expect(report.json().payload).toEqual((await call('GET', `campaigns/v1/campaigns/${second}/report`, customer.cookie)).json().payload.report);
    const unsent = await api('GET', `campaigns/${id}/report`);
    expect(unsent.statusCode).toBe(409);
  });

  it('answers bad input with the field’s message, and another account’s campaign as not found', async () => {
    const { list, key } = await audienceWithKey();
    const other = await audienceWithKey();
    const theirs = (await callWithKey(accounts, other.key, 'POST', 'campaigns', draft(other.list))).json().payload.campaign.id as string;

    const nameless = await callWithKey(accounts, key, 'POST', 'campaigns', { ...draft(list), name: ' ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().payload).toEqual({ message: CAMPAIGN_MESSAGES.nameRequired, errors: { name: CAMPAIGN_MESSAGES.nameRequired } });
    const foreignList = await callWithKey(accounts, key, 'POST', 'campaigns', draft(other.list));
    expect(foreignList.statusCode).toBe(400);
    expect(foreignList.json().payload.errors).toEqual({ audience: CAMPAIGN_MESSAGES.audienceInvalid });
    const mine = (await callWithKey(accounts, key, 'POST', 'campaigns', draft(list))).json().payload.campaign.id as string;
    const badTime = await callWithKey(accounts, key, 'POST', `campaigns/${mine}/schedule`, { send_at: 'tomorrow', timezone: 'Europe/London' });
    expect(badTime.json().payload.errors).toEqual({ send_at: CAMPAIGN_MESSAGES.sendAtInvalid });
    expect((await callWithKey(accounts, key, 'POST', `campaigns/${mine}/test`, { recipients: [] })).json().payload.errors).toEqual({ recipients: CAMPAIGN_MESSAGES.testRecipientsRequired });

    const calls: ['GET' | 'POST' | 'PATCH', string, object?][] = [
      ['GET', `campaigns/${theirs}`],
      ['PATCH', `campaigns/${theirs}`, { name: 'Mine now' }],
      ['POST', `campaigns/${theirs}/test`, { recipients: [other.customer.email] }],
      ['POST', `campaigns/${theirs}/schedule`, { send_at: '2026-06-02T09:00', timezone: 'Europe/London' }],
      ['POST', `campaigns/${theirs}/send`],
      ['POST', `campaigns/${theirs}/cancel`],
      ['GET', `campaigns/${theirs}/report`],
      ['GET', 'campaigns/not-a-uuid'],
    ];
    for (const [method, url, payload] of calls) {
      const answer = await callWithKey(accounts, key, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().payload.message).toMatch(/does not exist/);
    }
    // Nothing of theirs changed, and their list shows only their own.
    expect((await callWithKey(accounts, other.key, 'GET', `campaigns/${theirs}`)).json().payload).toMatchObject({ name: 'November news', status: 'draft' });
    expect((await callWithKey(accounts, key, 'GET', 'campaigns')).json().payload.campaigns.map((campaign: { id: string }) => campaign.id)).toEqual([mine]);
    expect((await callWithKey(accounts, undefined, 'GET', 'campaigns')).statusCode).toBe(401);
  });
});

describe('public API: senders', () => {
  it('lists, adds (mailing the confirmation link) and removes From addresses, each only of the key’s account', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const address = `desk-${customer.customerId.slice(0, 8)}@lark.example`;
    const before = accounts.smtp.messagesTo(address).length;
    const added = await callWithKey(accounts, key, 'POST', 'senders', { email: ` ${address.toUpperCase()} ` });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().payload).toMatchObject({ message: SENDER_MESSAGES.added(address), sender: { email: address, status: 'pending' } });
    const token = await confirmationToken(accounts, address, before);
    expect(token).not.toBe('');

    const overview = (await callWithKey(accounts, key, 'GET', 'senders')).json().payload;
    expect(overview.account_email).toBe(customer.email.toLowerCase());
    expect(overview.senders).toEqual([added.json().payload.sender]);
    expect(overview).toEqual((await call('GET', SENDERS, customer.cookie)).json().payload);

    expect((await callWithKey(accounts, key, 'POST', 'senders', { email: address })).json().payload.errors).toEqual({ email: SENDER_MESSAGES.alreadyAdded });
    expect((await callWithKey(accounts, key, 'POST', 'senders', { email: 'not an address' })).json().payload.errors).toEqual({ email: SENDER_MESSAGES.emailInvalid });

    const stranger = await customerWithKey(accounts);
    const id = added.json().payload.sender.id as string;
    const refused = await callWithKey(accounts, stranger.key, 'DELETE', `senders/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().payload.message).toBe(SENDER_MESSAGES.notFound);
    expect((await callWithKey(accounts, stranger.key, 'GET', 'senders')).json().payload.senders).toEqual([]);

    expect((await callWithKey(accounts, key, 'DELETE', `senders/${id}`)).json().payload.message).toBe(SENDER_MESSAGES.deleted);
    expect((await callWithKey(accounts, key, 'GET', 'senders')).json().payload.senders).toEqual([]);
  });
});

describe('public API: sending domains', () => {
  it('adds a domain, shows its records, checks them in DNS and removes it, each only of the key’s account', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const name = `acme-${customer.customerId.slice(0, 8)}.example`;
    const added = await callWithKey(accounts, key, 'POST', 'sending-domains', { domain: ` ${name.toUpperCase()} ` });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().payload).toMatchObject({ message: SENDER_MESSAGES.domainAdded(name), domain: { domain: name, status: 'pending' } });
    const domain = added.json().payload.domain;
    const record = domain.records.find((entry: { purpose: string }) => entry.purpose === 'dkim');
    expect(record).toMatchObject({ type: 'TXT', state: 'unchecked', required: true });
    expect(record.name.endsWith(`._domainkey.${name}`), record.name).toBe(true);

    expect((await callWithKey(accounts, key, 'GET', 'sending-domains')).json().payload.domains).toEqual([domain]);
    expect((await callWithKey(accounts, key, 'GET', `sending-domains/${domain.id}`)).json().payload).toEqual(domain);
    // What the Senders page shows is what the API answers.
    expect((await call('GET', `${SENDERS}`, customer.cookie)).json().payload.domains).toEqual([domain]);

    const unpublished = (await callWithKey(accounts, key, 'POST', `sending-domains/${domain.id}/check`)).json().payload;
    expect(unpublished.message).toBe(SENDER_MESSAGES.dnsNoRecord(record.name));
    expect(unpublished.domain.status).toBe('pending');
    dns.publishTxt(record.name, record.value);
    const checked = (await callWithKey(accounts, key, 'POST', `sending-domains/${domain.id}/check`)).json().payload;
    expect(checked.message).toBe(SENDER_MESSAGES.domainAuthenticated(name));
    expect(checked.domain).toMatchObject({ status: 'authenticated', authenticated_at: accounts.now().toISOString() });
    expect(checked.domain.records.find((entry: { purpose: string }) => entry.purpose === 'dkim').state).toBe('found');

    const bad = await callWithKey(accounts, key, 'POST', 'sending-domains', { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors).toEqual({ domain: SENDER_MESSAGES.domainInvalid });

    const stranger = await customerWithKey(accounts);
    for (const [method, url] of [['GET', `sending-domains/${domain.id}`], ['POST', `sending-domains/${domain.id}/check`], ['DELETE', `sending-domains/${domain.id}`], ['GET', 'sending-domains/not-a-uuid']] as const) {
      const answer = await callWithKey(accounts, stranger.key, method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().payload.message).toBe(SENDER_MESSAGES.domainNotFound);
    }
    expect((await callWithKey(accounts, stranger.key, 'GET', 'sending-domains')).json().payload.domains).toEqual([]);

    expect((await callWithKey(accounts, key, 'DELETE', `sending-domains/${domain.id}`)).json().payload.message).toBe(SENDER_MESSAGES.domainDeleted);
    expect((await callWithKey(accounts, key, 'GET', 'sending-domains')).json().payload.domains).toEqual([]);
  });
});

describe('public API: the OpenAPI document', () => {
  it('lists the sending paths with request schemas drawn from the shared ones', async () => {
    const document = (await accounts.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    for (const path of [
      '/v1/senders',
      '/v1/senders/{id}',
      '/v1/sending-domains',
      '/v1/sending-domains/{id}',
      '/v1/sending-domains/{id}/check',
      '/v1/campaigns',
      '/v1/campaigns/{id}',
      '/v1/campaigns/{id}/test',
      '/v1/campaigns/{id}/schedule',
      '/v1/campaigns/{id}/send',
      '/v1/campaigns/{id}/pause',
      '/v1/campaigns/{id}/resume',
      '/v1/campaigns/{id}/cancel',
      '/v1/campaigns/{id}/report',
    ]) {
      expect(paths).toContain(path);
    }
    const bodyOf = (path: string, method: string) => document.paths[path][method].requestBody.content['application/json'].schema.$ref;
    expect(bodyOf('/v1/campaigns', 'post')).toBe('#/components/schemas/CampaignCreate');
    expect(bodyOf('/v1/campaigns/{id}', 'patch')).toBe('#/components/schemas/CampaignUpdate');
    expect(bodyOf('/v1/campaigns/{id}/test', 'post')).toBe('#/components/schemas/CampaignTestSend');
    expect(bodyOf('/v1/campaigns/{id}/schedule', 'post')).toBe('#/components/schemas/CampaignSchedule');
    expect(bodyOf('/v1/senders', 'post')).toBe('#/components/schemas/SenderCreate');
    expect(bodyOf('/v1/sending-domains', 'post')).toBe('#/components/schemas/SendingDomainCreate');

    const { schemas } = document.components;
    expect(schemas.CampaignCreate).toMatchObject({ type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, tracking: { type: 'boolean', default: true } } });
    expect(schemas.CampaignUpdate.required).toBeUndefined();
    expect(schemas.CampaignTestSend).toMatchObject({ properties: { recipients: { type: 'array', maxItems: 5 }, seed_list_id: { type: 'string' } } });
    expect(schemas.CampaignSchedule).toMatchObject({ required: ['send_at', 'timezone'] });
    expect(schemas.SenderCreate).toMatchObject({ required: ['email'], properties: { email: { type: 'string' } } });
    expect(schemas.SendingDomainCreate).toMatchObject({ required: ['domain'], properties: { domain: { type: 'string', maxLength: 253 } } });
    // Every reference points at a schema the document has.
    for (const [, name] of JSON.stringify(document).matchAll(/"#\/components\/schemas\/(\w+)"/g)) expect(schemas, name).toHaveProperty(name!);

    const page = await accounts.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.body).toContain('<code>POST</code></td><td><code>/v1/campaigns/{id}/send</code>');
    expect(page.body).toContain('<li>Body: <code>CampaignCreate</code></li>');
  });
});
