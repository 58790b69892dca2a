import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// HubSpot connected for real, against its local fake: the private-app token checked, 2,000 contacts
// imported (those opted out of all email suppressed), changes on both sides reaching the other, no
// echo of our own writes, and a revoked token breaking the connection.

const { fakes, accounts, call, advance, sync, listMembers, connect, linkAudience, setLocal, importRun, expectBroken } = useIntegrationsApp({ maxPasses: 2_000 });

describe('HubSpot, connected', () => {
  it('imports 2,000, syncs both ways without echoes, and breaks on a revoked token', async () => {
    const hubspot = fakes().hubspot;
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connection = await connect('hubspot', cookie, hubspot.accessToken);
    expect(connection).toMatchObject({ platform: 'hubspot', status: 'connected' });

    const seeded = hubspot.seedAudience(2_000, { optOutShare: 0.05 });
    const optedOut = seeded.map((contact) => contact.properties.email!).filter((email) => hubspot.state.optedOutOfAll.has(email));
    expect(optedOut.length).toBeGreaterThan(50);
    const [there, renamed, here] = seeded.map((contact) => contact.properties.email!).filter((email) => !hubspot.state.optedOutOfAll.has(email));
    // The person unsubscribed here later never chose an email type in HubSpot: the opt-out must reach them all the same.
    expect(hubspot.state.subscriptions.has(here!)).toBe(false);

    const audiences = (await call('GET', `${INTEGRATIONS}/${connection.id}/audiences`, cookie)).json().payload.audiences;
    expect(audiences).toHaveLength(1);
    const link = await linkAudience(cookie, connection.id, audiences[0].id);

    await sync();
    const members = await listMembers(link.list_id);
    expect(members).toHaveLength(2_000);
    const localStatus = new Map(members.map((member) => [member.email, member.status]));
    for (const email of optedOut) expect(localStatus.get(email)).toBe('unsubscribed');
    expect(members.filter((member) => member.status === 'active')).toHaveLength(2_000 - optedOut.length);
    const run = await importRun(cookie, connection.id);
    expect(run).toMatchObject({ status: 'done', processed: 2_000, errors: [] });

    // Changes on both sides. There: one opts out of all email, another is renamed. Here: a third unsubscribes.
    advance(60_000);
    hubspot.changeSubscription(there!, 'all', 'NOT_SUBSCRIBED');
    hubspot.changeContact(renamed!, { firstname: 'Zelda' });
    await setLocal(customerId, here!, 'unsubscribed');
    advance(6 * 60_000);
    const writesBefore = hubspot.requests.length;
    await sync();
    const after = new Map((await listMembers(link.list_id)).map((member) => [member.email, member]));
    expect(after.get(there!)?.status).toBe('unsubscribed');
    expect(after.get(renamed!)?.first_name).toBe('Zelda');
    // Opted out of all email there (v4 unsubscribe-all): the contact reads hs_email_optout 'true'.
    expect(hubspot.state.optedOutOfAll.has(here!)).toBe(true);
    expect(hubspot.findContact(here!)!.properties.hs_email_optout).toBe('true');
    expect(after.get(here!)?.status).toBe('unsubscribed');
    // Only the change made here was written there: nothing read from HubSpot went back.
    const writes = hubspot.requests.slice(writesBefore).filter((request) => request.method !== 'GET' && !request.path.includes('/search') && !request.path.endsWith('/batch/read'));
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(JSON.stringify(write.body) + decodeURIComponent(write.path)).toContain(here!);

    // Nothing changed anywhere: a poll later reads the opt-out back (its change time well past our write) and writes nothing.
    advance(6 * 60_000);
    const quiet = hubspot.requests.length;
    await sync();
    expect(hubspot.requests.slice(quiet).filter((request) => request.method !== 'GET' && !request.path.includes('/search') && !request.path.endsWith('/batch/read'))).toEqual([]);
    expect(new Map((await listMembers(link.list_id)).map((member) => [member.email, member.status])).get(here!)).toBe('unsubscribed');

    // A revoked token: the connection breaks, and the customer is told.
    hubspot.revoke();
    advance(6 * 60_000);
    await sync();
    await expectBroken(cookie, customerId);
    // Twenty pages and more: a budget far above what a busy machine needs, not a timing assertion.
  }, 120_000);
});
