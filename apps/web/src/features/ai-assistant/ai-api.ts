import type { ApiMessage } from '@postlark/shared/api-response';
import { AI_MESSAGES, type AiGenerateRequest, type AiProviderInput, type AiProviderTestResult, type AiProviderView, type AiStreamEvent } from '@postlark/shared/ai';
import { webEnv } from '../../config/env';
import { payloadMessage, requestJson } from '../../lib/api-client';
import { createSseParser } from './sse-lines';

// The AI assistant's calls (CONTRACT: /api/ai/...). The key goes up on save and never comes back.

const aiUrl = (path: string) => `${webEnv.apiBase}ai/${path}`;

export function getAiProvider() {
  return requestJson<{ payload: AiProviderView }>('GET', aiUrl('provider'));
}

export function putAiProvider(body: AiProviderInput) {
  return requestJson<ApiMessage & { payload: AiProviderView }>('PUT', aiUrl('provider'), body);
}

export function deleteAiProvider() {
  return requestJson<ApiMessage>('DELETE', aiUrl('provider'));
}

/** The fields as they are in the form (the key may be left out to use the saved one), or the saved provider. */
export function postAiProviderTest(body: AiProviderInput | null) {
  return requestJson<{ payload: AiProviderTestResult & { message?: string } }>('POST', aiUrl('provider/test'), body ?? undefined);
}

/** What a save, a removal or a test of the provider came to: the message, and the fields' own messages. */
export type AiProviderOutcome = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> };

/** How a generation ended: its final answer, the server's message, or stopped by the customer. */
export type GenerateOutcome =
  | { kind: 'done'; text: string; suggestions: string[]; freeAttemptsLeft: number | null }
  | { kind: 'error'; message: string; status: number }
  | { kind: 'stopped' };

/**
 * POST /api/ai/generate, read as it streams: each `data:` delta goes to onDelta as the text so far.
 * Aborting the signal stops the request (the server then stops the provider and counts nothing).
 */
export async function streamGenerate(body: AiGenerateRequest, signal: AbortSignal, onText: (text: string) => void): Promise<GenerateOutcome> {
  let text = '';
  let response: Response;
  try {
    response = await fetch(aiUrl('generate'), {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    return signal.aborted ? { kind: 'stopped' } : { kind: 'error', message: AI_MESSAGES.unreachable, status: 0 };
  }
  // A refusal before the stream starts (validation, no provider, no attempts left) is JSON.
  if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const parsed: unknown = await response.json().catch(() => null);
    return { kind: 'error', message: payloadMessage(parsed) ?? (parsed as { message?: string } | null)?.message ?? AI_MESSAGES.providerError, status: response.status };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const handle = (events: AiStreamEvent[]): GenerateOutcome | null => {
    for (const event of events) {
      if ('error' in event) return { kind: 'error', message: event.error, status: response.status };
      if ('done' in event)
        return { kind: 'done', text: event.text, suggestions: event.suggestions ?? [], freeAttemptsLeft: event.free_attempts_left >= 0 ? event.free_attempts_left : null };
      text += event.delta;
      onText(text);
    }
    return null;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const outcome = handle(done ? parser.end() : parser.push(value));
      if (outcome) {
        void reader.cancel().catch(() => undefined);
        return outcome;
      }
      if (done) break;
    }
  } catch {
    return signal.aborted ? { kind: 'stopped' } : { kind: 'error', message: AI_MESSAGES.unreachable, status: 0 };
  }
  // The stream ended without its final event: whatever came is not a whole answer.
  return { kind: 'error', message: AI_MESSAGES.garbage, status: response.status };
}
