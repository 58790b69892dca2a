import { AI_MESSAGES } from '@postlark/shared/ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError, chatCompletion, type ProviderTarget } from '../src/modules/ai/openai-client';
import { publicAddressesOnly, publicOrLoopback } from '../src/modules/outgoing-webhooks/webhook-target';
import { eventually } from './support/eventually';
import { type FakeOpenAi, startFakeOpenAi } from './support/fakes/openai-compatible';

// The client on its own against the fake provider: where it may connect, and being stopped.

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});

const settings = { timeoutMs: 1000, deadlineMs: 10_000, retryMaxMs: 100 };
const messages = [{ role: 'user' as const, content: 'Suggest 5 subject lines' }];
const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AiError ? error : Promise.reject(error)));

describe('chatCompletion', () => {
  it('connects only to addresses the check allows, judged in the connection’s own DNS look-up', async () => {
    const byName: ProviderTarget = { baseUrl: fake.url.replace('127.0.0.1', 'localhost'), apiKey: fake.apiKey, model: fake.model, allowed: publicAddressesOnly };
    const before = fake.requests.length;
    const refused = await failureOf(chatCompletion(byName, settings, { messages }));
    expect(refused).toMatchObject({ failure: 'refused', message: AI_MESSAGES.baseUrlPrivate });
    const literal = await failureOf(chatCompletion({ ...byName, baseUrl: fake.url }, settings, { messages }));
    expect(literal).toMatchObject({ failure: 'refused' });
    expect(fake.requests.length).toBe(before);
    // The same name with this machine allowed (AI_ALLOW_LOCAL) gets its answer.
    expect(await chatCompletion({ ...byName, allowed: publicOrLoopback }, settings, { messages })).toContain('1. ');
  });

  it('stops when its signal is aborted, mid-stream, and tells the provider so by closing the call', async () => {
    fake.script({ kind: 'answer', text: 'word '.repeat(100), chunkDelayMs: 30 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const stopped = await failureOf(
      chatCompletion({ baseUrl: fake.url, apiKey: fake.apiKey, model: fake.model, allowed: publicOrLoopback }, settings, {
        messages,
        signal: controller.signal,
        onDelta: (text) => {
          deltas.push(text);
          controller.abort();
        },
      }),
    );
    expect(stopped).toMatchObject({ failure: 'stopped', message: AI_MESSAGES.stopped });
    expect(deltas).toHaveLength(1);
    const call = fake.requests.at(-1)!;
    expect(await eventually(() => (call.aborted ? true : undefined), { what: 'the provider call closed' })).toBe(true);
  });
});
