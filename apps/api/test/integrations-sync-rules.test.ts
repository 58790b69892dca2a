import { createHash } from 'node:crypto';
import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { claimDueRun, queueRun } from '../src/modules/integrations/connections.repository';
import { SYNC_DEFAULTS } from '../src/modules/integrations/sync-deps';
import { workOnRun } from '../src/modules/integrations/sync-engine';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// The sync's rules where review 1 found them broken (issue 22): opt-outs never lost to a bad field,
// the way back after an opt-out written as what the platform holds, leaving a list is not leaving
// every email, pushes that end, imports that skip no one, leases that a slow worker cannot overwrite,
// and the OAuth callback's repeated parameters.

const { fakes, accounts, call, now, db, advance, deps, sync, connect, linkAudience, setLocal } = useIntegrationsApp({ brevoRateLimits: false });

async function connectMailchimp(listId: string) {
  const mailchimp = fakes().mailchimp;
  const { cookie, customerId } = await accounts.signedInCustomer();
  const connection = await connect('mailchimp', cookie, mailchimp.apiKey);
  const link = await linkAudience(cookie, connection.id, listId);
  return { cookie, customerId, connection, link };
}

async function runsOf(connectionId: string, kind: string) {
  return rowsOf<{ status: string; errors: Array<{ email: string | null; message: string }>; processed: number; lease_token: string | null }>(
    await db().execute(sql`select status, errors, processed, lease_token from connection_runs where connection_id = ${connectionId}::uuid and kind = ${kind} order by created_at`),
  );
}

describe('the sync’s rules', () => {
  it('a repeated state or code on the OAuth callback is a failed sign-in, not a 500 (finding 12b)', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const twice = await call('GET', `${INTEGRATIONS}/mailchimp/callback?state=a&state=b&code=x`, cookie);
    expect(twice.statusCode).toBe(303);
    expect(twice.headers.location).toContain(`error=${encodeURIComponent(INTEGRATION_MESSAGES.oauthFailed)}`);
    const url = new URL((await call('GET', `${INTEGRATIONS}/mailchimp/authorize`, cookie)).json().payload.url);
    const state = url.searchParams.get('state')!;
    const codes = await call('GET', `${INTEGRATIONS}/mailchimp/callback?state=${encodeURIComponent(state)}&code=a&code=b`, cookie);
    expect(codes.statusCode).toBe(303);
    expect(codes.headers.location).toContain(`error=${encodeURIComponent(INTEGRATION_MESSAGES.oauthFailed)}`);
  });

  it('an opt-out whose field Mailchimp refuses is written with its status alone, and the refusal shows on the run (finding 4)', async () => {
    const mailchimp = fakes().mailchimp;
    const listId = mailchimp.createList('Field trouble');
    mailchimp.addMember(listId, 'ada@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Ada', LNAME: 'L', PHONE: '555 0100' } });
    mailchimp.addMember(listId, 'bob@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Bob', LNAME: 'M', PHONE: '' } });
    const { customerId, connection } = await connectMailchimp(listId);
    await sync();
    // The merge field is deleted in Mailchimp: any write carrying it is refused 400 from now on.
    const list = mailchimp.state.lists.get(listId)!;
    list.mergeFields = list.mergeFields.filter((field) => field.tag !== 'PHONE');
    await setLocal(customerId, 'ada@example.com', 'unsubscribed');
    await sync();
    expect(mailchimp.getMember(listId, 'ada@example.com')?.status).toBe('unsubscribed');
    const [push] = (await runsOf(connection.id, 'push')).slice(-1);
    expect(push?.errors).toContainEqual({ email: 'ada@example.com', message: expect.stringContaining('PHONE') });
  });

  it('someone Mailchimp opted out since is asked to confirm (pending), not written as unsubscribed (finding 5)', async () => {
    const mailchimp = fakes().mailchimp;
    const listId = mailchimp.createList('Way back');
    mailchimp.addMember(listId, 'cy@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Cy', LNAME: 'N' } });
    const { customerId } = await connectMailchimp(listId);
    await sync();
    // Opted out in Mailchimp, renamed here before the next poll: the push's subscribed write is refused.
    const member = mailchimp.getMember(listId, 'cy@example.com')!;
    member.status = 'unsubscribed';
    await setLocal(customerId, 'cy@example.com', { first_name: 'Cyril' });
    await sync();
    expect(mailchimp.getMember(listId, 'cy@example.com')).toMatchObject({ status: 'pending', merge_fields: expect.objectContaining({ FNAME: 'Cyril' }) });
  });

  it('leaving the linked Brevo list unlinks the contact from it; it does not blocklist them (finding 12a)', async () => {
    const brevo = fakes().brevo;
    const list = brevo.addList('Left list');
    brevo.addContact({ email: 'dee@example.com', attributes: { FIRSTNAME: 'Dee' }, listIds: [list.id] });
    brevo.addContact({ email: 'eve@example.com', attributes: { FIRSTNAME: 'Eve' }, listIds: [list.id] });
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connection = await connect('brevo', cookie, brevo.apiKey);
    const link = await linkAudience(cookie, connection.id, String(list.id));
    await sync();
    await db().execute(sql`
      update list_memberships set status = 'unsubscribed' where list_id = ${link.list_id}::uuid
        and subscriber_id = (select id from subscribers where customer_id = ${customerId}::uuid and email = 'dee@example.com')`);
    await setLocal(customerId, 'eve@example.com', 'unsubscribed');
    await sync();
    expect(brevo.contactByEmail('dee@example.com')).toMatchObject({ emailBlacklisted: false, listIds: [] });
    // An opt-out here is still Brevo's blocklist.
    expect(brevo.contactByEmail('eve@example.com')).toMatchObject({ emailBlacklisted: true });
    // Nothing more to write: the next push finds both as the platform holds them.
    const writes = brevo.requests.filter((request) => request.method !== 'GET').length;
    await setLocal(customerId, 'dee@example.com', { first_name: 'Deirdre' });
    await setLocal(customerId, 'dee@example.com', { first_name: 'Dee' });
    await sync();
    expect(brevo.requests.filter((request) => request.method !== 'GET').length).toBe(writes);
  });

  it('a change of someone off the linked list queues one push, not one per pass; a late commit is pushed by the daily full push (finding 6)', async () => {
    const mailchimp = fakes().mailchimp;
    const listId = mailchimp.createList('Cursor');
    mailchimp.addMember(listId, 'fay@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Fay', LNAME: 'O' } });
    const { cookie, customerId, connection, link } = await connectMailchimp(listId);
    await sync();
    // Someone on another list only.
    const other = await call('POST', 'audience/v1/subscribers', cookie, { email: 'gus@example.com', first_name: 'Gus' });
    expect(other.statusCode).toBeLessThan(300);
    await setLocal(customerId, 'gus@example.com', { first_name: 'Gustav' });
    expect(await sync(20)).toBeLessThan(20);
    const cursor = async () => rowsOf<{ push_cursor: string; seq: string }>(
      await db().execute(sql`select l.push_cursor, (select max(change_seq) from subscribers where customer_id = ${customerId}::uuid) as seq from connection_links l where l.id = ${link.id}::uuid`),
    )[0]!;
    const moved = await cursor();
    expect(Number(moved.push_cursor)).toBe(Number(moved.seq));
    const pushes = (await runsOf(connection.id, 'push')).length;
    await sync();
    expect((await runsOf(connection.id, 'push')).length).toBe(pushes);
    // A push asked for with nothing new ends done, its cursor where it was.
    await queueRun(db(), { connectionId: connection.id, linkId: link.id, kind: 'push', now: now() });
    await sync();
    expect((await runsOf(connection.id, 'push')).at(-1)?.status).toBe('done');

    // A change whose number the cursor passed long ago (a transaction that committed late, past the overlap).
    await setLocal(customerId, 'fay@example.com', { first_name: 'Faye' });
    await db().execute(sql`update connection_links set push_cursor = push_cursor + 5000 where id = ${link.id}::uuid`);
    await sync();
    expect(mailchimp.getMember(listId, 'fay@example.com')?.merge_fields.FNAME).toBe('Fay');
    advance(25 * 60 * 60_000);
    await sync();
    expect(mailchimp.getMember(listId, 'fay@example.com')?.merge_fields.FNAME).toBe('Faye');
  });

  it('an import skips no one when it opts out many of a page’s people on Mailchimp (finding 7)', async () => {
    const mailchimp = fakes().mailchimp;
    const listId = mailchimp.createList('Many opt-outs');
    const base = now().getTime() - 30 * 86_400_000;
    const emails: string[] = [];
    for (let index = 0; index < 1100; index++) {
      const email = `p${String(index).padStart(4, '0')}@example.com`;
      emails.push(email);
      mailchimp.addMember(listId, email, { status: 'subscribed', merge_fields: { FNAME: 'P', LNAME: String(index) }, last_changed: new Date(base + index * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00') });
    }
    const { customerId, link } = await connectMailchimp(listId);
    // Thirty of the first page erased here before: suppressed, with no subscriber left.
    const erased = emails.slice(0, 30);
    for (const email of erased) {
      await db().execute(sql`insert into suppressions (customer_id, email_hash, reason, created_at)
        values (${customerId}::uuid, ${createHash('sha256').update(email).digest('hex')}, 'unsubscribed', ${now().toISOString()}::timestamptz)`);
    }
    await sync();
    const members = rowsOf<{ email: string }>(await db().execute(sql`select s.email from subscribers s join list_memberships m on m.subscriber_id = s.id where m.list_id = ${link.list_id}::uuid`));
    expect(members).toHaveLength(1070);
    for (const email of erased) expect(mailchimp.getMember(listId, email)?.status).toBe('unsubscribed');
  });

  it('a worker whose lease was taken over writes nothing to the run; the lease outlasts a slow page (finding 8)', async () => {
    expect(SYNC_DEFAULTS.leaseMs).toBeGreaterThanOrEqual(10 * 60_000);
    const mailchimp = fakes().mailchimp;
    const listId = mailchimp.createList('Leases');
    mailchimp.addMember(listId, 'hal@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Hal', LNAME: 'P' } });
    const { customerId, connection, link } = await connectMailchimp(listId);
    await sync();
    await setLocal(customerId, 'hal@example.com', 'unsubscribed');
    await queueRun(db(), { connectionId: connection.id, linkId: link.id, kind: 'push', now: now() });
    const claimed = await claimDueRun(db(), now(), SYNC_DEFAULTS.leaseMs);
    expect(claimed).toMatchObject({ kind: 'push', status: 'running' });
    // Its lease ran out and another worker took the run.
    await db().execute(sql`update connection_runs set lease_token = gen_random_uuid() where id = ${claimed!.id}::uuid`);
    await workOnRun(deps(), claimed!);
    const [row] = rowsOf<{ status: string; finished_at: string | null }>(await db().execute(sql`select status, finished_at from connection_runs where id = ${claimed!.id}::uuid`));
    expect(row).toEqual({ status: 'running', finished_at: null });
  });
});
