import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from '../helper';
import { APP_URL, customerDetails, linkIn, login, requestLink, sessionCookie, signup, STRONG_PASSWORD, ticketCookie, verify } from './accounts';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server';

/**
 * The app for one account test file: a test SMTP server receiving its mail, and a clock the tests
 * move forward, with any further settings. Registers its own beforeAll/afterAll.
 */
export function useAccountsApp(
  settings: Record<string, string> = {},
  smtpOptions: Parameters<typeof startTestSmtpServer>[0] = {},
  appOptions: Pick<TestAppOptions, 'dns' | 'logStream'> & { startAt?: Date } = {},
) {
  let smtp: TestSmtpServer | undefined;
  let testApp: TestApp | undefined;
  // A fixed start keeps dates in assertions stable; a test that shares the database with another
  // process on the real clock (a spawned worker's housekeeping) starts at the real time instead.
  let clock = appOptions.startAt ?? new Date('2026-06-01T10:00:00Z');
  let addressNumber = 0;
  // The sign-up ticket cookie each verified address's browser got, by address.
  const tickets = new Map<string, string>();
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('useAccountsApp: used before beforeAll ran');
    return value;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer(smtpOptions);
    // Many sign-ups come from one test client: the per-client email-send limit has its own test.
    testApp = await buildTestApp({ SMTP_URL: smtp.url, APP_URL, EMAIL_SEND_LIMIT_PER_MINUTE: '1000', ...settings }, { now: () => clock, dns: appOptions.dns, logStream: appOptions.logStream });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  const harness = {
    get app() {
      return started(testApp).app;
    },
    get database() {
      return started(testApp).database;
    },
    get config() {
      return started(testApp).config;
    },
    get smtp() {
      return started(smtp);
    },
    /** The app's mail queue (what the routes enqueue goes through its workers to the test SMTP server). */
    get mail() {
      return started(testApp).mail;
    },
    now: () => clock,
    /** One call to `/api/{url}`, signed in when given the session's Cookie header. */
    call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) {
      return harness.app.inject({ method, url: `/api/${url}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    },
    advance(milliseconds: number) {
      clock = new Date(clock.getTime() + milliseconds);
    },
    /**
     * Moves the clock forward a day at a time, the customer using these sessions each day: a
     * session left unused for SESSION_IDLE_DAYS (7) would end on the way.
     */
    async advanceInUse(milliseconds: number, ...cookies: string[]) {
      const day = 24 * 60 * 60 * 1000;
      for (let left = milliseconds; left > 0; left -= day) {
        clock = new Date(clock.getTime() + Math.min(day, left));
        for (const cookie of cookies) await harness.call('GET', 'authentication/v1/session', cookie);
      }
    },
    /** A fresh address whose sign-up link has been opened. */
    async verifiedAddress(): Promise<string> {
      addressNumber += 1;
      const email = `reader${addressNumber}@example.com`;
      await requestLink(harness.app, email, 'sign-up');
      const token = linkIn((await harness.smtp.waitForMessage(email)).text, '/signup').searchParams.get('token') ?? '';
      const verified = await verify(harness.app, email, token);
      expect(verified.statusCode).toBe(200);
      tickets.set(email, ticketCookie(verified.headers['set-cookie']));
      return email;
    },
    /** The Cookie header of the browser that verified the address (its sign-up ticket). */
    ticketOf(email: string): string {
      const ticket = tickets.get(email.toLowerCase());
      if (!ticket) throw new Error(`no sign-up ticket for ${email}`);
      return ticket;
    },
    /** A customer with an account, through the real sign-up flow. */
    async newCustomer(): Promise<string> {
      const email = await harness.verifiedAddress();
      expect((await signup(harness.app, customerDetails(email), harness.ticketOf(email))).statusCode).toBe(201);
      return email;
    },
    /** A new customer, signed in: their id and the Cookie header of their session. */
    async signedInCustomer(): Promise<{ email: string; customerId: string; cookie: string }> {
      const email = await harness.newCustomer();
      const response = await login(harness.app, email, STRONG_PASSWORD);
      expect(response.statusCode).toBe(200);
      return { email, customerId: response.json().payload.customer_id, cookie: sessionCookie(response.headers['set-cookie']) };
    },
  };
  return harness;
}
