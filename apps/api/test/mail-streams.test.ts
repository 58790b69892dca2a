import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { rawQuery } from '../src/db/client';
import { startFlowEngineFor } from '../src/modules/automations/start-flow-engine';
import { startCampaignSending } from '../src/modules/campaigns/start-campaign-sending';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft } from './support/campaigns';
import { emailStep, flowCustomer, personEmail } from './support/flows';
import { freeSmtpPort, startTestSmtpServer, type TestSmtpServer } from './support/smtp-server';

// Two streams, two relays: with MARKETING_SMTP_URL set, campaigns and automation emails go there
// with MARKETING_SMTP_HEADERS, account mail through SMTP_URL with SMTP_HEADERS, each started the
// way the server and `npm run start:worker` start them.

const marketingPort = await freeSmtpPort();
const accounts = useAccountsApp({
  API_REQUESTS_PER_MINUTE: '1000',
  MARKETING_SMTP_URL: `smtp://127.0.0.1:${marketingPort}`,
  SMTP_HEADERS: JSON.stringify({ 'X-PM-Message-Stream': 'outbound' }),
  MARKETING_SMTP_HEADERS: JSON.stringify({ 'X-PM-Message-Stream': 'broadcast', 'X-Campaign-Stream': 'news letters' }),
});
let marketing: TestSmtpServer;
beforeAll(async () => {
  marketing = await startTestSmtpServer({ port: marketingPort });
});
afterAll(async () => {
  await marketing.stop();
});

const log = pino({ level: 'silent' });
// The header block with folded lines joined, as a receiver reads it.
const unfolded = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n') + 2).replace(/\r\n[ \t]+/g, ' ');
const header = (message: { headers: Map<string, unknown> }, name: string) => message.headers.get(name.toLowerCase());

describe('mail streams', () => {
  it('sends a campaign through the marketing relay and account mail through the other, each with its headers', async () => {
    const audience = await customerWithAudience(accounts);
    // Account mail so far (the sign-up link, the sender confirmation) went through SMTP_URL.
    const accountMail = accounts.smtp.messages.at(-1)!;
    expect(header(accountMail, 'X-PM-Message-Stream')).toBe('outbound');
    expect(header(accountMail, 'X-Campaign-Stream')).toBeUndefined();
    expect(marketing.messages).toHaveLength(0);

    const campaign = (await accounts.call('POST', CAMPAIGNS, audience.customer.cookie, draft(audience.list))).json().payload.campaign as { id: string };
    expect((await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, audience.customer.cookie)).statusCode).toBe(200);
    const sender = await startCampaignSending({ config: accounts.config, db: accounts.database.db, mail: accounts.mail, now: accounts.now, log });
    try {
      const message = await marketing.waitForMessage(audience.ada);
      await marketing.waitForMessage(audience.nameless);
      expect(message.subject).toBe('Hello Ada');
      expect(header(message, 'X-PM-Message-Stream')).toBe('broadcast');
      expect(header(message, 'X-Campaign-Stream')).toBe('news letters');
      const head = unfolded(message.raw);
      expect(head).toMatch(/^List-Id: "November news" <[0-9a-f.]+\.list-id\.localhost>\r$/m);
      expect(head).toMatch(/^Feedback-ID: [0-9a-f]+:[0-9a-f]+:campaign:postlark\r$/m);
      expect(head).toMatch(/^X-Postlark-Delivery: [0-9a-f]{32}@localhost\.[0-9a-f]{24}\r$/m);
    } finally {
      await sender.stop();
    }
    expect(accounts.smtp.messagesTo(audience.ada)).toHaveLength(0);

    // The marketing relay's budget row, named by its host and port (and user: relay-budget.test.ts).
    const relays = (await rawQuery<{ relay: string }>(accounts.database.db, 'select relay from relay_budgets', [])).map((row) => row.relay);
    expect(relays).toEqual([`smtp://127.0.0.1:${marketingPort}`]);
  });

  it('sends automation emails through the marketing relay, drawing from the same budget', async () => {
    const customer = await flowCustomer(accounts);
    const ada = personEmail('ada');
    await customer.subscriber(ada, { first_name: 'Ada' });
    await customer.activeFlow('Welcome', { trigger: { type: 'event', event: 'signed_up', filters: [] }, start: 'one', steps: [emailStep('one')] });
    await customer.events([{ name: 'signed_up', email: ada, id: 'welcome-1', properties: {} }]);
    const engine = await startFlowEngineFor({ config: accounts.config, db: accounts.database.db, now: accounts.now, log });
    try {
      const message = await marketing.waitForMessage(ada);
      expect(message.subject).toBe('Step one for Ada');
      expect(header(message, 'X-PM-Message-Stream')).toBe('broadcast');
      expect(unfolded(message.raw)).toMatch(/^Feedback-ID: [0-9a-f]+:[0-9a-f]+:automation:postlark\r$/m);
    } finally {
      await engine.stop();
    }
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(0);
    const relays = await rawQuery<{ relay: string }>(accounts.database.db, 'select relay from relay_budgets', []);
    expect(relays).toHaveLength(1);
  });

  it('refuses stream headers that are not one-line headers of the relay’s own', () => {
    const problem = (settings: Record<string, string>) => {
      try {
        loadConfig({ SMTP_URL: 'smtp://relay.example:587', ...settings });
        return undefined;
      } catch (error) {
        return error instanceof ConfigError ? error.problems.join('\n') : String(error);
      }
    };
    expect(problem({ MARKETING_SMTP_HEADERS: '{"X-PM-Message-Stream":"broadcast"}' })).toBeUndefined();
    expect(problem({ SMTP_HEADERS: 'X-PM-Message-Stream: broadcast' })).toMatch(/^SMTP_HEADERS: must be a JSON object of up to 10 header names/);
    expect(problem({ SMTP_HEADERS: '{"Bad Name":"x"}' })).toMatch(/"Bad Name" is not a header name/);
    expect(problem({ SMTP_HEADERS: '{"X-Tag":"a\\r\\nBcc: someone@example.com"}' })).toMatch(/the value of X-Tag must be one line/);
    expect(problem({ MARKETING_SMTP_HEADERS: '{"List-Id":"<mine.example>"}' })).toMatch(/List-Id is written by the platform itself/);
    expect(problem({ SMTP_HEADERS: JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_unused, index) => [`X-H${index}`, 'v']))) })).toMatch(/up to 10/);
    expect(problem({ SMTP_URL: '', MARKETING_SMTP_URL: 'smtp://relay.example:587' })).toMatch(/^SMTP_URL: must be set with MARKETING_SMTP_URL/);
  });
});
