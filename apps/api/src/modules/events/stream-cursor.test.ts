import { describe, expect, it } from 'vitest';
import { decodeStreamCursor, encodeStreamCursor, type StreamCursor } from './stream-cursor';

const PERSON = '0b7c6a2e-1234-4abc-8def-0123456789ab';
const CURSOR: StreamCursor = { subscriberId: PERSON, at: '2026-11-10T12:00:00.123456Z', origin: 2, rowId: '9223372036854775807', since: '2026-11-01T00:00:00.000Z' };
const made = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const fields = { s: PERSON, t: CURSOR.at, o: CURSOR.origin, i: CURSOR.rowId, a: CURSOR.since };

describe('person stream cursors', () => {
  it('read back what they were made from, for the same person only', () => {
    expect(decodeStreamCursor(encodeStreamCursor(CURSOR), PERSON)).toEqual(CURSOR);
    expect(decodeStreamCursor(encodeStreamCursor(CURSOR), PERSON.toUpperCase())).toEqual(CURSOR);
    expect(decodeStreamCursor(encodeStreamCursor({ ...CURSOR, since: null }), PERSON)).toEqual({ ...CURSOR, since: null });
    expect(decodeStreamCursor(encodeStreamCursor(CURSOR), '1b7c6a2e-1234-4abc-8def-0123456789ab')).toBeNull();
  });

  it('refuse anything else: not base64url JSON, old offset cursors, fields missing, extra or out of range', () => {
    const refused = [
      '',
      'nonsense',
      encodeStreamCursor(CURSOR).slice(0, -4),
      made([1, 2]),
      made(null),
      made({ before: '2026-11-10T12:00:00.000Z', skip: 999_999 }),
      made({ ...fields, skip: 1 }),
      made({ ...fields, s: undefined }),
      made({ ...fields, t: '2026-02-30T12:00:00.000000Z' }),
      made({ ...fields, t: '0000-01-01T00:00:00.000000Z' }),
      made({ ...fields, t: '2026-11-10T12:00:00Z' }),
      made({ ...fields, t: `2026-11-10T12:00:00.${'1'.repeat(10_000)}Z` }),
      made({ ...fields, o: 6 }),
      made({ ...fields, o: -1 }),
      made({ ...fields, o: 1.5 }),
      made({ ...fields, o: '1' }),
      made({ ...fields, i: '9223372036854775808' }),
      made({ ...fields, i: '-1' }),
      made({ ...fields, i: 12 }),
      made({ ...fields, i: '1e3' }),
      made({ ...fields, a: 'yesterday' }),
      made({ ...fields, a: 0 }),
    ];
    for (const text of refused) expect(decodeStreamCursor(text, PERSON), text).toBeNull();
  });
});
