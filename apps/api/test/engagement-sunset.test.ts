import { FLOW_RUN_TEXTS, SUNSET_NO_ANSWER_REASON, SUNSET_SEGMENT_NAME } from '@postlark/shared/automations-messages';
import { PREFERENCE_CENTRE_MESSAGES } from '@postlark/shared/preferences';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { HUMAN } from './support/ab-tests';
import { FROM_EMAIL } from './support/campaigns';
import { SENDERS } from './support/senders';
import { setEngagement } from './support/engagement';
import { eventually } from './support/eventually';
import { FLOWS, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Issue 21: the "Sunset" starter flow end to end. People whose engagement turns dormant are asked
// whether they want to stay; the one who presses "Keep me subscribed" stays, the silent one is
// unsubscribed once after 14 days, with the reason recorded.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;
const engine = useFlowEngine(accounts);
const DAY = 86_400_000;

type Customer = Awaited<ReturnType<typeof flowCustomer>>;

/** A sunset flow from the template, its email from the confirmed sender, switched on. */
async function activeSunset(customer: Customer): Promise<string> {
  const flow = (await call('POST', FLOWS, customer.cookie, { name: 'Sunset', template: 'sunset' })).json().payload.flow as { id: string; definition: { steps: Record<string, unknown>[] } };
  const steps = flow.definition.steps.map((step) => (step.type === 'email' ? { ...step, from_name: 'Lark Shop', from_email: FROM_EMAIL } : step));
  expect((await call('PUT', `${FLOWS}/${flow.id}`, customer.cookie, { definition: { ...flow.definition, steps } })).statusCode).toBe(200);
  const activated = await call('POST', `${FLOWS}/${flow.id}/activate`, customer.cookie);
  expect(activated.statusCode, activated.body).toBe(200);
  return flow.id;
}

/** People on the list who turn dormant and so enter the flow, by name. */
async function dormantPeople(customer: Customer, names: readonly string[]): Promise<Record<string, { id: string; email: string }>> {
  const people: Record<string, { id: string; email: string }> = {};
  for (const name of names) {
    const email = personEmail(name);
    people[name] = { id: await customer.subscriber(email, { list_ids: [customer.list] }), email };
    await setEngagement(accounts, customer.customerId, people[name].id, 0.3);
  }
  await engine.drain();
  for (const person of Object.values(people)) await setEngagement(accounts, customer.customerId, person.id, 0.01);
  accounts.advance(60_000);
  await engine.drain();
  return people;
}

/** The subscriber's stored status. */
async function statusOf(id: string): Promise<string | undefined> {
  return rowsOf<{ status: string }>(await accounts.database.db.execute(sql`select status from subscribers where id = ${id}::uuid`))[0]?.status;
}

/** The preference centre token of the keep link in the ask email. */
function keepToken(html: string): string {
  const link = new RegExp(`${APP_URL}/u/([A-Za-z0-9_.%-]+)\\?keep=1`).exec(html);
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

/** Past the 14 days of the question, the engine run until all is settled. */
async function afterTheAnswerTime(customer: Customer) {
  await accounts.advanceInUse(14 * DAY + 60_000, customer.cookie);
  await engine.drain();
  accounts.advance(60_000);
  await engine.drain();
}

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
    const customer = await flowCustomer(accounts);
    await activeSunset(customer);
    const { gone } = await dormantPeople(customer, ['gone']);
    const token = keepToken((await accounts.smtp.waitForMessage(gone!.email)).html);
    // They unsubscribe through the same preference centre before answering.
    expect((await call('POST', `public/v1/preferences/${encodeURIComponent(token)}/unsubscribe`)).statusCode).toBe(200);
    const late = await call('POST', `public/v1/preferences/${encodeURIComponent(token)}/keep`);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message ?? late.json().error?.message ?? late.body).toContain(PREFERENCE_CENTRE_MESSAGES.notSubscribed);
    expect(await statusOf(gone!.id)).toBe('unsubscribed');
  });

  it('unsubscribes nobody when the question could not be sent (the sender no longer confirmed), and ends the runs saying why', async () => {
    const customer = await flowCustomer(accounts);
    const flowId = await activeSunset(customer);
    // The sender is removed after the flow was switched on.
    const senderId = (await call('GET', SENDERS, customer.cookie)).json().payload.senders.find((each: { email: string }) => each.email === FROM_EMAIL).id;
    expect((await call('DELETE', `${SENDERS}/${senderId}`, customer.cookie)).statusCode).toBe(200);
    const { first, second } = await dormantPeople(customer, ['first', 'second']);
    expect(accounts.smtp.messagesTo(first!.email)).toHaveLength(0);

    await afterTheAnswerTime(customer);

    expect(await statusOf(first!.id)).toBe('active');
    expect(await statusOf(second!.id)).toBe('active');
    const reason = `Not sent: ${FROM_EMAIL} can no longer send: its domain is not authenticated, or it is no longer confirmed.`;
    const runs = await customer.runs(flowId);
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(run).toMatchObject({ status: 'exited', end_reason: FLOW_RUN_TEXTS.stoppedAtEmail('ask', reason) });
      expect(run.steps.map((step) => [step.step_id, step.status, step.reason])).toEqual([['ask', 'failed', reason]]);
      expect(run.notes).toContainEqual(expect.objectContaining({ step_id: 'ask', kind: 'failed', reason }));
    }
    // The step's figures show it failed for both.
    const stats = await customer.stats(flowId);
    expect(stats.steps.find((step: { step_id: string }) => step.step_id === 'ask')).toMatchObject({ failed: 2, skipped: 0, emails_sent: 0 });
  });

  it('counts a keep answer given while the flow was paused', async () => {
    const customer = await flowCustomer(accounts);
    const flowId = await activeSunset(customer);
    const { answers } = await dormantPeople(customer, ['answers']);
    const token = keepToken((await accounts.smtp.waitForMessage(answers!.email)).html);
    expect((await call('POST', `${FLOWS}/${flowId}/pause`, customer.cookie)).statusCode).toBe(200);
    const kept = await call('POST', `public/v1/preferences/${encodeURIComponent(token)}/keep`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().payload.message).toBe(PREFERENCE_CENTRE_MESSAGES.kept);
    accounts.advance(DAY);
    await engine.drain();
    expect((await call('POST', `${FLOWS}/${flowId}/activate`, customer.cookie)).statusCode).toBe(200);

    await afterTheAnswerTime(customer);

    expect(await statusOf(answers!.id)).toBe('active');
    const [run] = await customer.runs(flowId);
    expect(run?.steps.find((step) => step.step_id === 'wait-answer')?.outcome).toBe('event');
    expect(run?.steps.some((step) => step.step_id === 'unsubscribe')).toBe(false);
  });

  it('keeps those who read an email or are no longer dormant, though they never pressed keep; only the silent are unsubscribed', async () => {
    const customer = await flowCustomer(accounts);
    const flowId = await activeSunset(customer);
    const { reader, warmer, silent } = await dormantPeople(customer, ['reader', 'warmer', 'silent']);
    const pixel = (email: string) => new URL(/<img src="([^"]*\/t\/o\/[^"]+)"/.exec(accounts.smtp.messagesTo(email)[0]!.html)![1]!);
    const open = (url: URL, userAgent: string) => accounts.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { 'user-agent': userAgent } });
    await accounts.smtp.waitForMessage(silent!.email);
    accounts.advance(DAY);
    // A person reads the question (and does not answer); Apple's privacy proxy fetches the silent one's images.
    expect((await open(pixel(reader!.email), HUMAN)).statusCode).toBe(200);
    expect((await open(pixel(silent!.email), 'Mozilla/5.0')).statusCode).toBe(200);
    // Hits are written in batches: both stored (the proxy's as a machine's) before going on.
    const opens = sql`select count(*) filter (where not machine)::int as human, count(*) filter (where machine)::int as machine from campaign_opens
      where subscriber_id = any(${sql.param([reader!.id, silent!.id])}::uuid[])`;
    await eventually(async () => {
      const row = rowsOf<{ human: number; machine: number }>(await accounts.database.db.execute(opens))[0];
      return row?.human === 1 && row.machine === 1 ? row : undefined;
    }, { what: 'the opens written' });
    // A refresh finds the other engaged again.
    await setEngagement(accounts, customer.customerId, warmer!.id, 0.3);

    await afterTheAnswerTime(customer);

    expect(await statusOf(reader!.id)).toBe('active');
    expect(await statusOf(warmer!.id)).toBe('active');
    expect(await statusOf(silent!.id)).toBe('unsubscribed');
    const runs = await customer.runs(flowId);
    const run = (email: string) => runs.find((candidate) => candidate.email === email)!;
    expect(run(reader!.email).steps.find((step) => step.step_id === 'still-reading')?.outcome).toBe('yes');
    expect(run(warmer!.email).steps.find((step) => step.step_id === 'still-reading')?.outcome).toBe('yes');
    expect(run(silent!.email).steps.find((step) => step.step_id === 'still-reading')?.outcome).toBe('no');
    expect(run(reader!.email).steps.some((step) => step.step_id === 'unsubscribe')).toBe(false);
  });
});
