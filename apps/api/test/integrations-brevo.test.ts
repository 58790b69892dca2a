import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// Brevo connected for real, against its local fake (rate limits off so the history is not paced by
// the minute): the key checked, an audience of 2,000 (four of Brevo's 500-contact pages) imported
// with its history, opt-outs
// suppressed, changes on both sides reaching the other, no echo of our own writes, a replayed
// webhook applied once, and a revoked key breaking the connection.

const { fakes, accounts, call, advance, sync, listMembers, connect, linkAudience, setLocal, importRun, expectBroken } = useIntegrationsApp({ brevoRateLimits: false, maxPasses: 2_000 });

describe('Brevo, connected', () => {
  it('imports 2,000 over four pages with history, syncs both ways without echoes, applies a replayed webhook once, and breaks on a revoked key', async () => {
    const brevo = fakes().brevo;
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connection = await connect('brevo', cookie, brevo.apiKey);
    expect(connection).toMatchObject({ platform: 'brevo', status: 'connected' });

    const seeded = brevo.seedAudience({ count: 2_000, listName: 'Brevo readers', campaigns: 2, months: 6 });
    // Some opted out before we connect: blocklisted, or unsubscribed from this list only.
    const blocked = seeded.contacts.slice(0, 300).map((contact) => contact.email);
    const leftList = seeded.contacts.slice(300, 400).map((contact) => contact.email);
    for (const email of blocked) brevo.changeContact(email, { emailBlacklisted: true });
    for (const email of leftList) brevo.changeContact(email, { listUnsubscribed: [seeded.list.id] });

    const audiences = await call('GET', `${INTEGRATIONS}/${connection.id}/audiences`, cookie);
    expect(audiences.json().payload.audiences).toContainEqual(expect.objectContaining({ id: String(seeded.list.id), name: 'Brevo readers' }));
    const link = await linkAudience(cookie, connection.id, String(seeded.list.id));

    await sync();
    const members = await listMembers(link.list_id);
    expect(members).toHaveLength(2_000);
    const localStatus = new Map(members.map((member) => [member.email, member.status]));
    for (const email of [...blocked, ...leftList]) expect(localStatus.get(email)).toBe('unsubscribed');
    expect(members.filter((member) => member.status === 'active')).toHaveLength(1_600);
    const run = await importRun(cookie, connection.id);
    expect(run).toMatchObject({ status: 'done', processed: 2_000, errors: [] });
    const history = rowsOf<{ name: string; refs: number }>(
      await accounts.database.db.execute(sql`select name, count(distinct campaign_ref)::int as refs from events where customer_id = ${customerId}::uuid group by name order by name`),
    );
    expect(history.map((row) => row.name)).toEqual(expect.arrayContaining(['email_delivered', 'email_opened']));
    expect(history.find((row) => row.name === 'email_delivered')?.refs).toBe(2);

    // Changes on both sides. There: one blocklisted, another renamed. Here: a third unsubscribes.
    const [there, renamed, here, hooked] = seeded.contacts.slice(1_000, 1_004).map((contact) => contact.email);
    brevo.changeContact(there!, { emailBlacklisted: true });
    brevo.changeContact(renamed!, { attributes: { FIRSTNAME: 'Zelda' } });
    await setLocal(customerId, here!, 'unsubscribed');
    advance(6 * 60_000);
    const writesBefore = brevo.requests.length;
    await sync();
    const after = new Map((await listMembers(link.list_id)).map((member) => [member.email, member]));
    expect(after.get(there!)?.status).toBe('unsubscribed');
    expect(after.get(renamed!)?.first_name).toBe('Zelda');
    const hereThere = brevo.contactByEmail(here!);
    expect(hereThere?.emailBlacklisted || hereThere?.listUnsubscribed.includes(seeded.list.id)).toBe(true);
    // Only the change made here was written there.
    const writes = brevo.requests.slice(writesBefore).filter((request) => request.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(JSON.stringify(writes[0])).toContain(here!);

    // Nothing changed anywhere: a poll later writes nothing.
    advance(6 * 60_000);
    const quiet = brevo.requests.length;
    await sync();
    expect(brevo.requests.slice(quiet).filter((request) => request.method !== 'GET')).toEqual([]);

    // A webhook delivery, replayed: applied once, the second changes nothing.
    const secret = 'replay-secret-0123456789';
    await accounts.database.db.execute(sql`update connection_links set webhook_secret_hash = ${createHash('sha256').update(secret).digest('base64url')} where id = ${link.id}::uuid`);
    const url = `http://127.0.0.1:9/api/integrations/v1/webhooks/${secret}/${link.id}`;
    await brevo.fireWebhook('unsubscribed', { email: hooked!, campaignId: seeded.campaigns[0]!.id }, { url });
    const delivery = brevo.state.webhookDeliveries.at(-1)!;
    expect(delivery.payload).toMatchObject({ event: 'unsubscribed', email: hooked });
    const post = () =>
      accounts.app.inject({ method: 'POST', url: `/api/integrations/v1/webhooks/${secret}/${link.id}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, payload: JSON.stringify(delivery.payload) });
    const first = await post();
    expect(first.statusCode).toBe(200);
    const stateAfterFirst = rowsOf<{ status: string; updated_at: string; change_seq: string }>(
      await accounts.database.db.execute(sql`select status, updated_at::text, change_seq::text from subscribers where customer_id = ${customerId}::uuid and email = ${hooked!}`),
    );
    expect(stateAfterFirst[0]?.status).toBe('unsubscribed');
    const second = await post();
    expect(second.statusCode).toBe(200);
    const stateAfterSecond = rowsOf(
      await accounts.database.db.execute(sql`select status, updated_at::text, change_seq::text from subscribers where customer_id = ${customerId}::uuid and email = ${hooked!}`),
    );
    expect(stateAfterSecond).toEqual(stateAfterFirst);
    // The opt-out came from Brevo: the sync does not write it back.
    advance(6 * 60_000);
    const afterHook = brevo.requests.length;
    await sync();
    expect(brevo.requests.slice(afterHook).filter((request) => request.method !== 'GET')).toEqual([]);

    // A revoked key: the connection breaks, and the customer is told.
    brevo.revoke();
    advance(6 * 60_000);
    await sync();
    await expectBroken(cookie, customerId, 'Key not found');
  }, 60_000);
});
