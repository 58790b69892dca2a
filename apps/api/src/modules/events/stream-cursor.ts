import { parseIsoDateTime } from '@postlark/shared/events';
import type { StreamPosition } from './events.repository';

/**
 * What a person stream's next_cursor holds: whose stream it pages, the last row's key
 * (StreamPosition), and the time the first page asked for events after, so later pages keep it.
 */
export interface StreamCursor extends StreamPosition {
  subscriberId: string;
  since: string | null;
}

// The key's time as the repository writes it: UTC to the microsecond. Years 1000-2999 only, so
// whatever passes is a time PostgreSQL takes.
const AT_PATTERN = /^[12]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ROW_ID_PATTERN = /^\d{1,19}$/;
const MAX_BIGINT = 9_223_372_036_854_775_807n;
/** person_events' origins: 0 events, 1 delivered, 2 opened, 3 clicked, 4 bounced, 5 unsubscribed. */
const ORIGINS = 6;

export function encodeStreamCursor(cursor: StreamCursor): string {
  const payload = { s: cursor.subscriberId.toLowerCase(), t: cursor.at, o: cursor.origin, i: cursor.rowId, a: cursor.since };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** A real calendar time: Date would roll 30 February over into March, PostgreSQL refuses it. */
function isCalendarTime(at: string): boolean {
  const date = new Date(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === at.slice(0, 23);
}

/**
 * The cursor, if it is one we made for this person's stream; null for anything else (not
 * base64url JSON, a field missing, extra or out of range, another person's stream), which the
 * caller answers with a 400. The input is at most a few hundred characters (the query schema).
 */
export function decodeStreamCursor(text: string, subscriberId: string): StreamCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { s, t, o, i, a, ...extra } = value as Record<string, unknown>;
  if (Object.keys(extra).length > 0) return null;
  if (typeof s !== 'string' || s !== subscriberId.toLowerCase()) return null;
  if (typeof t !== 'string' || !AT_PATTERN.test(t) || !isCalendarTime(t)) return null;
  if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || o >= ORIGINS) return null;
  if (typeof i !== 'string' || !ROW_ID_PATTERN.test(i) || BigInt(i) > MAX_BIGINT) return null;
  if (a !== null && (typeof a !== 'string' || !parseIsoDateTime(a))) return null;
  return { subscriberId: s, at: t, origin: o, rowId: i, since: a };
}
