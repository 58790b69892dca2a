import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// Mailchimp connected for real, against its local fake: the key checked and sealed, an audience of
// 3,000 (three of Mailchimp's 1,000-member pages) imported with a year of history, changes on both sides reaching the other (opt-outs
// always winning), no echo of our own writes, and a revoked key breaking the connection loudly.

const { fakes, accounts, call, advance, sync, listMembers, connect, linkAudience, setLocal, importRun, expectBroken } = useIntegrationsApp();

describe('Mailchimp, connected', () => {
  it('refuses a key Mailchimp does not take, and a key without its data centre', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const shapeless = await call('POST', INTEGRATIONS, cookie, { platform: 'mailchimp', secret: 'not-a-key!' });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().payload.message).toBe(INTEGRATION_MESSAGES.mailchimpKeyShape);
    const wrong = await call('POST', INTEGRATIONS, cookie, { platform: 'mailchimp', secret: `0123456789abcdef0123456789abcdef-${fakes().mailchimp.dc}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.message).toMatch(/^Mailchimp did not accept this key: /);
    expect((await call('GET', INTEGRATIONS, cookie)).json().payload.connections).toEqual([]);
  });

  it('imports an audience of 3,000 over three pages with its history, syncs both ways without echoes, and breaks loudly on a revoked key', async () => {
    const mailchimp = fakes().mailchimp;
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connection = await connect('mailchimp', cookie, mailchimp.apiKey);
    expect(connection).toMatchObject({ platform: 'mailchimp', status: 'connected', account_name: mailchimp.state.account.account_name });
    // Sealed at rest, never answered.
    const [stored] = rowsOf<{ secret: string }>(await accounts.database.db.execute(sql`select secret from connections where id = ${connection.id}::uuid`));
    expect(stored?.secret).not.toContain(mailchimp.apiKey.slice(0, 12));
    expect((await call('GET', INTEGRATIONS, cookie)).body).not.toContain(mailchimp.apiKey.slice(0, 12));

    const seeded = mailchimp.seedAudience({ count: 3_000, listName: 'Weekly readers', campaigns: 4, unsubscribedShare: 0.05, cleanedShare: 0.01 });
    const audiences = await call('GET', `${INTEGRATIONS}/${connection.id}/audiences`, cookie);
    expect(audiences.json().payload.audiences).toContainEqual(expect.objectContaining({ id: seeded.listId, name: 'Weekly readers' }));
    const link = await linkAudience(cookie, connection.id, seeded.listId);
    expect(link).toMatchObject({ remote_name: 'Weekly readers', list_name: 'Weekly readers' });

    await sync();
    const members = await listMembers(link.list_id);
    expect(members).toHaveLength(3_000);
    const remote = [...(mailchimp.state.lists.get(seeded.listId)?.members.values() ?? [])];
    const optedOut = remote.filter((member) => member.status === 'unsubscribed' || member.status === 'cleaned').map((member) => member.email_address);
    const localStatus = new Map(members.map((member) => [member.email, member.status]));
    expect(optedOut.length).toBeGreaterThan(100);
    for (const email of optedOut) expect(['unsubscribed', 'bounced']).toContain(localStatus.get(email));
    const run = await importRun(cookie, connection.id);
    expect(run).toMatchObject({ status: 'done', processed: 3_000, errors: [] });
    expect(run.added + run.suppressed).toBe(3_000);
    // A year of history, as email_* events with the campaign's reference.
    const history = rowsOf<{ name: string; refs: number; count: number }>(
      await accounts.database.db.execute(sql`select name, count(distinct campaign_ref)::int as refs, count(*)::int as count from events where customer_id = ${customerId}::uuid group by name order by name`),
    );
    expect(history.map((row) => row.name)).toEqual(expect.arrayContaining(['email_delivered', 'email_opened']));
    expect(history.find((row) => row.name === 'email_delivered')?.refs).toBe(4);
    const view = (await call('GET', `${INTEGRATIONS}/${connection.id}`, cookie)).json().payload.connection;
    expect(view.history.imported).toBeGreaterThan(3_000);

    // Changes on both sides. There: one person unsubscribes, another is renamed. Here: a third unsubscribes.
    const [there, renamed, here] = remote.filter((member) => member.status === 'subscribed').map((member) => member.email_address);
    await mailchimp.changeMember(seeded.listId, there!, { status: 'unsubscribed' });
    await mailchimp.changeMember(seeded.listId, renamed!, { merge_fields: { FNAME: 'Zelda' } });
    await setLocal(customerId, here!, 'unsubscribed');
    advance(6 * 60_000);
    const writesBefore = mailchimp.requests.filter((request) => request.method === 'PUT').length;
    await sync();
    const after = new Map((await listMembers(link.list_id)).map((member) => [member.email, member]));
    expect(after.get(there!)?.status).toBe('unsubscribed');
    expect(after.get(renamed!)?.first_name).toBe('Zelda');
    expect(mailchimp.getMember(seeded.listId, here!)?.status).toBe('unsubscribed');
    // Only the one change made here was written there: nothing read from Mailchimp went back.
    const writes = mailchimp.requests.filter((request) => request.method === 'PUT').slice(writesBefore);
    expect(writes.map((request) => request.path)).toEqual([expect.stringContaining(mailchimp.hash(here!))]);

    // Nothing changed anywhere: a poll later writes nothing.
    advance(6 * 60_000);
    const quiet = mailchimp.requests.length;
    await sync();
    expect(mailchimp.requests.slice(quiet).filter((request) => request.method !== 'GET')).toEqual([]);

    // A revoked key: the connection breaks, says why, and the customer is told.
    mailchimp.revoke();
    advance(6 * 60_000);
    await sync();
    await expectBroken(cookie, customerId, 'API Key');

    // Reconnected with a new key of the same account: the same connection and links, syncing again.
    const fresh = mailchimp.createKey();
    expect(await connect('mailchimp', cookie, fresh)).toMatchObject({ id: connection.id, status: 'connected', health_message: null, links: [expect.objectContaining({ id: link.id })] });
    await mailchimp.changeMember(seeded.listId, renamed!, { merge_fields: { FNAME: 'Zoe' } });
    advance(6 * 60_000);
    await sync();
    expect((await listMembers(link.list_id)).find((member) => member.email === renamed)?.first_name).toBe('Zoe');
  });
});
