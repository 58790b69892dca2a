import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useAccountsApp } from './support/accounts-app';
import { INTEGRATIONS, syncDepsFor, syncUntilIdle, usePlatformFakes } from './support/integrations';

// HubSpot connected for real, against its local fake: the private-app token checked, 10,000 contacts
// imported (those opted out of all email suppressed), changes on both sides reaching the other, no
// echo of our own writes, and a revoked token breaking the connection.

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

describe('HubSpot, connected', () => {
  it('imports 10,000, syncs both ways without echoes, and breaks on a revoked token', async () => {
    const hubspot = fakes().hubspot;
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connected = await call('POST', INTEGRATIONS, cookie, { platform: 'hubspot', secret: hubspot.accessToken });
    expect(connected.statusCode).toBe(201);
    const connection = connected.json().payload.connection;
    expect(connection).toMatchObject({ platform: 'hubspot', status: 'connected' });

    const seeded = hubspot.seedAudience(10_000, { optOutShare: 0.05 });
    const optedOut = seeded.map((contact) => contact.properties.email!).filter((email) => hubspot.state.optedOutOfAll.has(email));
    expect(optedOut.length).toBeGreaterThan(300);
    const [there, renamed, here] = seeded.map((contact) => contact.properties.email!).filter((email) => !hubspot.state.optedOutOfAll.has(email));
    // The person unsubscribed here later never chose an email type in HubSpot: the opt-out must reach them all the same.
    expect(hubspot.state.subscriptions.has(here!)).toBe(false);

    const audiences = (await call('GET', `${INTEGRATIONS}/${connection.id}/audiences`, cookie)).json().payload.audiences;
    expect(audiences).toHaveLength(1);
    const linked = await call('POST', `${INTEGRATIONS}/${connection.id}/links`, cookie, { remote_audience_id: audiences[0].id });
    expect(linked.statusCode).toBe(202);
    const link = linked.json().payload.connection.links[0];

    await sync();
    const members = await listMembers(link.list_id);
    expect(members).toHaveLength(10_000);
    const localStatus = new Map(members.map((member) => [member.email, member.status]));
    for (const email of optedOut) expect(localStatus.get(email)).toBe('unsubscribed');
    expect(members.filter((member) => member.status === 'active')).toHaveLength(10_000 - optedOut.length);
    const [run] = (await call('GET', `${INTEGRATIONS}/${connection.id}/runs`, cookie)).json().payload.runs.filter((entry: { kind: string }) => entry.kind === 'import');
    expect(run).toMatchObject({ status: 'done', processed: 10_000, errors: [] });

    // Changes on both sides. There: one opts out of all email, another is renamed. Here: a third unsubscribes.
    advance(60_000);
    hubspot.changeSubscription(there!, 'all', 'NOT_SUBSCRIBED');
    hubspot.changeContact(renamed!, { firstname: 'Zelda' });
    await accounts.database.db.execute(sql`update subscribers set status = 'unsubscribed', updated_at = ${now().toISOString()}::timestamptz where customer_id = ${customerId}::uuid and email = ${here!}`);
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
    const broken = (await call('GET', INTEGRATIONS, cookie)).json().payload.connections[0];
    expect(broken).toMatchObject({ status: 'broken' });
    expect(broken.health_message).toBeTruthy();
    const notifications = rowsOf<{ kind: string }>(await accounts.database.db.execute(sql`select kind from notifications where customer_id = ${customerId}::uuid`));
    expect(notifications.map((row) => row.kind)).toContain('connection-broken');
  });
});
