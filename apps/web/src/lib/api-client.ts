import type { ApiMessage } from '@postlark/shared/api-response';
import type { FieldErrors } from '@postlark/shared/validation';

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: T | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call to our API: JSON in, JSON out, with the session cookie (also when VITE_API_BASE names
 * another origin). Any HTTP status resolves; only a network failure (or `signal` aborting it) rejects.
 */
export async function requestJson<T>(method: Method, url: string, body?: unknown, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  const response = await fetch(url, {
    method,
    signal,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => null)) as T | null;
  // Aborting while the body streams in makes json() fail, which the catch above turns into a null body:
  // reject as the abort it was, so callers do not take a cancelled request for a failed one.
  signal?.throwIfAborted();
  return { ok: response.ok, status: response.status, body: parsed };
}

/** SPEC section 8 shows the server's `payload.message` where there is one. */
export function payloadMessage(body: unknown): string | undefined {
  const message = (body as Partial<ApiMessage> | null)?.payload?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The per-field messages of a 400 answer (`payload.errors`), keyed by the request's field names. */
export function payloadErrors(body: unknown): FieldErrors {
  const errors = (body as Partial<ApiMessage> | null)?.payload?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Why a call failed: the message to show, the fields' own messages, and the status (0 when the network failed). */
export interface CallFailure {
  ok: false;
  message: string;
  errors: FieldErrors;
  status: number;
}

/**
 * Runs a call for a thunk: the answer's body when it succeeded, otherwise the message to store
 * and show, which is the server's `payload.message` or else the spec's fallback text.
 */
export async function settle<T>(call: () => Promise<ApiAnswer<T>>, fallback: string): Promise<{ ok: true; body: T | null } | CallFailure> {
  try {
    const answer = await call();
    if (answer.ok) return { ok: true, body: answer.body };
    return { ok: false, message: payloadMessage(answer.body) ?? fallback, errors: payloadErrors(answer.body), status: answer.status };
  } catch {
    return { ok: false, message: fallback, errors: {}, status: 0 };
  }
}

/** A failure as a thunk rejects with it. */
export type CallRejection = Omit<CallFailure, 'ok'>;

/** A read for a thunk: the payload when the call succeeded and `valid` accepts it; otherwise why not. */
export async function readPayload<Payload>(
  call: () => Promise<ApiAnswer<{ payload: Payload }>>,
  fallback: string,
  valid: (payload: Payload) => boolean,
): Promise<{ payload: Payload } | { error: CallRejection }> {
  const result = await settle(call, fallback);
  if (!result.ok) return { error: { message: result.message, errors: result.errors, status: result.status } };
  const payload = result.body?.payload;
  return payload && valid(payload) ? { payload } : { error: { message: fallback, errors: {}, status: 0 } };
}
