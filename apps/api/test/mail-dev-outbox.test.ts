import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { devOutbox } from '../src/db/schema/mail';
import { startJobs } from '../src/jobs/start-jobs';
import { buildTestApp, type TestApp } from './helper';
import { eventually } from './support/eventually';
import { openTestDatabase } from './test-database';

const APP_URL = 'http://localhost:3000';
const signupLink = (email: string, token: string) => `${APP_URL}/signup?token=${token}&email=${encodeURIComponent(email)}`;

interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ APP_URL });
});
afterAll(async () => {
  await testApp?.close();
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

async function mailboxFor(to: string, count = 1): Promise<MailboxEntry[]> {
  return eventually(
    async () => {
      const entries = (await get(`/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`)).json<MailboxEntry[]>();
      return entries.length >= count ? entries : undefined;
    },
    { what: `${count} message(s) to ${to} in the dev outbox` },
  );
}

describe('the dev outbox (no SMTP_URL)', () => {
  it('keeps each message and lists it as JSON, newest first, filtered by recipient in any case', async () => {
    await testApp.mail.enqueue({ template: 'signup-verification', to: 'dev.reader@example.com', link: signupLink('dev.reader@example.com', 'first') });
    await mailboxFor('dev.reader@example.com', 1);
    await testApp.mail.enqueue({ template: 'signup-verification', to: 'dev.reader@example.com', link: signupLink('dev.reader@example.com', 'second') });
    await testApp.mail.enqueue({ template: 'password-changed', to: 'someone.else@example.com', firstName: 'Else' });

    const response = await get('/dev/mailbox/messages.json?to=DEV.Reader@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const entries = await mailboxFor('dev.reader@example.com', 2);
    expect(entries).toHaveLength(2);
    const [newest, oldest] = entries;
    expect(Object.keys(newest ?? {}).sort()).toEqual(['created_at', 'from', 'html', 'id', 'subject', 'text', 'to']);
    expect(newest).toMatchObject({ to: 'dev.reader@example.com', subject: 'Verify your email to finish signing up for Postlark' });
    expect(newest?.text).toContain(signupLink('dev.reader@example.com', 'second'));
    expect(newest?.html).toContain(signupLink('dev.reader@example.com', 'second').replaceAll('&', '&amp;'));
    expect(oldest?.text).toContain(signupLink('dev.reader@example.com', 'first'));
    expect(Date.parse(newest?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(oldest?.created_at ?? ''));

    await mailboxFor('someone.else@example.com');
    const all = (await get('/dev/mailbox/messages.json')).json<MailboxEntry[]>();
    expect(all.map((entry) => entry.to)).toEqual(['someone.else@example.com', 'dev.reader@example.com', 'dev.reader@example.com']);
    expect((await get('/dev/mailbox/messages.json?to=nobody@example.com')).json()).toEqual([]);

    const [stored] = await testApp.database.db.select().from(devOutbox).limit(1);
    expect(stored?.from).toBe('Postlark <no-reply@postlark.local>');
  });

  it('shows the list at /dev/mailbox with time, recipient and a link to each message', async () => {
    await testApp.mail.enqueue({ template: 'password-reset', to: 'list@example.com', link: `${APP_URL}/forget-password?token=t&email=list%40example.com` });
    const [entry] = await mailboxFor('list@example.com');

    const page = await get('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('list@example.com');
    expect(page.body).toContain(`<a href="/dev/mailbox/${entry?.id}">Reset your Postlark password</a>`);
    expect(page.body).toContain(`datetime="${entry?.created_at}"`);
    expect((await get('/dev/mailbox/')).statusCode).toBe(200);
  });

  it("shows a message's own HTML as the page, links working, under a bar back to the list", async () => {
    const link = signupLink('page@example.com', 'pagetoken');
    await testApp.mail.enqueue({ template: 'signup-verification', to: 'page@example.com', link });
    const [entry] = await mailboxFor('page@example.com');

    const page = await get(`/dev/mailbox/${entry?.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(page.body).toMatch(/<body[^>]*><div[^>]*>\s*<a href="\/dev\/mailbox"[^>]*>&larr; All messages<\/a>/);

    const text = await get(`/dev/mailbox/${entry?.id}.txt`);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toContain(link);
  });

  it('answers 404 for an unknown or malformed message id', async () => {
    for (const url of ['/dev/mailbox/999999', '/dev/mailbox/999999.txt', '/dev/mailbox/abc', '/dev/mailbox/1.html', '/dev/mailbox/-1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("escapes what it lists: a recipient's or subject's markup is shown, not run", async () => {
    const [id] = await testApp.database.db
      .insert(devOutbox)
      .values({ to: '<script>x</script>@example.com', from: 'f', subject: '<img src=x onerror=alert(1)>', html: '<p>x</p>', text: 'x' })
      .returning({ id: devOutbox.id });
    const page = await get('/dev/mailbox');
    expect(page.body).not.toContain('<script>x</script>');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    const message = await get(`/dev/mailbox/${id?.id}`);
    expect(message.body).not.toContain('<img src=x');
  });

  it('logs the recipient and the subject of each message it keeps, never its link or token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // A queue of its own, on its own database, with a logger we can read: the app's is silent.
    const database = await openTestDatabase();
    const jobs = await startJobs({
      config: loadConfig({ APP_URL, ...(database.url ? { DATABASE_URL: database.url } : {}) }),
      database,
      log: pino({ level: 'trace' }, sink),
      tuning: { pollingIntervalMs: 100 },
    });
    try {
      const link = signupLink('logged@example.com', 'logtoken');
      await jobs.mail.enqueue({ template: 'signup-verification', to: 'logged@example.com', link });
      const raw = await eventually(() => lines.find((entry) => entry.includes('logged@example.com')), { what: 'the dev outbox log line' });
      const line = JSON.parse(raw) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, to: 'logged@example.com', subject: 'Verify your email to finish signing up for Postlark' });
      expect(line.mailbox).toMatch(/^\/dev\/mailbox\/\d+$/);
      expect(lines.join('')).not.toContain('logtoken');
      expect(lines.join('')).not.toContain(`${APP_URL}/signup`);
    } finally {
      await jobs.stop();
      await database.close();
    }
  });
});

describe('who may read the dev outbox', () => {
  const from = (remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, remoteAddress, headers });
  const urls = (id: number | undefined) => ['/dev/mailbox', '/dev/mailbox/', `/dev/mailbox/${id}`, `/dev/mailbox/${id}.txt`, '/dev/mailbox/messages.json', '/dev/mailbox/messages.json?to=victim@example.com'];

  it('answers only clients on this machine, judged by the connection, never by a forwarded address', async () => {
    await testApp.mail.enqueue({ template: 'password-reset', to: 'victim@example.com', link: `${APP_URL}/forget-password?token=secret-reset&email=victim%40example.com` });
    const [entry] = await mailboxFor('victim@example.com');
    const unknownPath = await from('203.0.113.9', '/dev/nothing-here');

    for (const client of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      for (const url of urls(entry?.id)) expect((await from(client, url)).statusCode, `${client} ${url}`).toBe(200);
    }
    for (const client of ['203.0.113.9', '10.0.0.2', '::ffff:203.0.113.9', '2001:db8::1', '::127.0.0.1', '0.0.0.0']) {
      for (const url of urls(entry?.id)) {
        const response = await from(client, url);
        expect(response.statusCode, `${client} ${url}`).toBe(404);
        expect(response.body).not.toContain('secret-reset');
        expect(response.body).toBe(unknownPath.body);
        // Not even its headers tell that it is there.
        for (const header of ['content-type', 'referrer-policy', 'cache-control', 'content-security-policy']) {
          expect(response.headers[header], `${client} ${url} ${header}`).toBe(unknownPath.headers[header]);
        }
      }
    }
    // A proxy on this machine relays other people's requests: a forwarded request is never local.
    const forwarded: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { via: '1.1 proxy' }];
    for (const headers of forwarded) {
      const response = await from('127.0.0.1', '/dev/mailbox/messages.json?to=victim@example.com', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.body).not.toContain('secret-reset');
    }
  });
});
