import { request as httpRequest } from 'node:http';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { describe, expect, it } from 'vitest';
import { AI, outcome, streamEvents, useFakeProvider } from './support/ai';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft } from './support/campaigns';
import { eventually } from './support/eventually';
import { SUGGESTIONS_ANSWER_CHARS } from '../src/modules/ai/prompts';
import { FAKE_PREHEADERS, FAKE_SUBJECTS } from './support/fakes/openai-compatible';

// The editor's generations on the server's default provider (a fake OpenAI-compatible server):
// what each task sends and what comes back, streamed; the provider's failures as clear messages
// with nothing to apply; a free attempt given back only when the provider failed before any text was sent.

const settings: Record<string, string> = { AI_GENERATIONS_PER_MINUTE: '1000' };
const fake = useFakeProvider(settings, { serverDefault: true });
const accounts = useAccountsApp(settings);
const { call } = accounts;

const lastPrompt = () => fake().requests.at(-1)!.body!.messages!.map((message) => message.content).join('\n');
const attemptsLeft = async (cookie: string) => (await call('GET', AI.provider, cookie)).json().payload.free_attempts_left as number;

describe('generating on the server’s default provider', () => {
  it('suggests 5 subject lines from the campaign’s own text, streamed, and sends no subscriber’s data', async () => {
    const { customer, list, ada, nameless, gone } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { content_html: '<h1>Spring collection</h1><p>Linen shirts are back, {{ first_name | default: "friend" }}.</p>' }))).json().payload.campaign.id;
    expect((await call('GET', AI.provider, customer.cookie)).json().payload).toEqual({ provider: null, server_default: true, free_attempts_left: 3 });

    const response = await call('POST', AI.generate, customer.cookie, { task: 'subjects', campaign_id: campaign });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = streamEvents(response.body);
    const deltas = events.flatMap((event) => ('delta' in event ? [event.delta] : []));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(FAKE_SUBJECTS.map((line, index) => `${index + 1}. ${line}`).join('\n'));
    expect(events.at(-1)).toEqual({ done: true, text: FAKE_SUBJECTS.join('\n'), suggestions: FAKE_SUBJECTS, free_attempts_left: 2 });

    const request = fake().requests.at(-1)!;
    expect(request.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(request.headers.authorization).toBe(`Bearer ${fake().apiKey}`);
    const prompt = lastPrompt();
    expect(prompt).toContain('Suggest 5 subject lines');
    expect(prompt).toContain('Subject line: Hello {{ first_name | default: "there" }}');
    expect(prompt).toContain('Preheader: What is new this month');
    expect(prompt).toContain('Linen shirts are back, {{ first_name | default: "friend" }}.');
    expect(prompt).toContain('Sent to: Weekly');
    // The people on the list: not one address or name reaches the provider.
    for (const personal of [ada, nameless, gone, 'Ada', 'Gone', customer.email]) expect(request.raw).not.toContain(personal);
    expect(await attemptsLeft(customer.cookie)).toBe(2);
  });

  it('suggests preheaders, rewrites a selection in a style, and drafts from a brief as the editor’s HTML', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const preheaders = outcome((await call('POST', AI.generate, cookie, { task: 'preheaders', subject: 'Spring sale', content_html: '<p>Everything 20% off.</p>' })).body);
    expect(preheaders).toMatchObject({ done: true, suggestions: FAKE_PREHEADERS });
    expect(lastPrompt()).toContain('Suggest 5 preheaders');
    expect(lastPrompt()).toContain('Everything 20% off.');

    fake().script({ kind: 'answer', text: '"Dear customers, our spring collection has arrived."' });
    const rewrite = outcome((await call('POST', AI.generate, cookie, { task: 'rewrite', selection: 'hey folks, new stuff is in!!', style: 'formal' })).body);
    expect(rewrite).toMatchObject({ done: true, text: 'Dear customers, our spring collection has arrived.' });
    expect(rewrite).not.toHaveProperty('suggestions');
    expect(lastPrompt()).toContain('Make it more formal and professional.');
    expect(lastPrompt()).toContain('hey folks, new stuff is in!!');

    fake().script({ kind: 'answer', text: '```html\n<h2 style="color:red">Spring</h2><p onclick="steal()">New <a href="javascript:alert(1)">linen</a> <a href="https://shop.example/linen">shirts</a>.</p><script>alert(1)</script>\n```' });
    const drafted = outcome((await call('POST', AI.generate, cookie, { task: 'draft', brief: 'Announce the spring linen collection, friendly tone.' })).body);
    expect(drafted).toMatchObject({ done: true, text: '<h2>Spring</h2><p>New linen <a href="https://shop.example/linen">shirts</a>.</p>', free_attempts_left: 0 });
    expect(lastPrompt()).toContain('Brief: Announce the spring linen collection, friendly tone.');
  });

  it('suggests an image’s alt text from the text around it and a file name that says something, as one line that fits the library', async () => {
    const { cookie } = await accounts.signedInCustomer();
    fake().script({ kind: 'answer', text: 'Alt text: "Three linen shirts drying on a line in the sun"' });
    const around = 'New this week.\nLinen shirts are back, in sand, sky and olive.';
    const suggested = outcome((await call('POST', AI.generate, cookie, { task: 'alt', selection: around, image_name: 'spring-linen_shirts.jpg' })).body);
    expect(suggested).toMatchObject({ done: true, text: 'Three linen shirts drying on a line in the sun' });
    expect(lastPrompt()).toContain('Write the alt text for an image');
    expect(lastPrompt()).toContain('File name: spring linen shirts');
    expect(lastPrompt()).toContain('Linen shirts are back, in sand, sky and olive.');

    // A camera's file name says nothing of the picture; a rambling answer is cut at a word.
    const rambling = 'A very long description '.repeat(20);
    fake().script({ kind: 'answer', text: `Here is a suggestion:\n${rambling}` });
    const long = outcome((await call('POST', AI.generate, cookie, { task: 'alt', selection: around, image_name: 'IMG_2041.JPG' })).body);
    expect(lastPrompt()).not.toContain('File name');
    const text = 'text' in long ? long.text : '';
    expect(text.length).toBeGreaterThan(250);
    expect(text.length).toBeLessThanOrEqual(300);
    expect(rambling.startsWith(`${text} `), text).toBe(true);
  });

  it('reads suggestions however the model lists them', async () => {
    const { cookie } = await accounts.signedInCustomer();
    fake().script({ kind: 'answer', text: 'Here are five subject lines:\n\n- **"Spring is here"**\n- Spring is here\n* New in: linen\n• 20% off this week\n2) Your weekend plans\nOption 5: Last call\n6. One too many' });
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({
      suggestions: ['Spring is here', 'New in: linen', '20% off this week', 'Your weekend plans', 'Last call'],
    });
    fake().script({ kind: 'answer', text: '["One", "Two", "Three", "Four", "Five"]' });
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'preheaders', subject: 'Spring' })).body)).toMatchObject({ suggestions: ['One', 'Two', 'Three', 'Four', 'Five'] });
  });

  it('refuses what it cannot work from before asking the provider', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const before = fake().requests.length;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ task: 'rewrite', selection: '  ', style: 'shorter' }, 400, AI_MESSAGES.selectionRequired],
      [{ task: 'draft', brief: '' }, 400, AI_MESSAGES.briefRequired],
      [{ task: 'subjects' }, 400, AI_MESSAGES.contentRequired],
      [{ task: 'alt', selection: ' ' }, 400, AI_MESSAGES.altContextRequired],
      [{ task: 'alt', selection: 'Spring', image_name: 'x'.repeat(201) }, 400, AI_MESSAGES.tooLong(200)],
      [{ task: 'poem' }, 400, AI_MESSAGES.taskInvalid],
      [{ task: 'rewrite', selection: 'x', style: 'louder' }, 400, AI_MESSAGES.styleInvalid],
      [{ task: 'draft', brief: 'b'.repeat(2001) }, 400, AI_MESSAGES.tooLong(2000)],
      [{ task: 'subjects', campaign_id: 'not-a-campaign' }, 404, AI_MESSAGES.campaignNotFound],
      [{ task: 'subjects', campaign_id: '00000000-0000-4000-8000-000000000000' }, 404, AI_MESSAGES.campaignNotFound],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('POST', AI.generate, cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().payload.message).toBe(message);
    }
    // Another account's campaign is not one of yours.
    const other = await customerWithAudience(accounts);
    const theirs = (await call('POST', CAMPAIGNS, other.customer.cookie, draft(other.list))).json().payload.campaign.id;
    expect((await call('POST', AI.generate, cookie, { task: 'subjects', campaign_id: theirs })).statusCode).toBe(404);
    expect(fake().requests.length).toBe(before);
    expect(await attemptsLeft(cookie)).toBe(3);
  });

  it('tries a 429 again after the provider’s retry-after, and a 5xx after a backoff', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const before = fake().requests.length;
    fake().script({ kind: 'rate-limited', retryAfterSeconds: 0.05 }, { kind: 'error', status: 503, message: 'overloaded' });
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({ done: true, suggestions: FAKE_SUBJECTS, free_attempts_left: 2 });
    expect(fake().requests.length - before).toBe(3);
  });

  it('gives up at once on a provider that asks to wait longer than AI_RETRY_MAX_SECONDS, and counts nothing', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const before = fake().requests.length;
    fake().script({ kind: 'rate-limited', retryAfterSeconds: 60 });
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toEqual({ error: AI_MESSAGES.rateLimited });
    expect(fake().requests.length - before).toBe(1);
    expect(await attemptsLeft(cookie)).toBe(3);
  });

  it('gives a clear message, nothing to apply and the attempt back for a slow, a cut, or a garbage answer', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const cases: Array<[Parameters<ReturnType<typeof fake>['script']>[0], string, Record<string, unknown>]> = [
      [{ kind: 'slow', delayMs: 3000 }, AI_MESSAGES.timeout, { task: 'subjects', subject: 'Spring' }],
      [{ kind: 'garbage' }, AI_MESSAGES.garbage, { task: 'subjects', subject: 'Spring' }],
      [{ kind: 'wrong-shape' }, AI_MESSAGES.garbage, { task: 'draft', brief: 'Spring' }],
      [{ kind: 'error', status: 400, message: 'context length exceeded' }, AI_MESSAGES.providerError, { task: 'subjects', subject: 'Spring' }],
    ];
    for (const [behaviour, message, body] of cases) {
      fake().script(behaviour);
      const events = streamEvents((await call('POST', AI.generate, cookie, body)).body);
      expect(events.at(-1), behaviour.kind).toEqual({ error: message });
      expect(events.some((event) => 'done' in event)).toBe(false);
    }
    // Dropped connections are tried again; a provider that keeps dropping them is unreachable.
    fake().script({ kind: 'drop' }, { kind: 'drop' }, { kind: 'drop' });
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toEqual({ error: AI_MESSAGES.unreachable });
    expect(await attemptsLeft(cookie)).toBe(3);
  });

  it('counts an answer that streamed and then proved unusable: its text reached the client', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['Sorry, I cannot help with that.', { task: 'subjects', subject: 'Spring' }],
      ['<script>alert(1)</script>', { task: 'draft', brief: 'Spring' }],
    ];
    for (const [text, body] of cases) {
      fake().script({ kind: 'answer', text });
      const events = streamEvents((await call('POST', AI.generate, cookie, body)).body);
      expect(events.some((event) => 'delta' in event)).toBe(true);
      expect(events.at(-1)).toEqual({ error: AI_MESSAGES.garbage });
    }
    expect(await attemptsLeft(cookie)).toBe(1);
  });

  it('stops reading an answer once it is longer than its task can use, and streams no more of it', async () => {
    const { cookie } = await accounts.signedInCustomer();
    // 1 MB of spaces between two letters: subject suggestions can use a few kilobytes of it.
    fake().script({ kind: 'answer', text: `a${' '.repeat(1_000_000)}b` });
    const events = streamEvents((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body);
    expect(events.at(-1)).toEqual({ error: AI_MESSAGES.garbage });
    const streamed = events.flatMap((event) => ('delta' in event ? [event.delta] : [])).join('');
    expect(streamed.length).toBeLessThanOrEqual(SUGGESTIONS_ANSWER_CHARS);
    // The provider's answer was cut off, not read to its end.
    const providerCall = fake().requests.at(-1)!;
    await eventually(() => (providerCall.aborted ? true : undefined), { what: 'the provider call aborted' });
  });

  it('counts 3 free attempts down, then says how to connect a provider', async () => {
    const { cookie } = await accounts.signedInCustomer();
    for (const left of [2, 1, 0]) {
      expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({ done: true, free_attempts_left: left });
    }
    const before = fake().requests.length;
    const refused = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe(AI_MESSAGES.noAttemptsLeft);
    expect(fake().requests.length).toBe(before);
    expect(await attemptsLeft(cookie)).toBe(0);

    // With its own provider, the account goes on, uncounted.
    await call('PUT', AI.provider, cookie, { base_url: fake().url, api_key: fake().apiKey, model: fake().model });
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({ done: true, free_attempts_left: 0 });
  });

  it('lets only one of two generations at once take the last free attempt', async () => {
    const { cookie } = await accounts.signedInCustomer();
    for (let i = 0; i < 2; i += 1) await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' });
    fake().script({ kind: 'slow', delayMs: 200 }, { kind: 'slow', delayMs: 200 });
    const both = await Promise.all([0, 1].map(() => call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(outcome(both.find((response) => response.statusCode === 200)!.body)).toMatchObject({ done: true, free_attempts_left: 0 });
    expect(await attemptsLeft(cookie)).toBe(0);
    fake().reset();
  });

  it('aborts the provider call when the client goes away mid-answer, and counts the attempt: its text was sent', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const address = await accounts.app.listen({ port: 0, host: '127.0.0.1' });
    fake().script({ kind: 'answer', text: 'A long draft '.repeat(40), chunkDelayMs: 50 });
    // The Stop button aborts the page's fetch: the connection closes with the answer half read.
    const first = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${address}/api/${AI.generate}`, { method: 'POST', agent: false, headers: { cookie, 'content-type': 'application/json' } }, (response) => {
        response.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          request.destroy();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      request.end(JSON.stringify({ task: 'draft', brief: 'Spring' }));
    });
    expect(first).toContain('"delta"');
    const providerCall = fake().requests.at(-1)!;
    await eventually(() => (providerCall.aborted ? true : undefined), { what: 'the provider call aborted' });
    // The next generation reserves after the first one's end was handled: 2 used, 1 left.
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({ done: true, free_attempts_left: 1 });
    expect(await attemptsLeft(cookie)).toBe(1);
  });
});
