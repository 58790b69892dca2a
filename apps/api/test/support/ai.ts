import type { AiStreamEvent } from '@postlark/shared/ai';
import { afterAll, beforeAll } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from './fakes/openai-compatible';

// The AI tests' common ground: a fake provider started before the app (whose settings point at
// it), and the events of a generation's server-sent stream.

export const AI = { provider: 'ai/provider', test: 'ai/provider/test', generate: 'ai/generate' } as const;

/**
 * Starts the fake provider in a beforeAll registered before the app's (call this first), and fills
 * `settings` for the app: loopback allowed, short timeouts. `serverDefault` makes it the server's default provider.
 */
export function useFakeProvider(settings: Record<string, string>, options: { serverDefault: boolean }) {
  let fake: FakeOpenAi | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    Object.assign(settings, { AI_ALLOW_LOCAL: 'true', AI_TIMEOUT_SECONDS: '1', AI_RETRY_MAX_SECONDS: '2' });
    if (options.serverDefault) Object.assign(settings, { AI_BASE_URL: fake.url, AI_API_KEY: fake.apiKey, AI_MODEL: fake.model });
  });
  afterAll(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('useFakeProvider: used before beforeAll ran');
    return fake;
  };
}

/** The events of a text/event-stream body, in order. */
export function streamEvents(body: string): AiStreamEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as AiStreamEvent);
}

/** The last event of a stream: its outcome (done or error). */
export function outcome(body: string): AiStreamEvent {
  const events = streamEvents(body);
  const last = events.at(-1);
  if (!last) throw new Error(`no event in ${JSON.stringify(body)}`);
  return last;
}
