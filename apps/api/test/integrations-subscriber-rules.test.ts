import { SYNC_DROP_REASONS } from '@postlark/shared/integrations';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// People and attributes read from a platform keep to the subscriber API's own rules (issue 31,
// finding 21): the same shared schema checks them, what it refuses is left out, and the run says how
// many and why where its result is shown.

const { fakes, accounts, call, db, advance, sync, connect, linkAudience } = useIntegrationsApp();

describe('people imported from a platform', () => {
  it('keep to the subscriber schema: a bad address, an overlong name or value are left out, counted on the run, and not pushed back', async () => {
    const mailchimp = fakes().mailchimp;
    const listId = mailchimp.createList('Unruly audience');
    mailchimp.addMember(listId, 'fine@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Ada', LNAME: 'Lovelace', PHONE: '555 0100' } });
    mailchimp.addMember(listId, 'not an address', { status: 'subscribed', merge_fields: { FNAME: 'Nobody' } });
    mailchimp.addMember(listId, 'long.name@example.com', { status: 'subscribed', merge_fields: { FNAME: 'N'.repeat(150), LNAME: 'Short', PHONE: '555 0101' } });
    mailchimp.addMember(listId, 'long.value@example.com', { status: 'subscribed', merge_fields: { FNAME: 'Val', LNAME: 'Ue', PHONE: '5'.repeat(1_500) } });
    const { cookie, customerId } = await accounts.signedInCustomer();
    const connection = await connect('mailchimp', cookie, mailchimp.apiKey);
    const link = await linkAudience(cookie, connection.id, listId);
    await sync();

    const stored = rowsOf<{ email: string; first_name: string; last_name: string; attributes: Record<string, unknown> }>(
      await db().execute(sql`select email, first_name, last_name, attributes from subscribers where customer_id = ${customerId}::uuid order by email`),
    );
    expect(stored).toEqual([
      { email: 'fine@example.com', first_name: 'Ada', last_name: 'Lovelace', attributes: { phone: '555 0100' } },
      // The name the API would refuse is left out; the person and the rest are kept.
      { email: 'long.name@example.com', first_name: '', last_name: 'Short', attributes: { phone: '555 0101' } },
      { email: 'long.value@example.com', first_name: 'Val', last_name: 'Ue', attributes: {} },
    ]);

    // The run says what it left out, and why, where its result is shown.
    const expected = {
      count: 3,
      reasons: expect.arrayContaining([
        { reason: SYNC_DROP_REASONS.emailInvalid, count: 1 },
        { reason: SYNC_DROP_REASONS.nameTooLong('First name'), count: 1 },
        { reason: SYNC_DROP_REASONS.valueTooLong('PHONE'), count: 1 },
      ]),
    };
    const runs = (await call('GET', `${INTEGRATIONS}/${connection.id}/runs`, cookie)).json().payload.runs as Array<{ kind: string; dropped: unknown }>;
    expect(runs.find((run) => run.kind === 'import')?.dropped).toEqual(expected);
    const tab = (await call('GET', INTEGRATIONS, cookie)).json().payload.connections[0];
    expect(tab.last_run.dropped).toEqual(expected);
    expect(tab.links).toEqual([expect.objectContaining({ id: link.id })]);

    // What was left out here is no change to push: Mailchimp keeps its own, and a later poll writes nothing there.
    advance(6 * 60_000);
    const quiet = mailchimp.requests.length;
    await sync();
    expect(mailchimp.requests.slice(quiet).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(mailchimp.getMember(listId, 'long.value@example.com')?.merge_fields.PHONE).toBe('5'.repeat(1_500));
  });
});
