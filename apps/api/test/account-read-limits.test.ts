import type { InsightsRefresh } from '@postlark/shared/insights';
import { REQUEST_LIMIT_MESSAGES, waitInWords } from '@postlark/shared/request-limits';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';

// Issue 31, point 13: the reads that cost the server most are limited per account (a loop gets a
// 429 saying so, with Retry-After, and other accounts go on), and "Refresh now" on the Insights
// page waits out a cool-down after the last one.

const LIMIT = 3;
const COOLDOWN_SECONDS = 300;
const accounts = useAccountsApp({
  SEARCHES_PER_MINUTE: String(LIMIT),
  HOME_OVERVIEWS_PER_MINUTE: String(LIMIT),
  CAMPAIGN_PREVIEWS_PER_MINUTE: String(LIMIT),
  PLATFORM_AUDIENCE_READS_PER_MINUTE: String(LIMIT),
  INSIGHTS_SUMMARIES_PER_MINUTE: String(LIMIT),
  ATTRIBUTE_KEY_READS_PER_MINUTE: String(LIMIT),
  INSIGHTS_REFRESH_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
});

type Method = 'GET' | 'POST';
const PREVIEW = { subject: 'Hello', preheader: '', content_html: '<p>Hi {{ first_name }}</p>', content_text: null };
// Each read, the status it answers within the limit, and the message past it.
const READS: { what: string; method: Method; url: string; body?: object; ok: number; message: (seconds: number) => string }[] = [
  { what: 'search', method: 'GET', url: 'home/v1/search?q=news', ok: 200, message: REQUEST_LIMIT_MESSAGES.search },
  { what: 'Home’s overview', method: 'GET', url: 'home/v1/overview', ok: 200, message: REQUEST_LIMIT_MESSAGES.homeOverview },
  { what: 'the campaign preview', method: 'POST', url: 'campaigns/v1/preview', body: PREVIEW, ok: 200, message: REQUEST_LIMIT_MESSAGES.campaignPreview },
  // Counted before the connection is looked up: an unknown one is a 404, and still a call.
  { what: 'a platform’s audiences', method: 'GET', url: 'home/v1/integrations/3f0c2b1e-8d4a-4c55-9e0f-1a2b3c4d5e6f/audiences', ok: 404, message: REQUEST_LIMIT_MESSAGES.platformAudiences },
  { what: 'the insights summary', method: 'GET', url: 'insights/v1/summary', ok: 200, message: REQUEST_LIMIT_MESSAGES.insightsSummary },
  { what: 'the subscribers’ attribute keys', method: 'GET', url: 'audience/v1/subscribers/attribute-keys', ok: 200, message: REQUEST_LIMIT_MESSAGES.attributeKeys },
];

describe('expensive reads', () => {
  for (const read of READS) {
    it(`limit ${read.what} per account: past the limit a 429 with its message and Retry-After, other accounts unaffected`, async () => {
      const [mine, theirs] = [await accounts.signedInCustomer(), await accounts.signedInCustomer()];
      const ask = (cookie: string) => accounts.call(read.method, read.url, cookie, read.body);
      for (let index = 0; index < LIMIT; index += 1) expect((await ask(mine.cookie)).statusCode).toBe(read.ok);

      const refused = await ask(mine.cookie);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json().payload.message).toBe(read.message(retryAfter));

      expect((await ask(theirs.cookie)).statusCode).toBe(read.ok);
      // Signed out is still a 401, not a count.
      expect((await accounts.call(read.method, read.url, undefined, read.body)).statusCode).toBe(401);

      accounts.advance(60_000);
      expect((await ask(mine.cookie)).statusCode).toBe(read.ok);
    });
  }
});

describe('Refresh now on the Insights page', () => {
  it('waits out a cool-down after the last refresh: a 429 saying when, then a refresh again', async () => {
    const customer = await accounts.signedInCustomer();
    const started = await accounts.call('POST', 'insights/v1/refreshes', customer.cookie);
    expect(started.statusCode).toBe(202);
    const { id } = started.json().payload as InsightsRefresh;
    await eventually(async () => ((await accounts.call('GET', `insights/v1/refreshes/${id}`, customer.cookie)).json().payload.status === 'done' ? true : undefined), { what: 'the refresh' });

    accounts.advance(60_000);
    const refused = await accounts.call('POST', 'insights/v1/refreshes', customer.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(COOLDOWN_SECONDS - 60));
    expect(refused.json().payload.message).toBe(REQUEST_LIMIT_MESSAGES.insightsRefresh(COOLDOWN_SECONDS - 60));
    expect(refused.json().payload.message).toContain(waitInWords(240));
    expect(waitInWords(240)).toBe('4 minutes');

    accounts.advance((COOLDOWN_SECONDS - 60) * 1000);
    expect((await accounts.call('POST', 'insights/v1/refreshes', customer.cookie)).statusCode).toBe(202);
  });
});
