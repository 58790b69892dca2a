import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useAccountsApp } from './support/accounts-app';
import { INTEGRATIONS, syncDepsFor, syncUntilIdle, usePlatformFakes } from './support/integrations';

// beehiiv connected for real, against its local fake: the key and publication checked, a publication
// of 10,000 imported (inactive subscriptions suppressed), changes on both sides reaching the other
// (beehiiv has no change filter nor unsubscribe webhook: polls read the whole publication), no echo
// of our own writes, and a revoked key breaking the connection.

const settings: Record<string, string> = {};
let clock = new Date('2026-06-01T10:00:00Z');
const fakes = usePlatformFakes(settings, () => clock);
const accounts = useAccountsApp(settings, {}, { startAt: clock });
const { call } = accounts;
const now = () => accounts.now();
const advance = (ms: number) => {
  accounts.advance(ms);
  clock = accounts.now();
};
const sync = () => syncUntilIdle(syncDepsFor(accounts.config, accounts.database.db, now), 2_000);

async function listMembers(listId: string): Promise<Array<{ email: string; status: string; first_name: string }>> {
  const result = await accounts.database.db.execute(sql`
    select s.email, s.status, s.first_name from subscribers s join list_memberships m on m.subscriber_id = s.id where m.list_id = ${listId}::uuid`);
  return rowsOf(result);
}

describe('beehiiv, connected', () => {
  it('imports 10,000, syncs both ways without echoes, and breaks on a revoked key', async () => {
    const beehiiv = fakes().beehiiv;
    const publicationId = beehiiv.publicationId;
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connected = await call('POST', INTEGRATIONS, cookie, { platform: 'beehiiv', secret: beehiiv.apiKey, publication_id: publicationId });
    expect(connected.statusCode).toBe(201);
    const connection = connected.json().payload.connection;
    expect(connection).toMatchObject({ platform: 'beehiiv', status: 'connected' });

    const publication = beehiiv.state.publications.find((candidate) => candidate.id === publicationId)!;
    if (!publication.customFields.some((field) => field.display === 'First Name')) beehiiv.addCustomField(publicationId, 'First Name');
    const seeded = beehiiv.seedAudience(publicationId, 10_000, { inactiveShare: 0.05 });
    const all = publication.subscriptions;
    const inactive = all.filter((sub) => sub.status === 'inactive').map((sub) => sub.email);
    expect(inactive.length).toBeGreaterThan(300);

    const audiences = await call('GET', `${INTEGRATIONS}/${connection.id}/audiences`, cookie);
    expect(audiences.json().payload.audiences).toContainEqual(expect.objectContaining({ id: publicationId }));
    const linked = await call('POST', `${INTEGRATIONS}/${connection.id}/links`, cookie, { remote_audience_id: publicationId });
    expect(linked.statusCode).toBe(202);
    const link = linked.json().payload.connection.links[0];

    await sync();
    const members = await listMembers(link.list_id);
    expect(members).toHaveLength(all.length);
    const localStatus = new Map(members.map((member) => [member.email, member.status]));
    for (const email of inactive) expect(localStatus.get(email)).toBe('unsubscribed');
    for (const sub of all.filter((candidate) => candidate.status === 'active')) expect(localStatus.get(sub.email)).toBe('active');
    const [run] = (await call('GET', `${INTEGRATIONS}/${connection.id}/runs`, cookie)).json().payload.runs.filter((entry: { kind: string }) => entry.kind === 'import');
    expect(run).toMatchObject({ status: 'done', processed: all.length, errors: [] });

    // Changes on both sides. There: one unsubscribes, another is renamed. Here: a third unsubscribes.
    const [there, renamed, here] = seeded.filter((sub) => sub.status === 'active').map((sub) => sub.email);
    beehiiv.changeSubscription(publicationId, there!, { status: 'inactive' });
    beehiiv.changeSubscription(publicationId, renamed!, { customFields: { 'First Name': 'Zelda' } });
    await accounts.database.db.execute(sql`update subscribers set status = 'unsubscribed', updated_at = ${now().toISOString()}::timestamptz where customer_id = ${customerId}::uuid and email = ${here!}`);
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
    const broken = (await call('GET', INTEGRATIONS, cookie)).json().payload.connections[0];
    expect(broken).toMatchObject({ status: 'broken', health_message: expect.stringContaining('invalid') });
    const notifications = rowsOf<{ kind: string }>(await accounts.database.db.execute(sql`select kind from notifications where customer_id = ${customerId}::uuid`));
    expect(notifications.map((row) => row.kind)).toContain('connection-broken');
  });
});
