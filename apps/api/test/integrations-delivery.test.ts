import { DELIVERY_MESSAGES } from '@postlark/shared/integrations';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { CAMPAIGNS } from './support/campaigns';
import { useIntegrationsApp } from './support/integrations';

// Campaigns delivered through a connected platform, against the platforms' fakes: made there with
// its merge tags translated, sent to the synced audience (or a tagged part of it), its report read
// back into ours; refusals said before sending or put back on the draft; an A/B test as tagged
// splits decided on the platform's reports.

const { fakes, accounts, call, advance, sync, connect, linkAudience } = useIntegrationsApp({ settings: { AB_LOOK_EVERY_SECONDS: '60' }, brevoRateLimits: false });

/** A customer with Mailchimp connected and an audience of `count` imported. */
async function withMailchimpAudience(count: number) {
  const mailchimp = fakes().mailchimp;
  const customer = await accounts.signedInCustomer();
  const connection = await connect('mailchimp', customer.cookie, mailchimp.apiKey);
  const seeded = mailchimp.seedAudience({ count, listName: `Readers ${count}`, campaigns: 0 });
  const link = await linkAudience(customer.cookie, connection.id, seeded.listId);
  await sync();
  return { ...customer, connection, listId: link.list_id, remoteListId: seeded.listId };
}

const campaignBody = (listId: string, connectionId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'June news',
  subject: 'Hello {{ first_name }}',
  preheader: 'What is new',
  from_name: 'Lark Letters',
  from_email: 'news@example.com',
  content_html: '<p>Hi {{ first_name }}, your address is {{ email }}.</p>',
  audience: { list_ids: [listId] },
  delivery_connection_id: connectionId,
  ...overrides,
});

describe('a campaign delivered through Mailchimp', () => {
  it('is made there with Mailchimp’s merge tags, sent to the synced audience, and its report read back', async () => {
    const mailchimp = fakes().mailchimp;
    const { cookie, connection, listId, remoteListId } = await withMailchimpAudience(200);
    const created = await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id));
    expect(created.statusCode).toBe(201);
    const campaign = created.json().payload.campaign;
    expect(campaign.delivery_connection_id).toBe(connection.id);
    // No postal address nor confirmed sender of ours is asked for: Mailchimp keeps its own.
    const sent = await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie);
    expect(sent.statusCode).toBe(200);
    await sync();

    const remote = [...mailchimp.state.campaigns.values()].find((entry) => entry.settings.title === 'June news');
    expect(remote).toMatchObject({ status: 'sent', recipients: { list_id: remoteListId }, settings: { subject_line: 'Hello *|FNAME|*', preview_text: 'What is new' } });
    expect(remote?.html).toContain('Hi *|FNAME|*, your address is *|EMAIL|*.');
    const subscribed = [...(mailchimp.state.lists.get(remoteListId)?.members.values() ?? [])].filter((member) => member.status === 'subscribed');
    expect(remote?.sentTo).toHaveLength(subscribed.length);
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}`, cookie)).json().payload.campaign.status).toBe('sent');

    // Opens and clicks there arrive in our report when it is read again.
    for (const member of subscribed.slice(0, 40)) mailchimp.recordActivity(remote!.id, member.email_address, { action: 'open' });
    for (const member of subscribed.slice(0, 12)) mailchimp.recordActivity(remote!.id, member.email_address, { action: 'click', url: 'https://lark.example/june' });
    advance(6 * 60_000);
    await sync();
    const report = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, cookie)).json().payload.report;
    expect(report.campaign.delivered_by).toEqual({ platform: 'mailchimp', reported_at: accounts.now().toISOString() });
    expect(report.totals).toMatchObject({ sent: subscribed.length, unique_opens: 40, unique_clicks: 12 });
    expect(report.totals.open_rate).toBeCloseTo(40 / subscribed.length, 6);
  });

  it('is sent once when Mailchimp’s answers are lost: a send that went through is found out, one that did not is tried again', async () => {
    const mailchimp = fakes().mailchimp;
    const { cookie, connection, listId, remoteListId } = await withMailchimpAudience(50);
    const subscribed = [...(mailchimp.state.lists.get(remoteListId)?.members.values() ?? [])].filter((member) => member.status === 'subscribed').length;
    const made = (name: string) => [...mailchimp.state.campaigns.values()].filter((entry) => entry.settings.title === name);
    // POST /3.0/campaigns/{id}/actions/send (the campaign itself is made with POST /3.0/campaigns, unscripted).
    const theSend = { method: 'POST', path: '/3.0/campaigns/' };
    const sends = () => mailchimp.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/actions/send')).length;

    // The send goes out, but its answer never comes back: Mailchimp is asked, and the campaign is sent, not made or sent again.
    const lost = (await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id, { name: 'Lost answer' }))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${lost.id}/send`, cookie);
    mailchimp.script(theSend, { kind: 'lost-answer' }, 1);
    const sendsBefore = sends();
    await sync();
    advance(61_000);
    await sync();
    expect(made('Lost answer')).toHaveLength(1);
    expect(made('Lost answer')[0]).toMatchObject({ status: 'sent' });
    expect(made('Lost answer')[0]!.sentTo).toHaveLength(subscribed);
    expect(sends() - sendsBefore).toBe(1);
    expect((await call('GET', `${CAMPAIGNS}/${lost.id}`, cookie)).json().payload.campaign.status).toBe('sent');

    // The send is cut before Mailchimp gets it: the same campaign there is sent a minute later, once.
    const dropped = (await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id, { name: 'Dropped send' }))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${dropped.id}/send`, cookie);
    mailchimp.script(theSend, { kind: 'drop' }, 1);
    await sync();
    expect((await call('GET', `${CAMPAIGNS}/${dropped.id}`, cookie)).json().payload.campaign.status).toBe('sending');
    expect(made('Dropped send')).toHaveLength(1);
    advance(61_000);
    await sync();
    expect(made('Dropped send')).toHaveLength(1);
    expect(made('Dropped send')[0]).toMatchObject({ status: 'sent' });
    expect((await call('GET', `${CAMPAIGNS}/${dropped.id}`, cookie)).json().payload.campaign.status).toBe('sent');
  });

  it('deals an A/B split once: a start held up by Mailchimp’s rate limit tags the same people when it resumes, newcomers aside', async () => {
    const mailchimp = fakes().mailchimp;
    const { cookie, connection, listId, remoteListId } = await withMailchimpAudience(120);
    const body = campaignBody(listId, connection.id, { name: 'Held split', ab_test: { dimension: 'subject', test_share: 50, wait_minutes: 60, variants: [{}, { subject: 'Other {{ first_name }}' }] } });
    const campaign = (await call('POST', CAMPAIGNS, cookie, body)).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie);
    // Every tagging call answers 429 for longer than the worker waits: the start stops before any campaign is made.
    mailchimp.script({ method: 'POST', path: `/3.0/lists/${remoteListId}/segments` }, { kind: 'too-many-requests' }, 40);
    await sync();
    expect([...mailchimp.state.campaigns.values()].filter((entry) => entry.settings.title?.startsWith('Held split'))).toEqual([]);
    // Meanwhile a newcomer arrives; the start resumes.
    mailchimp.addMember(remoteListId, 'newcomer@example.com');
    mailchimp.state.lists.get(remoteListId)!.members.get(mailchimp.hash('newcomer@example.com'))!.last_changed = accounts.now().toISOString();
    const variantsMade = () => [...mailchimp.state.campaigns.values()].filter((entry) => entry.settings.title?.startsWith('Held split ('));
    // The newcomer is imported by the next poll; the start resumes when the rate limit lets it.
    for (let attempt = 0; attempt < 6 && variantsMade().length === 0; attempt += 1) {
      advance(6 * 60_000);
      await sync();
    }
    const variants = variantsMade();
    expect(variants).toHaveLength(2);
    const [a, b] = variants.map((entry) => entry.sentTo);
    expect(a!.filter((hash) => b!.includes(hash))).toEqual([]);
    expect(a!.length + b!.length).toBeGreaterThan(40);
    // Exactly the split dealt before the wait, and the newcomer (who came after it) in none of it.
    const dealt = rowsOf<{ email: string; part: number }>(await accounts.database.db.execute(sql`select email, part from platform_delivery_recipients where campaign_id = ${campaign.id}::uuid`));
    const dealtTo = (part: number) => dealt.filter((row) => Number(row.part) === part).map((row) => mailchimp.hash(row.email)).sort();
    const byTitle = (title: string) => [...mailchimp.state.campaigns.values()].find((entry) => entry.settings.title === title)!.sentTo.sort();
    expect(byTitle('Held split (A)')).toEqual(dealtTo(1));
    expect(byTitle('Held split (B)')).toEqual(dealtTo(2));
    expect(dealt.map((row) => row.email)).not.toContain('newcomer@example.com');
  });

  it('names a merge tag or a condition Mailchimp cannot carry before sending', async () => {
    const { cookie, connection, listId } = await withMailchimpAudience(20);
    const unknownTag = (await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id, { content_html: '<p>You are {{ engagement.band }}</p>' }))).json().payload.campaign;
    const refused = await call('POST', `${CAMPAIGNS}/${unknownTag.id}/send`, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.message).toBe(DELIVERY_MESSAGES.mergeTagUnsupported('Mailchimp', 'engagement.band'));
    const filtered = (await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id, { subject: 'Hi {{ first_name | default: "there" }}' }))).json().payload.campaign;
    const refusedFilter = await call('POST', `${CAMPAIGNS}/${filtered.id}/send`, cookie);
    expect(refusedFilter.json().payload.message).toBe(DELIVERY_MESSAGES.liquidUnsupported('Mailchimp'));
    expect((await call('GET', `${CAMPAIGNS}/${filtered.id}`, cookie)).json().payload.campaign.status).toBe('draft');
  });

  it('runs an A/B test as tagged splits there, decides on Mailchimp’s reports, and sends the winner to the rest', async () => {
    const mailchimp = fakes().mailchimp;
    const { cookie, connection, listId, remoteListId } = await withMailchimpAudience(400);
    const body = campaignBody(listId, connection.id, {
      name: 'Subject test',
      ab_test: { dimension: 'subject', test_share: 50, wait_minutes: 60, variants: [{}, { subject: 'Last chance, {{ first_name }}' }] },
    });
    const campaign = (await call('POST', CAMPAIGNS, cookie, body)).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie)).statusCode).toBe(200);
    await sync();
    const variants = [...mailchimp.state.campaigns.values()].filter((entry) => entry.settings.title?.startsWith('Subject test ('));
    expect(variants.map((entry) => entry.settings.subject_line).sort()).toEqual(['Hello *|FNAME|*', 'Last chance, *|FNAME|*']);
    const [a, b] = ['Subject test (A)', 'Subject test (B)'].map((title) => variants.find((entry) => entry.settings.title === title)!);
    const subscribed = [...(mailchimp.state.lists.get(remoteListId)?.members.values() ?? [])].filter((member) => member.status === 'subscribed').length;
    // Half the audience in the test, dealt evenly; nobody in both.
    expect(Math.abs(a!.sentTo.length - b!.sentTo.length)).toBeLessThanOrEqual(1);
    expect(a!.sentTo.length + b!.sentTo.length).toBeGreaterThanOrEqual(Math.floor(subscribed / 2) - 1);
    expect(a!.sentTo.filter((hash) => b!.sentTo.includes(hash))).toEqual([]);
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}`, cookie)).json().payload.campaign.ab_test_state.status).toBe('testing');

    // B is opened far more.
    const emailOf = (hash: string) => mailchimp.state.lists.get(remoteListId)!.members.get(hash)!.email_address;
    for (const hash of b!.sentTo.slice(0, Math.floor(b!.sentTo.length * 0.6))) mailchimp.recordActivity(b!.id, emailOf(hash), { action: 'open' });
    for (const hash of a!.sentTo.slice(0, Math.floor(a!.sentTo.length * 0.1))) mailchimp.recordActivity(a!.id, emailOf(hash), { action: 'open' });
    for (let minute = 0; minute < 61; minute += 2) {
      advance(2 * 60_000);
      await sync();
    }
    const decided = (await call('GET', `${CAMPAIGNS}/${campaign.id}`, cookie)).json().payload.campaign;
    expect(decided.ab_test_state).toMatchObject({ status: 'winner', winner: 1 });
    expect(decided.status).toBe('sent');
    const rest = [...mailchimp.state.campaigns.values()].find((entry) => entry.settings.title === 'Subject test');
    expect(rest?.settings.subject_line).toBe('Last chance, *|FNAME|*');
    expect(rest!.sentTo.length).toBe(subscribed - a!.sentTo.length - b!.sentTo.length);
    expect(rest!.sentTo.filter((hash) => a!.sentTo.includes(hash) || b!.sentTo.includes(hash))).toEqual([]);
    // The sidebar's sub-items: campaigns and tests by where they were delivered.
    const own = (await call('POST', CAMPAIGNS, cookie, { name: 'Our own', audience: { list_ids: [listId] } })).json().payload.campaign;
    const names = async (url: string) => (await call('GET', url, cookie)).json().payload;
    expect((await names(`${CAMPAIGNS}?platform=mailchimp`)).campaigns.map((entry: { id: string }) => entry.id)).toEqual([campaign.id]);
    expect((await names(`${CAMPAIGNS}?platform=brevo`)).campaigns).toEqual([]);
    expect((await names(CAMPAIGNS)).campaigns.map((entry: { id: string }) => entry.id)).toEqual([own.id, campaign.id]);
    expect((await names('ab-tests/v1/tests?platform=mailchimp')).tests.map((entry: { id: string }) => entry.id)).toEqual([campaign.id]);
    expect((await names('ab-tests/v1/tests?platform=beehiiv')).tests).toEqual([]);
    expect((await call('GET', `${CAMPAIGNS}?platform=myspace`, cookie)).statusCode).toBe(400);
    const report = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, cookie)).json().payload.report;
    expect(report.ab_test.variants.map((variant: { unique_opens: number }) => variant.unique_opens)).toEqual([Math.floor(a!.sentTo.length * 0.1), Math.floor(b!.sentTo.length * 0.6)]);
  });
});

describe('a campaign delivered through Brevo and beehiiv', () => {
  it('goes out through Brevo with Brevo’s merge tags; an unverified sender puts it back to a draft with Brevo’s words', async () => {
    const brevo = fakes().brevo;
    const { cookie } = await accounts.signedInCustomer();
    const connection = await connect('brevo', cookie, brevo.apiKey);
    const { list } = brevo.seedAudience({ count: 150, listName: 'Brevo readers', campaigns: 0 });
    const { list_id: listId } = await linkAudience(cookie, connection.id, String(list.id));
    await sync();

    const good = (await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${good.id}/send`, cookie)).statusCode).toBe(200);
    await sync();
    const remote = [...brevo.state.campaigns.values()].find((entry) => entry.name === 'June news');
    expect(remote).toMatchObject({ status: 'sent', subject: 'Hello {{ contact.FIRSTNAME }}', listIds: [list.id] });
    expect((await call('GET', `${CAMPAIGNS}/${good.id}`, cookie)).json().payload.campaign.status).toBe('sent');
    advance(6 * 60_000);
    await sync();
    const report = (await call('GET', `${CAMPAIGNS}/${good.id}/report`, cookie)).json().payload.report;
    expect(brevo.state.sentMessages.filter((message) => message.campaignId === remote!.id)).toHaveLength(150);
    expect(report.totals.sent).toBe(150);

    const unverified = (await call('POST', CAMPAIGNS, cookie, campaignBody(listId, connection.id, { name: 'Unverified', from_email: 'someone@elsewhere.example' }))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${unverified.id}/send`, cookie);
    await sync();
    const held = (await call('GET', `${CAMPAIGNS}/${unverified.id}`, cookie)).json().payload.campaign;
    expect(held.status).toBe('draft');
    expect(held.held_reason).toMatch(/^Brevo did not take the campaign: /);
  });

  it('says plainly when beehiiv’s plan does not let the API send posts', async () => {
    const beehiiv = fakes().beehiiv;
    const { cookie } = await accounts.signedInCustomer();
    beehiiv.seedAudience(beehiiv.publicationId, 30, { inactiveShare: 0 });
    const connection = await connect('beehiiv', cookie, beehiiv.apiKey, { publication_id: beehiiv.publicationId });
    const link = await linkAudience(cookie, connection.id, beehiiv.publicationId);
    await sync();
    const campaign = (await call('POST', CAMPAIGNS, cookie, campaignBody(link.list_id, connection.id, { subject: 'Hello', content_html: '<p>For {{ email }}</p>' }))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie);
    await sync();
    const held = (await call('GET', `${CAMPAIGNS}/${campaign.id}`, cookie)).json().payload.campaign;
    expect(held.status).toBe('draft');
    expect(held.held_reason).toMatch(/^beehiiv did not take the campaign: .*Enterprise/);
  });
});
