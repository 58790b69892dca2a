import { GENERIC_MESSAGES, WAITLIST_MESSAGES } from '@postlark/shared/messages';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitlistSubmissions } from '../src/db/schema/waitlist';
import { buildTestApp, type TestApp } from './helper';

const URL = '/api/landing/v1/waitlist/';
let testApp: TestApp;
let clientNumber = 0;

// Each test posts from its own address so the per-client limit only bites where a test wants it.
let remoteAddress = '';
beforeEach(() => {
  clientNumber += 1;
  remoteAddress = `203.0.113.${clientNumber}`;
});

function post(body: unknown, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress: options.remoteAddress ?? remoteAddress,
    headers: { 'user-agent': 'Vitest/1.0 (waitlist test)', ...options.headers },
    ...(typeof body === 'string' ? { payload: body } : { payload: body as object }),
  });
}

async function storedRows() {
  return testApp.database.db.select().from(waitlistSubmissions).orderBy(asc(waitlistSubmissions.id));
}

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await testApp.database.db.delete(waitlistSubmissions);
});

describe('POST /api/landing/v1/waitlist/', () => {
  it('stores a new Waitlist join and answers 201', async () => {
    const response = await post({ status: 'Waitlist', email: '  Ada.Lovelace@Example.COM ', message: 'Hi!' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ payload: { message: WAITLIST_MESSAGES.added } });

    const [row, ...rest] = await storedRows();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      status: 'Waitlist',
      email: 'Ada.Lovelace@example.com',
      message: 'Hi!',
      userAgent: 'Vitest/1.0 (waitlist test)',
    });
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ipHash).not.toContain(remoteAddress);
    expect(Date.now() - (row?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('stores an empty message when none is sent', async () => {
    const response = await post({ status: 'Waitlist', email: 'grace@example.com' });
    expect(response.statusCode).toBe(201);
    expect((await storedRows())[0]?.message).toBe('');
  });

  it('answers 200 to a second Waitlist join of the same address and stores no duplicate', async () => {
    expect((await post({ status: 'Waitlist', email: 'ada@example.com', message: '' })).statusCode).toBe(201);
    const again = await post({ status: 'Waitlist', email: ' ada@EXAMPLE.com', message: 'me again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ payload: { message: WAITLIST_MESSAGES.added } });
    const rows = await storedRows();
    expect(rows.map((row) => [row.status, row.email, row.message])).toEqual([['Waitlist', 'ada@example.com', '']]);
  });

  it('stores every Contact message, also from an address on the waitlist', async () => {
    await post({ status: 'Waitlist', email: 'ada@example.com', message: '' });
    expect((await post({ status: 'Contact', email: 'ada@example.com', message: 'First question' })).statusCode).toBe(201);
    expect((await post({ status: 'Contact', email: 'ada@example.com', message: 'Second question' })).statusCode).toBe(201);
    const rows = await storedRows();
    expect(rows.map((row) => [row.status, row.message])).toEqual([
      ['Waitlist', ''],
      ['Contact', 'First question'],
      ['Contact', 'Second question'],
    ]);
  });

  it.each([
    ['an empty email', { status: 'Waitlist', email: '', message: '' }, 'email', WAITLIST_MESSAGES.emailRequired],
    ['a blank email', { status: 'Waitlist', email: '   ', message: '' }, 'email', WAITLIST_MESSAGES.emailRequired],
    ['no email', { status: 'Waitlist', message: '' }, 'email', WAITLIST_MESSAGES.emailRequired],
    ['an address without a dot', { status: 'Waitlist', email: 'ada@example' }, 'email', WAITLIST_MESSAGES.emailInvalid],
    ['a one-letter top-level part', { status: 'Waitlist', email: 'ada@example.c' }, 'email', WAITLIST_MESSAGES.emailInvalid],
    ['an address with a space', { status: 'Waitlist', email: 'ada lovelace@example.com' }, 'email', WAITLIST_MESSAGES.emailInvalid],
  ])('refuses %s with the spec message', async (_name, body, field, message) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ payload: { message, errors: { [field]: message } } });
    expect(await storedRows()).toHaveLength(0);
  });

  it.each([
    ['an unknown field', { status: 'Waitlist', email: 'ada@example.com', admin: true }, 'admin'],
    ['a number for the email', { status: 'Waitlist', email: 42 }, 'email'],
    ['a status outside Waitlist and Contact', { status: 'VIP', email: 'ada@example.com' }, 'status'],
    ['no status', { email: 'ada@example.com' }, 'status'],
    ['a number for the message', { status: 'Contact', email: 'ada@example.com', message: 7 }, 'message'],
    ['a null message', { status: 'Contact', email: 'ada@example.com', message: null }, 'message'],
    ['a message over 5,000 characters', { status: 'Contact', email: 'ada@example.com', message: 'x'.repeat(5001) }, 'message'],
    ['a message with a NUL character', { status: 'Contact', email: 'ada@example.com', message: 'before\u0000after' }, 'message'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const { payload } = response.json();
    expect(payload.errors).toHaveProperty(field);
    expect(payload.message).toBe(payload.errors[field]);
    expect(await storedRows()).toHaveLength(0);
  });

  it.each([
    ['quotes, commas, braces and backslashes', 'He said "hi", {curly} \\ back\\slash'],
    ['the word NULL', 'NULL'],
    ['line breaks and emoji', 'Line one\r\nLine two 🎉 — ünïcödé'],
  ])('stores a message with %s exactly as sent', async (_name, message) => {
    const response = await post({ status: 'Contact', email: 'ada@example.com', message });
    expect(response.statusCode).toBe(201);
    expect((await storedRows())[0]?.message).toBe(message);
  });

  it('says what is wrong with a NUL character, and stores the submissions sent with it', async () => {
    const bodies = [
      { status: 'Contact', email: 'first@example.com', message: 'fine' },
      { status: 'Contact', email: 'nul@example.com', message: 'bad\u0000byte' },
      { status: 'Waitlist', email: 'second@example.com' },
    ];
    const responses = await Promise.all(bodies.map((body, index) => post(body, { remoteAddress: `192.0.2.${100 + index}` })));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 400, 201]);
    expect(responses[1]!.json().payload.errors).toEqual({ message: GENERIC_MESSAGES.nulCharacter });
    expect((await storedRows()).map((row) => row.email).sort()).toEqual(['first@example.com', 'second@example.com']);
  });

  it('accepts a message of exactly 5,000 characters', async () => {
    const response = await post({ status: 'Contact', email: 'ada@example.com', message: 'é'.repeat(5000) });
    expect(response.statusCode).toBe(201);
    expect((await storedRows())[0]?.message).toHaveLength(5000);
  });

  it('refuses a body that is not JSON, or not an object, with 400', async () => {
    const broken = await post('{"status": "Waitlist", ', { headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().payload.message).toEqual(expect.any(String));
    const list = await post('["ada@example.com"]', { headers: { 'content-type': 'application/json' } });
    expect(list.statusCode).toBe(400);
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const body = JSON.stringify({ status: 'Contact', email: 'ada@example.com', message: 'x'.repeat(70 * 1024) });
    const response = await post(body, { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ payload: { message: expect.any(String) } });
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 429 after 20 submissions a minute from one client, and serves other clients', async () => {
    for (let index = 0; index < 20; index += 1) {
      const response = await post({ status: 'Contact', email: `reader${index}@example.com`, message: 'hello' });
      expect(response.statusCode).toBe(201);
    }
    const limited = await post({ status: 'Contact', email: 'reader21@example.com', message: 'hello' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().payload.message).toEqual(expect.any(String));

    const other = await post({ status: 'Contact', email: 'other@example.com', message: 'hi' }, { remoteAddress: '198.51.100.7' });
    expect(other.statusCode).toBe(201);
    expect(await storedRows()).toHaveLength(21);
  });

  it('answers concurrent submissions one by one: one 201 per new address, 200 for its repeats', async () => {
    const bodies = [
      ...Array.from({ length: 5 }, () => ({ status: 'Waitlist', email: 'same@example.com' })),
      ...Array.from({ length: 5 }, (_, index) => ({ status: 'Waitlist', email: `distinct${index}@example.com` })),
      ...Array.from({ length: 5 }, (_, index) => ({ status: 'Contact', email: 'same@example.com', message: `note ${index}` })),
    ];
    const responses = await Promise.all(bodies.map((body, index) => post(body, { remoteAddress: `192.0.2.${index + 1}` })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.slice(0, 5).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(statuses.slice(5)).toEqual(Array(10).fill(201));
    const rows = await storedRows();
    expect(rows.filter((row) => row.status === 'Waitlist').map((row) => row.email).sort()).toEqual([
      'distinct0@example.com',
      'distinct1@example.com',
      'distinct2@example.com',
      'distinct3@example.com',
      'distinct4@example.com',
      'same@example.com',
    ]);
    expect(rows.filter((row) => row.status === 'Contact').map((row) => row.message).sort()).toEqual([
      'note 0',
      'note 1',
      'note 2',
      'note 3',
      'note 4',
    ]);
  });

  it('answers with or without the trailing slash', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/landing/v1/waitlist',
      remoteAddress,
      payload: { status: 'Waitlist', email: 'slash@example.com' },
    });
    expect(response.statusCode).toBe(201);
  });
});
