import { IMPORT_CONSENT_WORDING, IMPORT_MESSAGES, REJECTION_REASONS } from '@postlark/shared/imports';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startHousekeeping } from '../src/jobs/housekeeping';
import { readCsv } from '../src/lib/csv-reader';
import { chunkAt } from '../src/modules/imports/imports.repository';
import { useAccountsApp } from './support/accounts-app';
import { startTestDnsServer } from './support/dns-server';
import { eventually } from './support/eventually';
import { IMPORTS, importFinished, uploadImport } from './support/imports';

// What an import checks before it adds anyone (issue 32, point 6): a file of more than
// IMPORT_CONSENT_CONFIRM_ABOVE rows waits for the customer's consent confirmation, role addresses
// are refused, and so are addresses at domains that take no mail, asked of a real DNS server on
// loopback; a domain DNS gives no answer about is kept.

const dns = await startTestDnsServer();
afterAll(() => dns.stop());

// The canary (a domain the loopback DNS serves, published below) says this DNS can be believed.
const accounts = useAccountsApp({ DNS_SERVERS: dns.servers.join(','), IMPORT_CHECK_DOMAINS: 'true', IMPORT_DNS_TIMEOUT_SECONDS: '0.3', IMPORT_DNS_CANARY: 'mail.example' });
const call = accounts.call;

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

const MAPPING = [{ field: 'email' }, { field: 'first_name' }];

dns.publishMx('mail.example', 'mx.mail.example', 10);
dns.publishA('mx.mail.example', '192.0.2.25');

const upload = (customer: Customer, text: string, body: object = {}) => uploadImport(accounts, customer, text, { file_name: 'people.csv', columns: MAPPING, ...body });
const finished = (customer: Customer, id: string) => importFinished(accounts, customer, id);
const people = (count: number, domain = 'mail.example') => ['email,first name', ...Array.from({ length: count }, (_, index) => `person${index}@${domain},P${index}`)].join('\n');

async function rejectedRows(customer: Customer, url: string) {
  const response = await accounts.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });
  expect(response.statusCode).toBe(200);
  return readCsv(response.body.slice(1)).slice(1);
}

async function subscriberCount(customer: Customer): Promise<number> {
  return (await call('GET', 'audience/v1/subscribers?limit=1', customer.cookie)).json().payload.total;
}

describe('consent above the threshold', () => {
  it('stops a file of more than 300 rows until the customer confirms, keeping its file, then imports it', async () => {
    const customer = await accounts.signedInCustomer();
    const { id, sent } = await upload(customer, people(301));
    expect(sent.statusCode).toBe(202);

    const stopped = await finished(customer, id);
    expect(stopped).toMatchObject({ status: 'needs_consent', rows_done: 0, added: 0, consent: { required_above: 300, confirmed_at: null, confirmed_by: null, wording: null } });
    expect(await subscriberCount(customer)).toBe(0);
    // The file waits with it: the customer only confirms, they do not send it again.
    expect(await chunkAt(accounts.database.db, id, 0)).toBeDefined();
    expect(IMPORT_MESSAGES.consentNeeded(stopped.consent.required_above)).toContain('more than 300 rows');

    const confirmed = await call('POST', `${IMPORTS}/${id}/consent`, customer.cookie, { consent_confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    expect(confirmed.json().payload).toMatchObject({ message: IMPORT_MESSAGES.queued, import: { status: 'queued' } });
    const done = await finished(customer, id);
    expect(done).toMatchObject({
      status: 'done',
      rows_done: 301,
      added: 301,
      rejected: 0,
      consent: { required_above: 300, confirmed_at: accounts.now().toISOString(), confirmed_by: customer.email, wording: IMPORT_CONSENT_WORDING },
    });
    expect(await subscriberCount(customer)).toBe(301);
    // Confirming again changes nothing, and is not an error.
    const again = await call('POST', `${IMPORTS}/${id}/consent`, customer.cookie, { consent_confirmed: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().payload.import.consent.confirmed_by).toBe(customer.email);
  });

  it('imports a file over the threshold at once when the request confirms, and 300 rows without asking', async () => {
    const customer = await accounts.signedInCustomer();
    const confirmed = await upload(customer, people(400), { consent_confirmed: true });
    expect(await finished(customer, confirmed.id)).toMatchObject({ status: 'done', added: 400, consent: { required_above: null, confirmed_by: customer.email, wording: IMPORT_CONSENT_WORDING } });

    // At the threshold, blank rows and the header not counted: no question asked.
    const atThreshold = `${people(300)}\n\n,\n`.replaceAll('person', 'other');
    expect(await finished(customer, (await upload(customer, atThreshold)).id)).toMatchObject({ status: 'done', added: 300, consent: { required_above: null, confirmed_at: null } });
  });

  it('answers a confirmation that is not one, or for an import that cannot take one, with a client error', async () => {
    const customer = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const { id } = await upload(customer, people(301, 'mail.example').replaceAll('person', 'someone'));
    await eventually(async () => ((await call('GET', `${IMPORTS}/${id}`, customer.cookie)).json().payload.status === 'needs_consent' ? true : undefined));

    for (const body of [{}, { consent_confirmed: false }, { consent_confirmed: 'yes' }, { consent_confirmed: true, extra: 1 }]) {
      const refused = await call('POST', `${IMPORTS}/${id}/consent`, customer.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', `${IMPORTS}/${id}/consent`, customer.cookie, {})).json().payload.errors.consent_confirmed).toBe(IMPORT_MESSAGES.consentRequired);
    expect((await call('POST', `${IMPORTS}/${id}/consent`, stranger.cookie, { consent_confirmed: true })).statusCode).toBe(404);
    expect((await call('POST', `${IMPORTS}/not-an-id/consent`, customer.cookie, { consent_confirmed: true })).statusCode).toBe(404);
    expect((await call('GET', `${IMPORTS}/${id}`, customer.cookie)).json().payload.status).toBe('needs_consent');

    // A finished import took no confirmation: it is too late to give one.
    const small = await upload(customer, 'email\nsmall@mail.example\n');
    await finished(customer, small.id);
    const late = await call('POST', `${IMPORTS}/${small.id}/consent`, customer.cookie, { consent_confirmed: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().payload.message).toBe(IMPORT_MESSAGES.notWaitingForConsent);

    // Before the file: recorded, and the file then goes straight through.
    const early = await call('POST', IMPORTS, customer.cookie, { file_name: 'later.csv', columns: MAPPING });
    const earlyId = early.json().payload.import.id;
    const recorded = await call('POST', `${IMPORTS}/${earlyId}/consent`, customer.cookie, { consent_confirmed: true });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().payload).toMatchObject({ message: IMPORT_MESSAGES.consentRecorded, import: { status: 'awaiting_file', consent: { confirmed_by: customer.email } } });
    await accounts.app.inject({ method: 'PUT', url: `/api/${IMPORTS}/${earlyId}/file`, headers: { cookie: customer.cookie, 'content-type': 'text/csv' }, payload: people(350).replaceAll('person', 'early') });
    expect(await finished(customer, earlyId)).toMatchObject({ status: 'done', added: 350 });

    // A products file needs no consent.
    const products = await call('POST', IMPORTS, customer.cookie, { kind: 'products', file_name: 'p.csv', columns: [{ field: 'id' }], consent_confirmed: true });
    expect(products.statusCode).toBe(400);
    expect(products.json().payload.errors.consent_confirmed).toBe(IMPORT_MESSAGES.consentForSubscribers);

    // One never confirmed goes a day after it was made, with the file it kept.
    const housekeep = async () => (await startHousekeeping({ db: accounts.database.db, now: accounts.now, log: pino({ level: 'silent' }) })).stop();
    await housekeep();
    expect((await call('GET', `${IMPORTS}/${id}`, customer.cookie)).statusCode).toBe(200);
    accounts.advance(24 * 3_600_000 + 60_000);
    await housekeep();
    expect((await call('GET', `${IMPORTS}/${id}`, customer.cookie)).statusCode).toBe(404);
    expect(await chunkAt(accounts.database.db, id, 0)).toBeUndefined();
    expect((await call('GET', `${IMPORTS}/${earlyId}`, customer.cookie)).json().payload.status).toBe('done');
  });
});

describe('addresses refused by the import', () => {
  it('rejects role addresses with the reason, and keeps info@ and sales@', async () => {
    const customer = await accounts.signedInCustomer();
    const file = [
      'email,first name',
      'abuse@mail.example,A',
      'Postmaster@mail.example,P',
      'noreply+billing@mail.example,N',
      'no-reply@mail.example,N2',
      'mailer-daemon@mail.example,M',
      'info@mail.example,Info',
      'sales@mail.example,Sales',
      'ada@mail.example,Ada',
      // A cell of 5,000 characters never reaches a pattern, and a name with an empty label is no domain.
      `${'a'.repeat(5_000)}@mail.example,Long`,
      'grace@mail..example,Grace',
    ].join('\n');
    const done = await finished(customer, (await upload(customer, file)).id);
    expect(done).toMatchObject({ status: 'done', added: 3, rejected: 7, rejected_by_reason: { role_address: 5, bad_email: 2 } });
    expect((await rejectedRows(customer, done.rejections_url)).map(([row, reason, email]) => [row, reason, email?.slice(0, 40)])).toEqual([
      ['2', REJECTION_REASONS.role_address, 'abuse@mail.example'],
      ['3', REJECTION_REASONS.role_address, 'Postmaster@mail.example'],
      ['4', REJECTION_REASONS.role_address, 'noreply+billing@mail.example'],
      ['5', REJECTION_REASONS.role_address, 'no-reply@mail.example'],
      ['6', REJECTION_REASONS.role_address, 'mailer-daemon@mail.example'],
      ['10', REJECTION_REASONS.bad_email, 'a'.repeat(40)],
      ['11', REJECTION_REASONS.bad_email, 'grace@mail..example'],
    ]);
    expect(await subscriberCount(customer)).toBe(3);
  });

  it('rejects addresses at domains with no MX or A record or a null MX, and keeps those DNS does not answer about', async () => {
    const customer = await accounts.signedInCustomer();
    dns.publishA('a-only.example', '192.0.2.26');
    dns.publishAaaa('v6-only.example', '2001:db8::26');
    // The name exists (it has a TXT record) but publishes nowhere to deliver to.
    dns.publishTxt('no-mx.example', 'v=spf1 -all');
    dns.publishMx('null-mx.example', '.', 0);
    dns.fail('slow.example', 'timeout');
    dns.fail('broken.example', 'SERVFAIL');
    const file = [
      'email,first name',
      'ada@mail.example,Ada',
      'alan@a-only.example,Alan',
      'grace@v6-only.example,Grace',
      'someone@no-mx.example,Someone',
      'gone@nowhere.example,Gone',
      'refused@null-mx.example,Refused',
      'waiting@slow.example,Waiting',
      'again@slow.example,Again',
      'failing@broken.example,Failing',
      'second@nowhere.example,Second',
    ].join('\n');
    const done = await finished(customer, (await upload(customer, file)).id);
    expect(done).toMatchObject({ status: 'done', added: 6, rejected: 4, domain_unchecked: 3, rejected_by_reason: { no_mail_server: 3, refuses_mail: 1 } });
    expect(await rejectedRows(customer, done.rejections_url)).toEqual([
      ['5', 'The domain no-mx.example has no mail server (no MX or A record).', 'someone@no-mx.example', 'Someone'],
      ['6', 'The domain nowhere.example has no mail server (no MX or A record).', 'gone@nowhere.example', 'Gone'],
      ['7', 'The domain null-mx.example accepts no email (it publishes a null MX record).', 'refused@null-mx.example', 'Refused'],
      ['11', 'The domain nowhere.example has no mail server (no MX or A record).', 'second@nowhere.example', 'Second'],
    ]);
    const emails = (await call('GET', 'audience/v1/subscribers?sort=email&order=asc&limit=50', customer.cookie)).json().payload.subscribers.map((row: { email: string }) => row.email);
    expect(emails).toEqual(['ada@mail.example', 'again@slow.example', 'alan@a-only.example', 'failing@broken.example', 'grace@v6-only.example', 'waiting@slow.example']);
  });
});
