import { IMPORT_MESSAGES, REJECTION_REASONS } from '@postlark/shared/imports';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { startHousekeeping } from '../src/jobs/housekeeping';
import { rawQuery } from '../src/db/client';
import { runImportJob } from '../src/jobs/run-import.job';
import { readCsv } from '../src/lib/csv-reader';
import { addChunk, chunkAt } from '../src/modules/imports/imports.repository';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';
import { IMPORTS, importFinished, uploadImport } from './support/imports';

const accounts = useAccountsApp();
const call = accounts.call;

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

const MAPPING = [{ field: 'email' }, { field: 'first_name' }, { field: 'attribute', key: 'plan' }, { field: 'ignore' }];

const FILE = [
  'Email,First name,Plan,Notes',
  'ada@example.com,Ada,pro,"likes ""maths"""',
  'ALAN@example.com,Alan,free,',
  'not-an-address,Nobody,free,',
  'ada@example.com,Ada again,pro,duplicate',
  'grace@example.com,Grace,,"multi',
  'line note"',
  '',
  'left@example.com,Left,pro,unsubscribed before',
].join('\r\n');

const upload = (customer: Customer, text: string | Buffer, body: object = {}) => uploadImport(accounts, customer, text, { file_name: 'people.csv', columns: MAPPING, ...body });
const finished = (customer: Customer, id: string) => importFinished(accounts, customer, id);

async function audienceOf(customer: Customer) {
  const rows = (await call('GET', 'audience/v1/subscribers?sort=email&order=asc&limit=200', customer.cookie)).json().payload.subscribers;
  return rows.map((row: { email: string; first_name: string; status: string }) => `${row.email}|${row.first_name}|${row.status}`);
}

describe('CSV import', () => {
  it('adds the good rows in the background, reports and keeps the rejected ones, and changes nothing the second time', async () => {
    const customer = await accounts.signedInCustomer();
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Imported' })).json().payload.list;
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'left@example.com', first_name: 'Left', status: 'unsubscribed' });

    const { id, sent } = await upload(customer, FILE, { list_ids: [list.id] });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().payload.message).toBe(IMPORT_MESSAGES.queued);
    const done = await finished(customer, id);
    expect(done).toMatchObject({ status: 'done', rows_done: 6, added: 3, updated: 0, unchanged: 0, rejected: 3, total_bytes: Buffer.byteLength(FILE), bytes_done: Buffer.byteLength(FILE) });
    expect(done.rejected_by_reason).toEqual({ bad_email: 1, duplicate: 1, suppressed: 1 });
    expect(done.rejections_url).toBe(`/api/${IMPORTS}/${id}/rejections.csv`);

    expect(await audienceOf(customer)).toEqual(['ada@example.com|Ada|active', 'alan@example.com|Alan|active', 'grace@example.com|Grace|active', 'left@example.com|Left|unsubscribed']);
    const ada = (await call('GET', 'audience/v1/subscribers?q=ada', customer.cookie)).json().payload.subscribers[0];
    const details = (await call('GET', `audience/v1/subscribers/${ada.id}`, customer.cookie)).json().payload;
    expect(details).toMatchObject({ attributes: { plan: 'pro' }, consent: { source: 'import' }, lists: [{ list_name: 'Imported', status: 'confirmed' }] });
    expect((await call('GET', `audience/v1/lists/${list.id}`, customer.cookie)).json().payload.counts.confirmed).toBe(3);

    // Row numbers are a spreadsheet's: the header is row 1, a cell's line break does not start a row.
    const rejections = await accounts.app.inject({ method: 'GET', url: done.rejections_url, headers: { cookie: customer.cookie } });
    expect(readCsv(rejections.body.slice(1))).toEqual([
      ['row', 'reason', 'original row'],
      ['4', REJECTION_REASONS.bad_email, 'not-an-address', 'Nobody', 'free', ''],
      ['5', REJECTION_REASONS.duplicate, 'ada@example.com', 'Ada again', 'pro', 'duplicate'],
      ['8', REJECTION_REASONS.suppressed, 'left@example.com', 'Left', 'pro', 'unsubscribed before'],
    ]);

    // The same file again: nobody new, nothing changed, the unsubscribed person still unsubscribed.
    const again = await finished(customer, (await upload(customer, FILE, { list_ids: [list.id] })).id);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3, rejected: 3 });
    expect(await audienceOf(customer)).toEqual(['ada@example.com|Ada|active', 'alan@example.com|Alan|active', 'grace@example.com|Grace|active', 'left@example.com|Left|unsubscribed']);

    // A file with new details updates them, and only them.
    const changed = await finished(customer, (await upload(customer, 'email,first,plan,x\nada@example.com,Augusta,,\n')).id);
    expect(changed).toMatchObject({ added: 0, updated: 1, unchanged: 0, rejected: 0 });
    expect((await call('GET', `audience/v1/subscribers/${ada.id}`, customer.cookie)).json().payload).toMatchObject({ first_name: 'Augusta', attributes: { plan: 'pro' } });
  });

  it('never brings back an erased address, nor re-joins someone to a list they left', async () => {
    const customer = await accounts.signedInCustomer();
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'News' })).json().payload.list;
    const erased = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'erased@example.com' })).json().payload.subscriber;
    await call('DELETE', `audience/v1/subscribers/${erased.id}`, customer.cookie);
    const leaver = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'leaver@example.com', list_ids: [list.id] })).json().payload.subscriber;
    await call('PATCH', `audience/v1/subscribers/${leaver.id}`, customer.cookie, { list_ids: [] });

    const done = await finished(customer, (await upload(customer, 'e,f,p,n\nerased@example.com,E,,\nleaver@example.com,L,,\n', { list_ids: [list.id] })).id);
    expect(done).toMatchObject({ added: 0, rejected: 1 });
    expect(await audienceOf(customer)).toEqual(['leaver@example.com|L|active']);
    expect((await call('GET', `audience/v1/subscribers/${leaver.id}`, customer.cookie)).json().payload.lists).toEqual([expect.objectContaining({ list_name: 'News', status: 'unsubscribed' })]);
  });

  it('reads a file in pieces: rows across chunk boundaries, over a thousand rows', async () => {
    const customer = await accounts.signedInCustomer();
    const lines = ['email,name,plan,note'];
    // One bad address in each thousand: batches written at once each add their rejections to the counts.
    for (let index = 0; index < 5_000; index += 1) lines.push(`${index % 1_000 === 500 ? `bad${index}@no-dot` : `person${index}@example.com`},"Name, ${index}",p${index % 3},${'x'.repeat(300)}`);
    const text = lines.join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
    // Past the consent threshold (300 rows): the customer confirms with the request.
    const done = await finished(customer, (await upload(customer, text, { consent_confirmed: true })).id);
    expect(done).toMatchObject({ status: 'done', rows_done: 5_000, added: 4_995, rejected: 5, rejected_by_reason: { bad_email: 5 } });
    expect((await call('GET', 'audience/v1/subscribers?q=person4999', customer.cookie)).json().payload.subscribers[0].first_name).toBe('Name, 4999');
  });

  it('refuses a bad mapping, another customer\'s list, a second file, an empty file and a file over 100 MB', async () => {
    const customer = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const theirs = (await call('POST', 'audience/v1/lists', other.cookie, { name: 'Theirs' })).json().payload.list;
    const noEmail = await call('POST', IMPORTS, customer.cookie, { file_name: 'x.csv', columns: [{ field: 'first_name' }] });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().payload.errors.columns).toBe(IMPORT_MESSAGES.emailColumn);
    const badKey = await call('POST', IMPORTS, customer.cookie, { file_name: 'x.csv', columns: [{ field: 'email' }, { field: 'attribute', key: '1 bad' }] });
    expect(badKey.statusCode).toBe(400);
    expect((await call('POST', IMPORTS, customer.cookie, { file_name: 'x.csv', columns: MAPPING, list_ids: [theirs.id] })).statusCode).toBe(400);

    const { id, sent } = await upload(customer, 'email\na@example.com\n');
    expect(sent.statusCode).toBe(202);
    const twice = await accounts.app.inject({ method: 'PUT', url: `/api/${IMPORTS}/${id}/file`, headers: { cookie: customer.cookie, 'content-type': 'text/csv' }, payload: 'email\n' });
    expect(twice.statusCode).toBe(409);
    expect((await upload(customer, '')).sent.statusCode).toBe(400);
    const huge = await upload(customer, Buffer.alloc(100 * 1024 * 1024 + 1, 'a'));
    expect(huge.sent.statusCode).toBe(413);
    expect((await call('GET', `${IMPORTS}/${huge.id}`, customer.cookie)).json().payload.status).toBe('awaiting_file');
  });

  it('starts a file over when its upload broke off, and drops an import whose file never came a day later', async () => {
    const customer = await accounts.signedInCustomer();
    const create = async () => (await call('POST', IMPORTS, customer.cookie, { file_name: 'people.csv', columns: MAPPING })).json().payload.import.id as string;
    const put = (id: string, text: string) =>
      accounts.app.inject({ method: 'PUT', url: `/api/${IMPORTS}/${id}/file`, headers: { cookie: customer.cookie, 'content-type': 'text/csv' }, payload: text });

    // What an upload cut off by a closed tab leaves: its first piece stored, the import still waiting.
    const id = await create();
    await addChunk(accounts.database.db, id, 0, Buffer.from('Email,First name,Plan,Notes\r\nhalf.of@exam'));
    const whole = 'Email,First name,Plan,Notes\r\nwhole@example.com,Whole,pro,\r\n';
    const sent = await put(id, whole);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(await finished(customer, id)).toMatchObject({ status: 'done', rows_done: 1, added: 1, rejected: 0, total_bytes: Buffer.byteLength(whole) });
    expect(await audienceOf(customer)).toEqual(['whole@example.com|Whole|active']);

    // Housekeeping drops an import still waiting a day on, with what it kept; the finished one stays.
    const abandoned = await create();
    await addChunk(accounts.database.db, abandoned, 0, Buffer.from('Email\r\n'));
    const housekeep = async () => (await startHousekeeping({ db: accounts.database.db, now: accounts.now, log: pino({ level: 'silent' }) })).stop();
    await housekeep();
    expect((await call('GET', `${IMPORTS}/${abandoned}`, customer.cookie)).statusCode).toBe(200);
    accounts.advance(24 * 3_600_000 + 60_000);
    await housekeep();
    expect((await call('GET', `${IMPORTS}/${abandoned}`, customer.cookie)).statusCode).toBe(404);
    expect(await chunkAt(accounts.database.db, abandoned, 0)).toBeUndefined();
    expect((await call('GET', `${IMPORTS}/${id}`, customer.cookie)).json().payload.status).toBe('done');
  });

  it('refuses for good a file whose quote never closes, saying why in its report, and the server keeps answering', async () => {
    const customer = await accounts.signedInCustomer();
    // Five megabytes in one cell: read a character at a time, that cost about 165 MB of heap.
    const { id, sent } = await upload(customer, `Email,First name,Plan,Notes\r\nada@example.com,"Ada${'x'.repeat(5 * 1024 * 1024)}\r\n`);
    expect(sent.statusCode).toBe(202);
    const progress = await finished(customer, id);
    expect(progress).toMatchObject({ status: 'failed', error: IMPORT_MESSAGES.cellTooLong(2), rejections_url: null });
    // A permanent failure: the job completed and is not tried again. The queue settles the job just
    // after its handler wrote the report, so it may still read active for a moment.
    const settled = await eventually(async () => {
      const jobs = await rawQuery<{ state: string }>(accounts.database.db, `select state from pgboss.job where name = $1 and data->>'importId' = $2`, [runImportJob.name, id]);
      return jobs.some((job) => job.state === 'active') ? undefined : jobs;
    }, { what: 'the import job to settle' });
    expect(settled.map((job) => job.state)).toEqual(['completed']);
    expect((await call('GET', IMPORTS, customer.cookie)).json().payload.imports[0]).toMatchObject({ id, status: 'failed', error: IMPORT_MESSAGES.cellTooLong(2) });
    // A good file afterwards imports as ever.
    expect(await finished(customer, (await upload(customer, 'email,n,p,x\nafter@example.com,,,\n')).id)).toMatchObject({ status: 'done', added: 1, error: null });
  });

  it("keeps imports each customer's own", async () => {
    const owner = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const { id } = await upload(owner, 'email,n,p,x\nowner.only@example.com,,,\n');
    await finished(owner, id);
    expect((await call('GET', `${IMPORTS}/${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${IMPORTS}/${id}/rejections.csv`, stranger.cookie)).statusCode).toBe(404);
    const put = await accounts.app.inject({ method: 'PUT', url: `/api/${IMPORTS}/${id}/file`, headers: { cookie: stranger.cookie, 'content-type': 'text/csv' }, payload: 'x' });
    expect(put.statusCode).toBe(404);
    expect((await call('GET', IMPORTS, stranger.cookie)).json().payload.imports).toEqual([]);
    expect(await audienceOf(stranger)).toEqual([]);
  });
});
