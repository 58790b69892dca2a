import { describe, expect, it } from 'vitest';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Each trigger but the event's (automations-steps.test.ts): joining a list, a confirmed sign-up
// through a form (double opt-in: on confirmation), newly entering a segment, and a date
// attribute N days before its yearly recurrence at an hour of the person's own timezone.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', FORM_SIGNUP_LIMIT_PER_MINUTE: '1000' });
const { call } = accounts;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const engine = useFlowEngine(accounts);

const mailOnly = (trigger: object, subject: string) => ({ trigger, start: 'mail', steps: [emailStep('mail', null, { subject })] });

describe('triggers', () => {
  it('joining a list: a confirmed membership, however it was made, enters once per joining', async () => {
    const customer = await flowCustomer(accounts);
    const flowId = await customer.activeFlow('Welcome', mailOnly({ type: 'list_joined', list_id: customer.list }, 'Welcome'));
    const [joe, kim] = [personEmail('joe'), personEmail('kim')];
    await customer.subscriber(joe, { list_ids: [customer.list] });
    const kimId = await customer.subscriber(kim);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(joe)).subject).toBe('Welcome');
    expect(accounts.smtp.messagesTo(kim)).toHaveLength(0);
    // Added to the list later (an update of the subscriber's lists): enters then.
    expect((await call('PATCH', `audience/v1/subscribers/${kimId}`, customer.cookie, { list_ids: [customer.list] })).statusCode).toBe(200);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(kim)).subject).toBe('Welcome');
    expect((await customer.runs(flowId)).map((run) => run.email).sort()).toEqual([joe, kim].sort());
  });

  it('a confirmed sign-up from a form: double opt-in enters when the emailed link is opened', async () => {
    const customer = await flowCustomer(accounts);
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Letters', double_opt_in: true })).json().payload.list.id as string;
    const form = (await call('POST', 'audience/v1/forms', customer.cookie, { name: 'Footer form', list_id: list, title: 'Get the letters' })).json().payload.form.id as string;
    const flowId = await customer.activeFlow('Form welcome', mailOnly({ type: 'form_signup', form_id: form }, 'Thanks for signing up'));
    const nia = personEmail('nia');
    const answer = await accounts.app.inject({ method: 'POST', url: `/api/public/v1/forms/${form}/subscribe`, payload: { email: nia, first_name: 'Nia' }, remoteAddress: '10.9.0.1' });
    expect(answer.statusCode).toBe(200);
    const confirmation = await accounts.smtp.waitForMessage(nia);
    await engine.drain();
    expect(await customer.runs(flowId)).toHaveLength(0);
    const token = new RegExp(`${APP_URL}/confirm-subscription\\?token=([A-Za-z0-9_.%-]+)`).exec(confirmation.text)![1]!;
    expect((await call('POST', 'public/v1/subscriptions/confirm', undefined, { token })).statusCode).toBe(200);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(nia, { after: 1 })).subject).toBe('Thanks for signing up');
  });

  it('entering a segment: only people who newly match, looked at every interval', async () => {
    const customer = await flowCustomer(accounts);
    const segment = (
      await call('POST', 'audience/v1/segments', customer.cookie, { name: 'VIPs', definition: { conditions: [{ field: 'attribute', key: 'tier', op: 'is', value: 'vip' }] } })
    ).json().payload.segment.id as string;
    const [old, fresh] = [personEmail('old'), personEmail('fresh')];
    await customer.subscriber(old, { attributes: { tier: 'vip' } });
    const freshId = await customer.subscriber(fresh, { attributes: { tier: 'basic' } });
    const flowId = await customer.activeFlow('VIP welcome', mailOnly({ type: 'segment_entered', segment_id: segment }, 'Welcome to VIP'));
    // The first look notes who matches already: they do not enter.
    await engine.drain();
    expect((await call('PATCH', `audience/v1/subscribers/${freshId}`, customer.cookie, { attributes: { tier: 'vip' } })).statusCode).toBe(200);
    await engine.drain();
    expect(await customer.runs(flowId)).toHaveLength(0);
    accounts.advance(60_000);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(fresh)).subject).toBe('Welcome to VIP');
    expect(accounts.smtp.messagesTo(old)).toHaveLength(0);
    expect((await customer.runs(flowId)).map((run) => run.email)).toEqual([fresh]);
  });

  it('a date attribute: N days before its yearly recurrence, at the hour in the person’s timezone, once a year', async () => {
    const customer = await flowCustomer(accounts);
    // The next 23:30 UTC is 09:30 of the next day in Sydney (UTC+10) and still 18:30 the day before in Lima (UTC-5).
    const now = accounts.now();
    let target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30);
    if (target <= now.getTime()) target += DAY;
    // A birthday three days after that day in Sydney, in any year: its reminder is due there at 09:00.
    const soon = new Date(target + DAY + 3 * DAY);
    const birthday = `1990-${String(soon.getUTCMonth() + 1).padStart(2, '0')}-${String(soon.getUTCDate()).padStart(2, '0')}`;
    const [sydney, lima] = [personEmail('syd'), personEmail('lima')];
    await customer.subscriber(sydney, { first_name: 'Syd', timezone: 'Australia/Sydney', attributes: { birthday } });
    await customer.subscriber(lima, { first_name: 'Lu', timezone: 'America/Lima', attributes: { birthday } });
    const flowId = await customer.activeFlow('Birthday soon', mailOnly({ type: 'date', attribute: 'birthday', offset_days: -3, hour: 9 }, 'Your birthday is coming'));
    accounts.advance(target - now.getTime());
    await engine.drain();
    await eventually(async () => (accounts.smtp.messagesTo(sydney).length === 1 ? true : undefined), { what: "Sydney's reminder" });
    expect(accounts.smtp.messagesTo(lima)).toHaveLength(0);
    // 14:00 UTC: 09:00 in Lima on the day.
    accounts.advance(14.5 * HOUR);
    await engine.drain();
    expect((await accounts.smtp.waitForMessage(lima)).subject).toBe('Your birthday is coming');
    // Looked at again later the same day: nobody enters twice.
    accounts.advance(2 * HOUR);
    await engine.drain();
    expect(await customer.runs(flowId)).toHaveLength(2);
  });
});
