import type { IncomingMessage } from 'node:http';

// What every platform fake shares about the requests it gets: each one recorded for the test to
// read back (what was, and was not, sent), and the transport faults a test can script on any of them.

export interface RecordedRequest {
  method: string;
  /** The path without the query, like /v3/contacts. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The parsed body (JSON, or a form's fields where the platform takes forms); null when there was none or it did not parse. */
  body: unknown;
}

/** Faults below the platform's own answers, scriptable on every fake. */
export type TransportBehaviour =
  /** The normal answer, only after this long. */
  | { kind: 'slow'; delayMs: number }
  /** The connection is cut without an answer. */
  | { kind: 'drop' };
