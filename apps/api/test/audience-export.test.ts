import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { readCsv as parseCsv } from '../src/lib/csv-reader';

const accounts = useAccountsApp();
const call = accounts.call;
const EXPORT = 'audience/v1/subscribers/export.csv';

// Cells a spreadsheet would run as formulas, and cells that need quoting.
const AWKWARD_NAMES = ['=1+2', '+SUM(A1)', '-3', '@cmd', 'Comma, Inc', 'Say "hi"', 'Line\nbreak', 'Ünïcødé ✓', '=HYPERLINK("http://evil.example")'];

describe('subscribers CSV export', () => {
  it('round-trips arbitrary names through RFC 4180 CSV, formula cells defused', async () => {
    const customer = await accounts.signedInCustomer();
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Awkward' })).json().payload.list;
    for (const [index, name] of AWKWARD_NAMES.entries()) {
      const body = { email: `awkward${index}@example.com`, first_name: name, attributes: { note: name }, list_ids: [list.id] };
      expect((await call('POST', 'audience/v1/subscribers', customer.cookie, body)).statusCode).toBe(201);
      accounts.advance(1000);
    }

    const response = await call('GET', EXPORT, customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(['email', 'first_name', 'last_name', 'status', 'lists', 'attributes', 'timezone', 'source', 'subscribed_at', 'updated_at']);
    expect(rows).toHaveLength(AWKWARD_NAMES.length);
    const defuse = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    expect(rows.map((row) => row[1])).toEqual(AWKWARD_NAMES.map(defuse));
    expect(rows.map((row) => row[0])).toEqual(AWKWARD_NAMES.map((_name, index) => `awkward${index}@example.com`));
    expect(rows.every((row) => row[4] === 'Awkward' && row[3] === 'active' && row[7] === 'manual')).toBe(true);
    expect(JSON.parse(rows[5]![5]!)).toEqual({ note: 'Say "hi"' });
  });

  it('exports what the filter matches, across several batches, and only the customer\'s own', async () => {
    const customer = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    expect((await call('POST', 'audience/v1/subscribers', other.cookie, { email: 'not-mine@example.com' })).statusCode).toBe(201);
    const { db } = accounts.database;
    const { subscribers } = await import('../src/db/schema/audience');
    // More rows than one batch (2,000), inserted directly: the API adds one at a time.
    const now = accounts.now();
    const values = Array.from({ length: 4_500 }, (_unused, index) => ({
      customerId: customer.customerId,
      email: `bulk${String(index).padStart(5, '0')}@example.com`,
      firstName: index % 3 === 0 ? 'Ada' : 'Alan',
      createdAt: new Date(now.getTime() + index),
      updatedAt: now,
      consentSource: 'import',
    }));
    for (let start = 0; start < values.length; start += 1_000) await db.insert(subscribers).values(values.slice(start, start + 1_000));

    const all = parseCsv((await call('GET', EXPORT, customer.cookie)).body.slice(1));
    expect(all).toHaveLength(1 + 4_500);
    expect(all.slice(1).map((row) => row[0])).toEqual(values.map((value) => value.email));
    const ada = parseCsv((await call('GET', `${EXPORT}?q=ada`, customer.cookie)).body.slice(1));
    expect(ada).toHaveLength(1 + 1_500);
    expect((await call('GET', `${EXPORT}?status=unsubscribed`, customer.cookie)).body).toBe(
      '\uFEFFemail,first_name,last_name,status,lists,attributes,timezone,source,subscribed_at,updated_at\r\n',
    );
    expect((await call('GET', `${EXPORT}?sort=email`, customer.cookie)).statusCode).toBe(400);
    expect((await call('GET', EXPORT)).statusCode).toBe(401);
  });
});
