import type { AiStreamEvent } from '@postlark/shared/ai';

// Reading POST /api/ai/generate's text/event-stream as it arrives: chunks split lines anywhere
// (even inside a character, which TextDecoder's stream mode handles before this), so the parser
// keeps the unfinished line and hands back each complete `data:` line's event. The buffer only
// ever holds one line, and each character is looked at once.

/** The longest line kept while waiting for its end: a whole draft is far below this. */
export const SSE_LINE_MAX = 1_000_000;

export interface SseParser {
  /** Feeds a decoded chunk; returns the events its complete lines carried, in order. */
  push(chunk: string): AiStreamEvent[];
  /** The stream ended: a last line without its newline still counts. */
  end(): AiStreamEvent[];
}

/** One event from a `data:` line's JSON; anything else (a comment, a ping, garbage) is null. */
export function parseDataLine(line: string): AiStreamEvent | null {
  if (!line.startsWith('data:')) return null;
  const data = line.slice(line.startsWith('data: ') ? 6 : 5).trim();
  if (!data || data === '[DONE]') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const event = value as Record<string, unknown>;
  if (typeof event.error === 'string') return { error: event.error };
  if (event.done === true && typeof event.text === 'string') {
    const suggestions = Array.isArray(event.suggestions) ? event.suggestions.filter((item): item is string => typeof item === 'string') : undefined;
    const left = typeof event.free_attempts_left === 'number' ? event.free_attempts_left : -1;
    return { done: true, text: event.text, ...(suggestions ? { suggestions } : {}), free_attempts_left: left };
  }
  if (typeof event.delta === 'string') return { delta: event.delta };
  return null;
}

export function createSseParser(): SseParser {
  let pending = '';
  const take = (lines: string[]) => lines.map((line) => parseDataLine(line.endsWith('\r') ? line.slice(0, -1) : line)).filter((event): event is AiStreamEvent => event !== null);
  return {
    push(chunk) {
      // Only the chunk is split: the unfinished line is joined to its first piece, never rescanned.
      const parts = chunk.split('\n');
      parts[0] = pending + parts[0];
      pending = parts.pop() ?? '';
      // A line that never ends is not an event we could use; dropping it bounds the memory.
      if (pending.length > SSE_LINE_MAX) pending = '';
      return take(parts);
    },
    end() {
      const last = pending;
      pending = '';
      return take([last]);
    },
  };
}
