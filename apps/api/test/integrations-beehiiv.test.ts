import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// beehiiv connected for real, against its local fake: the key and publication checked, a publication
// of 2,000 imported (inactive subscriptions suppressed), changes on both sides reaching the other
// (beehiiv has no change filter nor unsubscribe webhook: polls read the whole publication), no echo
// of our own writes, and a revoked key breaking the connection.

const { fakes, accounts, call, advance, sync, listMembers, connect, linkAudience, setLocal, importRun, expectBroken } = useIntegrationsApp({ maxPasses: 2_000 });

describe('beehiiv, connected', () => {
  it('imports 2,000, syncs both ways without echoes, and breaks on a revoked key', async () => {
    const beehiiv = fakes().beehiiv;
    const publicationId = beehiiv.publicationId;
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connection = await connect('beehiiv', cookie, beehiiv.apiKey, { publication_id: publicationId });
    expect(connection).toMatchObject({ platform: 'beehiiv', status: 'connected' });

    const publication = beehiiv.state.publications.find((candidate) => candidate.id === publicationId)!;
    if (!publication.customFields.some((field) => field.display === 'First Name')) beehiiv.addCustomField(publicationId, 'First Name');
    const seeded = beehiiv.seedAudience(publicationId, 2_000, { inactiveShare: 0.05 });
    const all = publication.subscriptions;
    const inactive = all.filter((sub) => sub.status === 'inactive').map((sub) => sub.email);
    expect(inactive.length).toBeGreaterThan(50);

    const audiences = await call('GET', `${INTEGRATIONS}/${connection.id}/audiences`, cookie);
    expect(audiences.json().payload.audiences).toContainEqual(expect.objectContaining({ id: publicationId }));
    const link = await linkAudience(cookie, connection.id, publicationId);

    await sync();
    const members = await listMembers(link.list_id);
    expect(members).toHaveLength(all.length);
    const localStatus = new Map(members.map((member) => [member.email, member.status]));
    for (const email of inactive) expect(localStatus.get(email)).toBe('unsubscribed');
    for (const sub of all.filter((candidate) => candidate.status === 'active')) expect(localStatus.get(sub.email)).toBe('active');
    const run = await importRun(cookie, connection.id);
    expect(run).toMatchObject({ status: 'done', processed: all.length, errors: [] });

    // Changes on both sides. There: one unsubscribes, another is renamed. Here: a third unsubscribes.
    const [there, renamed, here] = seeded.filter((sub) => sub.status === 'active').map((sub) => sub.email);
    beehiiv.changeSubscription(publicationId, there!, { status: 'inactive' });
    beehiiv.changeSubscription(publicationId, renamed!, { customFields: { 'First Name': 'Zelda' } });
    await setLocal(customerId, here!, 'unsubscribed');
    advance(6 * 60_000);
    const writesBefore = beehiiv.requests.length;
    await sync();
    const after = new Map((await listMembers(link.list_id)).map((member) => [member.email, member]));
    expect(after.get(there!)?.status).toBe('unsubscribed');
    expect(after.get(renamed!)?.first_name).toBe('Zelda');
    expect(all.find((sub) => sub.email === here)?.status).toBe('inactive');
    // Only the change made here was written there: nothing read from beehiiv went back.
    const writes = beehiiv.requests.slice(writesBefore).filter((request) => request.method !== 'GET');
    // The client upserts the person (never reactivating) and then unsubscribes them: both about that one person.
    const hereId = all.find((sub) => sub.email === here)!.id;
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write.path.endsWith(hereId) || JSON.stringify(write.body).includes(here!)).toBe(true);

    // Nothing changed anywhere: a poll later writes nothing.
    advance(6 * 60_000);
    const quiet = beehiiv.requests.length;
    await sync();
    expect(beehiiv.requests.slice(quiet).filter((request) => request.method !== 'GET')).toEqual([]);

    // A revoked key: the connection breaks, and the customer is told.
    beehiiv.revoke();
    advance(6 * 60_000);
    await sync();
    await expectBroken(cookie, customerId, 'invalid');
    // Twenty pages and more: a budget far above what a busy machine needs, not a timing assertion.
  }, 120_000);
});
