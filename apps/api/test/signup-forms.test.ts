import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suppressions } from '../src/db/schema/audience';
import { suppressionHash } from '../src/modules/audience/subscribers.service';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';

const SIGNUPS_PER_MINUTE = 6;
const accounts = useAccountsApp({ FORM_SIGNUP_LIMIT_PER_MINUTE: String(SIGNUPS_PER_MINUTE) });
const call = accounts.call;
let clientNumber = 0;

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

/** A customer with a list (double opt-in or not) and a form for it. */
async function formFor(doubleOptIn: boolean) {
  const customer = await accounts.signedInCustomer();
  const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Letters', double_opt_in: doubleOptIn })).json().payload.list;
  const created = await call('POST', 'audience/v1/forms', customer.cookie, { name: 'Footer form', list_id: list.id, title: 'Get the letters' });
  expect(created.statusCode, created.body).toBe(201);
  return { customer, list, form: created.json().payload.form };
}

/** A sign-up from its own client address, so the per-client limit is its own test's business. */
function signUp(formId: string, body: object, remoteAddress = `10.0.${Math.floor(clientNumber / 250)}.${(clientNumber++ % 250) + 1}`) {
  return accounts.app.inject({ method: 'POST', url: `/api/public/v1/forms/${formId}/subscribe`, payload: body, remoteAddress });
}

async function subscriberNamed(customer: Customer, email: string) {
  const page = (await call('GET', `audience/v1/subscribers?q=${encodeURIComponent(email)}`, customer.cookie)).json().payload;
  if (page.subscribers.length === 0) return null;
  return (await call('GET', `audience/v1/subscribers/${page.subscribers[0].id}`, customer.cookie)).json().payload;
}

/** A sign-up's work runs in a queued job: the subscriber once it shows what `ready` looks for. */
function subscriberOnceDone(customer: Customer, email: string, ready: (subscriber: Subscriber) => boolean = () => true) {
  return eventually(async () => {
    const subscriber = await subscriberNamed(customer, email);
    return subscriber && ready(subscriber) ? subscriber : undefined;
  }, { what: `the sign-up of ${email}` });
}
type Subscriber = { id: string; first_name: string; status: string; lists: { list_id: string; status: string }[] };

/** Form sign-up jobs queued so far (any state). */
async function formSignupJobs(): Promise<number> {
  const result = (await accounts.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'form-signup'`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

function confirmationToken(text: string): string {
  const match = new RegExp(`${APP_URL}/confirm-subscription\\?token=([A-Za-z0-9_.%-]+)`).exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

describe('sign-up forms', () => {
  it('does the same for someone new and someone already confirmed: one queued job, the same answer', async () => {
    const { customer, form } = await formFor(false);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'known@example.com' });
    const before = await formSignupJobs();
    const known = await signUp(form.id, { email: 'known@example.com' });
    const afterKnown = await formSignupJobs();
    const fresh = await signUp(form.id, { email: 'fresh@example.com' });
    const afterFresh = await formSignupJobs();
    expect([known.statusCode, known.body]).toEqual([fresh.statusCode, fresh.body]);
    expect([afterKnown - before, afterFresh - afterKnown]).toEqual([1, 1]);
    expect((await subscriberOnceDone(customer, 'fresh@example.com')).lists).toMatchObject([{ status: 'confirmed' }]);
  });

  it('gives the customer a hosted page and a snippet, and the public the form', async () => {
    const { form, list } = await formFor(true);
    expect(form).toMatchObject({ name: 'Footer form', list_id: list.id, list_name: 'Letters', double_opt_in: true, title: 'Get the letters', button_label: 'Subscribe' });
    expect(form.hosted_url).toBe(`${APP_URL}/f/${form.id}`);
    expect(form.embed_html).toContain(`<form action="${APP_URL}/f/${form.id}" method="post"`);
    expect(form.embed_html).toContain('name="website"');
    const shown = (await call('GET', `public/v1/forms/${form.id}`)).json().payload;
    expect(shown).toEqual({ id: form.id, title: 'Get the letters', intro: '', button_label: 'Subscribe', sender: 'Ada Lovelace', double_opt_in: true, look: null });
    expect((await call('GET', 'public/v1/forms/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('double opt-in: the person is unconfirmed until the emailed link is opened; consent is recorded', async () => {
    const { customer, form } = await formFor(true);
    const answer = await signUp(form.id, { email: ' New.Reader@Example.com ', first_name: 'Nia' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payload.message).toBe(FORM_MESSAGES.thanksConfirm);

    let subscriber = await subscriberOnceDone(customer, 'new.reader@example.com');
    expect(subscriber).toMatchObject({ first_name: 'Nia', status: 'active', consent: { source: 'form', confirmed_at: null }, lists: [{ list_name: 'Letters', status: 'unconfirmed' }] });
    // The customer saving the subscriber's lists cannot confirm for them.
    expect((await call('PATCH', `audience/v1/subscribers/${subscriber.id}`, customer.cookie, { list_ids: [subscriber.lists[0].list_id] })).statusCode).toBe(200);
    expect((await subscriberNamed(customer, 'new.reader@example.com')).lists[0].status).toBe('unconfirmed');
    const mail = await accounts.smtp.waitForMessage('new.reader@example.com');
    expect(mail.subject).toBe('Confirm your subscription to Letters');
    expect(mail.text).toContain('Ada Lovelace');
    const token = confirmationToken(mail.text);

    const confirmed = await call('POST', 'public/v1/subscriptions/confirm', undefined, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payload).toEqual({ message: FORM_MESSAGES.confirmed, list_name: 'Letters', sender: 'Ada Lovelace', look: null });
    subscriber = await subscriberNamed(customer, 'new.reader@example.com');
    expect(subscriber.lists[0]).toMatchObject({ status: 'confirmed', confirmed_at: accounts.now().toISOString() });
    expect(subscriber.consent.confirmed_at).toBe(accounts.now().toISOString());
    expect((await call('POST', 'public/v1/subscriptions/confirm', undefined, { token })).statusCode).toBe(200);

    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    const refused = await call('POST', 'public/v1/subscriptions/confirm', undefined, { token: tampered });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.message).toBe(FORM_MESSAGES.confirmInvalid);
  });

  it('single opt-in confirms at once; a bot filling the hidden field is thanked and forgotten; the answer never tells who is known', async () => {
    const { customer, form } = await formFor(false);
    expect((await signUp(form.id, { email: 'straight@example.com' })).json().payload.message).toBe(FORM_MESSAGES.thanksSubscribed);
    expect((await subscriberOnceDone(customer, 'straight@example.com')).lists[0]!.status).toBe('confirmed');
    // Again: the same answer, nothing new.
    expect((await signUp(form.id, { email: 'straight@example.com' })).json().payload.message).toBe(FORM_MESSAGES.thanksSubscribed);

    expect((await signUp(form.id, { email: 'bot@example.com', website: 'http://spam.example' })).json().payload.message).toBe(FORM_MESSAGES.thanksSubscribed);
    expect(await subscriberNamed(customer, 'bot@example.com')).toBeNull();

    const bad = await signUp(form.id, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.emailInvalid });
  });

  it('someone who unsubscribed, or was erased, must confirm by email before they are back', async () => {
    const { customer, form } = await formFor(false);
    const left = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'left@example.com', status: 'unsubscribed' })).json().payload.subscriber;
    expect((await signUp(form.id, { email: 'left@example.com' })).json().payload.message).toBe(FORM_MESSAGES.thanksSubscribed);
    expect(await subscriberOnceDone(customer, 'left@example.com', (subscriber) => subscriber.lists.length > 0)).toMatchObject({ status: 'unsubscribed', lists: [{ status: 'unconfirmed' }] });
    const token = confirmationToken((await accounts.smtp.waitForMessage('left@example.com')).text);
    await call('POST', 'public/v1/subscriptions/confirm', undefined, { token });
    expect(await subscriberNamed(customer, 'left@example.com')).toMatchObject({ id: left.id, status: 'active', lists: [{ status: 'confirmed' }] });

    const erased = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'erased@example.com' })).json().payload.subscriber;
    await call('DELETE', `audience/v1/subscribers/${erased.id}`, customer.cookie);
    await signUp(form.id, { email: 'erased@example.com' });
    expect((await subscriberOnceDone(customer, 'erased@example.com')).lists[0]!.status).toBe('unconfirmed');
    await call('POST', 'public/v1/subscriptions/confirm', undefined, { token: confirmationToken((await accounts.smtp.waitForMessage('erased@example.com')).text) });
    expect((await subscriberNamed(customer, 'erased@example.com')).lists[0].status).toBe('confirmed');
    // Their own consent took them both off the suppression list (their unsubscribe had put the first on it).
    const hashes = (await accounts.database.db.select().from(suppressions)).map((row) => row.emailHash);
    expect(hashes).not.toContain(suppressionHash('erased@example.com'));
    expect(hashes).not.toContain(suppressionHash('left@example.com'));
  });

  it('takes plain HTML posts from a snippet and sends the browser back to the hosted page', async () => {
    const { customer, form } = await formFor(true);
    const post = (body: string) =>
      accounts.app.inject({ method: 'POST', url: `/f/${form.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body, remoteAddress: '10.9.9.9' });
    const done = await post('email=snippet%40example.com&first_name=Sam&website=');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/f/${form.id}?signed_up=1`);
    expect((await subscriberOnceDone(customer, 'snippet@example.com')).first_name).toBe('Sam');
    const bad = await post('email=nope');
    expect(bad.headers.location).toBe(`/f/${form.id}?error=email`);
  });

  it('limits sign-ups per client and minute', async () => {
    const { form } = await formFor(false);
    const answers = [];
    for (let index = 0; index <= SIGNUPS_PER_MINUTE; index += 1) answers.push((await signUp(form.id, { email: `burst${index}@example.com` }, '10.200.0.1')).statusCode);
    expect(answers).toEqual([...Array(SIGNUPS_PER_MINUTE).fill(200), 429]);
  });

  it('resends confirmation emails on request, once a day, and only for what awaits confirmation', async () => {
    const { customer, form } = await formFor(true);
    await signUp(form.id, { email: 'slow@example.com' });
    await accounts.smtp.waitForMessage('slow@example.com');
    const subscriber = await subscriberOnceDone(customer, 'slow@example.com');
    // One confirmation per list and address a day, whoever asks (issue 31, finding 11).
    const tooSoon = await call('POST', `audience/v1/subscribers/${subscriber.id}/resend-confirmation`, customer.cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().payload.message).toBe(FORM_MESSAGES.confirmationRecent);
    await accounts.advanceInUse(24 * 3_600_000 + 1000, customer.cookie);
    const resent = await call('POST', `audience/v1/subscribers/${subscriber.id}/resend-confirmation`, customer.cookie);
    expect(resent.json().payload).toEqual({ message: FORM_MESSAGES.resent, sent: 1 });
    const token = confirmationToken((await accounts.smtp.waitForMessage('slow@example.com', { after: 1 })).text);
    await call('POST', 'public/v1/subscriptions/confirm', undefined, { token });
    const nothing = await call('POST', `audience/v1/subscribers/${subscriber.id}/resend-confirmation`, customer.cookie);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().payload.message).toBe(FORM_MESSAGES.nothingToConfirm);
  });

  it("keeps forms each customer's own", async () => {
    const mine = await formFor(true);
    const theirs = await formFor(true);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await call(method, `audience/v1/forms/${theirs.form.id}`, mine.customer.cookie, method === 'PATCH' ? { name: 'Mine' } : undefined)).statusCode, method).toBe(404);
    }
    const foreignList = await call('POST', 'audience/v1/forms', mine.customer.cookie, { name: 'x', list_id: theirs.list.id });
    expect(foreignList.statusCode).toBe(400);
    expect((await call('GET', 'audience/v1/forms', mine.customer.cookie)).json().payload.forms.map((form: { id: string }) => form.id)).toEqual([mine.form.id]);
    const subscriber = (await call('POST', 'audience/v1/subscribers', theirs.customer.cookie, { email: 'theirs@example.com' })).json().payload.subscriber;
    expect((await call('POST', `audience/v1/subscribers/${subscriber.id}/resend-confirmation`, mine.customer.cookie)).statusCode).toBe(404);
    expect((await call('GET', 'audience/v1/forms')).statusCode).toBe(401);
  });
});
