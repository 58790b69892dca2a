import type { ApiMessage } from '@postlark/shared/api-response';

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: T | null;
}

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * One call to our API: JSON in, JSON out, with the session cookie (also when VITE_API_BASE names
 * another origin). Any HTTP status resolves; only a network failure rejects.
 */
export async function requestJson<T>(method: Method, url: string, body?: unknown): Promise<ApiAnswer<T>> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => null)) as T | null;
  return { ok: response.ok, status: response.status, body: parsed };
}

/** SPEC section 8 shows the server's `payload.message` where there is one. */
export function payloadMessage(body: unknown): string | undefined {
  const message = (body as Partial<ApiMessage> | null)?.payload?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * Runs a call for a thunk: the answer's body when it succeeded, otherwise the message to store
 * and show, which is the server's `payload.message` or else the spec's fallback text.
 */
export async function settle<T>(call: () => Promise<ApiAnswer<T>>, fallback: string): Promise<{ ok: true; body: T | null } | { ok: false; message: string }> {
  try {
    const answer = await call();
    if (answer.ok) return { ok: true, body: answer.body };
    return { ok: false, message: payloadMessage(answer.body) ?? fallback };
  } catch {
    return { ok: false, message: fallback };
  }
}
