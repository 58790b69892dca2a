import { SUNSET_NO_ANSWER_REASON, SUNSET_SEGMENT_NAME } from '@postlark/shared/automations';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { FROM_EMAIL } from './support/campaigns';
import { setEngagement } from './support/engagement';
import { FLOWS, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Issue 21: the "Sunset" starter flow end to end. People whose engagement turns dormant are asked
// whether they want to stay; the one who presses "Keep me subscribed" stays, the silent one is
// unsubscribed once after 14 days, with the reason recorded.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;
const engine = useFlowEngine(accounts);
const DAY = 86_400_000;

describe('the sunset starter flow', () => {
  it('asks dormant people, keeps the one who answers, unsubscribes the silent one once with the reason', async () => {
    const customer = await flowCustomer(accounts);
    const created = await call('POST', FLOWS, customer.cookie, { name: 'Sunset', template: 'sunset' });
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json().payload.flow as { id: string; definition: { trigger: { segment_id: string }; steps: Record<string, unknown>[] } };
    // The template made the account's segment of dormant people and starts from it.
    const segments = (await call('GET', 'audience/v1/segments', customer.cookie)).json().payload.segments as { id: string; name: string }[];
    expect(segments.find((segment) => segment.id === flow.definition.trigger.segment_id)?.name).toBe(SUNSET_SEGMENT_NAME);
    // A second flow from the template reuses it.
    const again = (await call('POST', FLOWS, customer.cookie, { name: 'Sunset 2', template: 'sunset' })).json().payload.flow;
    expect(again.definition.trigger.segment_id).toBe(flow.definition.trigger.segment_id);

    // The sender fills in who the email is from, then switches it on.
    const steps = flow.definition.steps.map((step) => (step.type === 'email' ? { ...step, from_name: 'Lark Shop', from_email: FROM_EMAIL } : step));
    expect((await call('PUT', `${FLOWS}/${flow.id}`, customer.cookie, { definition: { ...flow.definition, steps } })).statusCode).toBe(200);
    const activated = await call('POST', `${FLOWS}/${flow.id}/activate`, customer.cookie);
    expect(activated.statusCode, activated.body).toBe(200);

    const [stays, silent, keen] = [personEmail('stays'), personEmail('silent'), personEmail('keen')];
    const ids = { stays: await customer.subscriber(stays, { list_ids: [customer.list] }), silent: await customer.subscriber(silent, { list_ids: [customer.list] }), keen: await customer.subscriber(keen) };
    for (const id of Object.values(ids)) await setEngagement(accounts, customer.customerId, id, 0.3);
    await engine.drain();
    // Their band turns dormant (a refresh): they enter at the next look; the keen one does not.
    await setEngagement(accounts, customer.customerId, ids.stays, 0.02);
    await setEngagement(accounts, customer.customerId, ids.silent, 0.01);
    accounts.advance(60_000);
    await engine.drain();

    const asked = await accounts.smtp.waitForMessage(stays);
    expect(asked.subject).toBe('Do you still want to hear from us?');
    await accounts.smtp.waitForMessage(silent);
    expect(accounts.smtp.messagesTo(keen)).toHaveLength(0);
    // The link goes to the preference centre, which asks first: opening it records nothing.
    const link = new RegExp(`${APP_URL}/u/([A-Za-z0-9_.%-]+)\\?keep=1`).exec(asked.html)!;
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link[1]!);
    expect((await call('GET', `public/v1/preferences/${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const kept = await call('POST', `public/v1/preferences/${encodeURIComponent(token)}/keep`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().payload.message).toBe('Thank you: you stay subscribed, and we will keep writing.');
    await engine.drain();

    await accounts.advanceInUse(14 * DAY + 60_000, customer.cookie);
    await engine.drain();
    accounts.advance(60_000);
    await engine.drain();

    // As stored: the subscriber's status and memberships.
    const person = async (id: string) => {
      const result = await accounts.database.db.execute(sql`select s.status, coalesce(array_agg(m.status) filter (where m.status is not null), '{}') as lists
        from subscribers s left join list_memberships m on m.subscriber_id = s.id where s.id = ${id}::uuid group by s.status`);
      return rowsOf<{ status: string; lists: string[] }>(result)[0]!;
    };
    expect(await person(ids.stays)).toEqual({ status: 'active', lists: ['confirmed'] });
    expect(await person(ids.silent)).toEqual({ status: 'unsubscribed', lists: ['unsubscribed'] });
    const events = async (id: string) =>
      rowsOf<{ name: string; properties: Record<string, unknown> | null }>(
        await accounts.database.db.execute(sql`select name, properties from events where subscriber_id = ${id}::uuid order by occurred_at`),
      );
    const unsubscribes = (await events(ids.silent)).filter((event) => event.name === 'unsubscribed');
    expect(unsubscribes).toHaveLength(1);
    expect(unsubscribes[0]?.properties).toMatchObject({ reason: SUNSET_NO_ANSWER_REASON, flow_id: flow.id });
    expect((await events(ids.stays)).map((event) => event.name)).toContain('subscription_kept');

    const runs = await customer.runs(flow.id);
    expect(runs.map((run) => run.email).sort()).toEqual([stays, silent].sort());
    const run = (email: string) => runs.find((candidate) => candidate.email === email)!;
    expect(run(stays).steps.find((step) => step.step_id === 'wait-answer')?.outcome).toBe('event');
    expect(run(stays).steps.some((step) => step.step_id === 'unsubscribe')).toBe(false);
    expect(run(silent).steps.find((step) => step.step_id === 'unsubscribe')).toMatchObject({ status: 'done', reason: `Unsubscribed: ${SUNSET_NO_ANSWER_REASON}` });
    // Nothing more: no second email, no second unsubscribe.
    accounts.advance(DAY);
    await engine.drain();
    expect(accounts.smtp.messagesTo(silent)).toHaveLength(1);
    expect((await events(ids.silent)).filter((event) => event.name === 'unsubscribed')).toHaveLength(1);
  });

  it('answers a keep request from someone no longer subscribed, or with a bad link, with a 4xx', async () => {
    expect((await call('POST', 'public/v1/preferences/not-a-token/keep')).statusCode).toBe(404);
  });
});
