import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { DATA_EXPORT_MESSAGES } from '@postlark/shared/data-export';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startHousekeeping } from '../src/jobs/housekeeping';
import { readArchive } from '../src/modules/data-export/data-export.repository';
import { APP_URL, login, sessionCookie, STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { eventually } from './support/eventually';

const accounts = useAccountsApp();
const call = accounts.call;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const CHOICE = { emails: false, audiences: true, reports: true, period: '30' };

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;
interface Summary {
  id: string;
  status: string;
  download_url: string | null;
  expires_at: string | null;
}

const exportsUrl = (customer: Customer) => `home/v1/user/${customer.customerId}/exports`;

async function listExports(customer: Customer): Promise<{ exports: Summary[]; next_allowed_at: string | null }> {
  const response = await call('GET', exportsUrl(customer), customer.cookie);
  expect(response.statusCode).toBe(200);
  return response.json().payload;
}

/** Starts an export and waits for the worker to build it; answers the ready export's summary. */
async function readyExport(customer: Customer, choice: object = CHOICE): Promise<Summary> {
  const started = await call('POST', exportsUrl(customer), customer.cookie, choice);
  expect(started.statusCode).toBe(202);
  const { id } = started.json().payload.export as Summary;
  return eventually(async () => (await listExports(customer)).exports.find((entry) => entry.id === id && entry.status === 'ready'), {
    what: 'the export to be ready',
  });
}

/** Downloads through the API path the list (and the email) give. */
function download(path: string, cookie?: string) {
  return accounts.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
}

/** The files of a downloaded ZIP, as text without the byte-order mark. */
function filesOf(body: Buffer): Record<string, string> {
  const entries = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes).replace(/^\uFEFF/, '')]));
}

describe('data export', () => {
  it('builds one ZIP of CSV files in the background, then notifies and emails a download link', async () => {
    const customer = await accounts.signedInCustomer();
    // A value a spreadsheet would run as a formula, and one that needs quoting.
    const contact = {
      street_address: '1 "Quoted" Lane, Flat 2',
      city: 'Leeds',
      state: '',
      company: '=HYPERLINK("http://evil.example")',
      postal_code: 'LS1 4AP',
      country: 'United Kingdom',
      phone: '',
      vat_id: '',
    };
    expect((await call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, contact)).statusCode).toBe(200);
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Weekly' })).json().payload.list;
    const subscriber = { email: 'reader@example.com', first_name: '@SUM(A1)', last_name: 'Reader', attributes: { plan: 'pro' }, list_ids: [list.id] };
    expect((await call('POST', 'audience/v1/subscribers', customer.cookie, subscriber)).statusCode).toBe(201);

    const started = await call('POST', exportsUrl(customer), customer.cookie, CHOICE);
    expect(started.statusCode).toBe(202);
    expect(started.json().payload.message).toBe(DATA_EXPORT_MESSAGES.started);
    expect(started.json().payload.export).toMatchObject({ status: 'preparing', kinds: ['audiences', 'reports'], period_days: 30, download_url: null });

    const { id } = started.json().payload.export as Summary;
    const ready = await eventually(async () => (await listExports(customer)).exports.find((entry) => entry.status === 'ready'), { what: 'a ready export' });
    const path = `/api/home/v1/user/${customer.customerId}/exports/${id}/download`;
    expect(ready).toMatchObject({ id, download_url: path, expires_at: new Date(accounts.now().getTime() + DAY_MS).toISOString() });

    // The first message to the address was its sign-up link.
    const exportMail = await accounts.smtp.waitForMessage(customer.email, { after: 1 });
    expect(exportMail.subject).toBe('Your Postlark data export is ready');
    expect(exportMail.text).toContain(`Download your export ${APP_URL}${path}\n`);

    const [notification] = (await call('GET', 'home/v1/notifications', customer.cookie)).json().payload.notifications;
    expect(notification).toMatchObject({ kind: 'export-ready', title: 'Your data export is ready', link: path, read: false });

    const response = await download(path, customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="postlark-export-2026-06-01.zip"');
    const files = filesOf(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['account.csv', 'audiences.csv', 'marketing-preferences.csv', 'notifications.csv', 'reports.csv']);

    const [header, row] = files['account.csv']!.split('\r\n');
    expect(header).toMatch(/^customer_id,email,first_name,last_name,/);
    expect(row).toContain(`${customer.customerId},${customer.email},`);
    expect(row).toContain(`"1 ""Quoted"" Lane, Flat 2"`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(files['marketing-preferences.csv']).toContain('optOut,yes\r\n');
    expect(files['marketing-preferences.csv']).toContain('newsletters,no\r\n');
    const at = accounts.now().toISOString();
    expect(files['audiences.csv']).toBe(
      'email,first_name,last_name,status,lists,attributes,timezone,source,subscribed_at,updated_at\r\n' +
        `reader@example.com,'@SUM(A1),Reader,active,Weekly,"{""plan"":""pro""}",,manual,${at},${at}\r\n`,
    );
    expect(files['reports.csv']!.startsWith('campaign_id,subject,sent_at,recipients,delivered,')).toBe(true);
  });

  it('fills emails.csv with the campaigns written and reports.csv with those sent, with their figures', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const written = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { name: 'Draft', subject: 'Still a draft' }))).json().payload.campaign;
    const sent = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { subject: 'Out now' }))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${sent.id}/send`, customer.cookie);
    const sender = await engine(accounts);
    try {
      expect(await sender.run()).toBe(2);
    } finally {
      await sender.close();
    }
    const ready = await readyExport(customer, { emails: true, audiences: false, reports: true, period: '30' });
    const files = filesOf((await download(ready.download_url!, customer.cookie)).rawPayload);
    const at = accounts.now().toISOString();
    const emails = files['emails.csv']!.split('\r\n');
    expect(emails[0]).toBe('campaign_id,subject,from_name,from_email,status,created_at,sent_at,recipients');
    expect(emails).toContain(`${sent.id},Out now,Lark Letters,news@lark.example,sent,${at},${at},2`);
    expect(emails).toContain(`${written.id},Still a draft,Lark Letters,news@lark.example,draft,${at},,0`);
    expect(files['reports.csv']).toBe(
      'campaign_id,subject,sent_at,recipients,delivered,unique_opens,unique_clicks,bounces,unsubscribes,complaints\r\n' + `${sent.id},Out now,${at},2,2,0,0,0,0,0\r\n`,
    );
  });

  it('allows one export in 30 days, saying when the next is possible', async () => {
    const customer = await accounts.signedInCustomer();
    await readyExport(customer);
    const next = new Date(accounts.now().getTime() + 30 * DAY_MS);
    expect((await listExports(customer)).next_allowed_at).toBe(next.toISOString());

    const refused = await call('POST', exportsUrl(customer), customer.cookie, CHOICE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().payload.message).toBe(DATA_EXPORT_MESSAGES.tooSoon(next));
    expect(refused.json().payload.message).toMatch(/once every 30 days\. Your next export is possible from \d+ \w+ 2026/);
    expect(Number(refused.headers['retry-after'])).toBe(30 * 24 * 3600);
    expect((await listExports(customer)).exports).toHaveLength(1);

    accounts.advance(30 * DAY_MS + 1000);
    // Sessions last 30 days: sign in again, as the customer would.
    const fresh = sessionCookie((await login(accounts.app, customer.email, STRONG_PASSWORD)).headers['set-cookie']);
    const again = await call('POST', exportsUrl(customer), fresh, CHOICE);
    expect(again.statusCode).toBe(202);
  });

  it('decides two requests at once one after the other: one starts, one is refused', async () => {
    const customer = await accounts.signedInCustomer();
    const answers = await Promise.all([1, 2].map(() => call('POST', exportsUrl(customer), customer.cookie, CHOICE)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 429]);
    expect((await listExports(customer)).exports).toHaveLength(1);
  });

  it("includes the notifications of the chosen period only", async () => {
    const customer = await accounts.signedInCustomer();
    const changed = await call('PUT', `home/v1/user/${customer.customerId}/password`, customer.cookie, {
      current_password: STRONG_PASSWORD,
      new_password: 'Another$Pass1',
      confirm_password: 'Another$Pass1',
    });
    expect(changed.statusCode).toBe(200);
    await accounts.advanceInUse(8 * DAY_MS, customer.cookie);
    const ready = await readyExport(customer, { ...CHOICE, period: '7' });
    expect(filesOf((await download(ready.download_url!, customer.cookie)).rawPayload)['notifications.csv']).toBe('created_at,title,body,read_at\r\n');

    const other = await accounts.signedInCustomer();
    await call('PUT', `home/v1/user/${other.customerId}/password`, other.cookie, {
      current_password: STRONG_PASSWORD,
      new_password: 'Another$Pass1',
      confirm_password: 'Another$Pass1',
    });
    await accounts.advanceInUse(8 * DAY_MS, other.cookie);
    const wider = await readyExport(other, { ...CHOICE, period: '30' });
    const rows = filesOf((await download(wider.download_url!, other.cookie)).rawPayload)['notifications.csv']!.split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(',Your password was changed,');
  });

  it('lets the link work for 24 hours, then answers 410', async () => {
    const customer = await accounts.signedInCustomer();
    const ready = await readyExport(customer, { emails: true, audiences: false, reports: false, period: '7' });
    const path = ready.download_url!;
    expect(Object.keys(filesOf((await download(path, customer.cookie)).rawPayload))).toContain('emails.csv');

    accounts.advance(24 * HOUR_MS + 1000);
    const expired = await download(path, customer.cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().payload.message).toBe(DATA_EXPORT_MESSAGES.linkExpired);
    expect((await listExports(customer)).exports[0]).toMatchObject({ status: 'expired', download_url: null });
    // Opened from the email in a browser, the link leads to the tab, which says why.
    const inBrowser = await accounts.app.inject({ method: 'GET', url: path, headers: { cookie: customer.cookie, accept: 'text/html,*/*;q=0.8' } });
    expect(inBrowser.statusCode).toBe(303);
    expect(inBrowser.headers.location).toBe('/dashboard/profile?tab=data&download=expired');

    // Housekeeping (a pass at every worker start, then hourly) frees the expired Zip's space.
    const { db } = accounts.database;
    expect(await readArchive(db, customer.customerId, ready.id)).toBeInstanceOf(Buffer);
    const housekeeping = startHousekeeping({ db, now: accounts.now, log: pino({ level: 'silent' }) });
    await housekeeping.stop();
    expect(await readArchive(db, customer.customerId, ready.id)).toBeUndefined();
    // The row stays: it still counts against the monthly limit.
    expect((await listExports(customer)).exports).toHaveLength(1);
  });

  it("keeps each customer's exports their own: 404 for another's, sign-in first when signed out", async () => {
    const owner = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const ready = await readyExport(owner);
    const path = ready.download_url!;

    expect((await download(path, stranger.cookie)).statusCode).toBe(404);
    const strangerBrowser = await accounts.app.inject({ method: 'GET', url: path, headers: { cookie: stranger.cookie, accept: 'text/html' } });
    expect(strangerBrowser.headers.location).toBe('/dashboard/profile?tab=data&download=missing');
    const underOwnId = path.replace(owner.customerId, stranger.customerId);
    const notTheirs = await download(underOwnId, stranger.cookie);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().payload.message).toBe(DATA_EXPORT_MESSAGES.notFound);
    for (const exportId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await download(`/api/home/v1/user/${owner.customerId}/exports/${exportId}/download`, owner.cookie);
      expect(unknown.statusCode).toBe(404);
    }
    expect((await call('GET', exportsUrl(owner), stranger.cookie)).json().payload.message).toBe(AUTH_API_MESSAGES.userNotFound);
    expect((await call('POST', exportsUrl(owner), stranger.cookie, CHOICE)).statusCode).toBe(404);
    expect((await call('GET', exportsUrl(owner))).statusCode).toBe(401);
    expect((await call('POST', exportsUrl(owner), undefined, CHOICE)).statusCode).toBe(401);

    const signedOut = await download(path);
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/login?next=%2Fdashboard%2Fprofile%3Ftab%3Ddata');
    // The stranger's attempts started nothing of theirs.
    expect((await listExports(stranger)).exports).toEqual([]);
  });

  it.each([
    ['a period not offered', { ...CHOICE, period: '45' }, DATA_EXPORT_MESSAGES.periodInvalid],
    ['a missing period', { emails: true, audiences: true, reports: true }, DATA_EXPORT_MESSAGES.periodInvalid],
    ['a kind that is not a boolean', { ...CHOICE, emails: 'yes' }, undefined],
    ['an unknown field', { ...CHOICE, contacts: true }, undefined],
  ])('refuses %s with 400 and stores nothing', async (_name, body, message) => {
    const customer = await accounts.signedInCustomer();
    const response = await call('POST', exportsUrl(customer), customer.cookie, body);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().payload.message).toBe(message);
    expect((await listExports(customer)).exports).toEqual([]);
  });
});
