import type { SubscriberSort } from '@postlark/shared/audience';
import { isUuid } from '../../lib/uuid';
import { type PagePosition, type SubscriberPageRow, UNSCORED_SORT_KEY } from './subscribers.repository';

// A page's cursor is opaque to the client: the sort value and id of the page's last row, base64url JSON.

export function encodeCursor(row: SubscriberPageRow, sort: SubscriberSort, order: 'asc' | 'desc'): string {
  const value =
    sort === 'engagement'
      ? String(row.engagementScore ?? UNSCORED_SORT_KEY[order])
      : { created_at: row.createdAt.toISOString(), email: row.email, first_name: row.firstName, last_name: row.lastName }[sort];
  return Buffer.from(JSON.stringify([value, row.id])).toString('base64url');
}

/**
 * Whether `value` is one `encodeCursor` could have made for `sort`, so the page query can cast it
 * without the database refusing it (a forged or other sort's cursor is a 400, not a 500): an
 * instant as toISOString writes it (years 0001–9999, which PostgreSQL reads back), a finite
 * number, or for the text sorts any string without NUL (which PostgreSQL text cannot hold).
 */
function fitsSort(value: string, sort: SubscriberSort): boolean {
  if (value.includes('\u0000')) return false;
  if (sort === 'created_at') {
    const time = Date.parse(value);
    return /^\d{4}-/.test(value) && !value.startsWith('0000') && Number.isFinite(time) && new Date(time).toISOString() === value;
  }
  if (sort === 'engagement') return value.trim() !== '' && Number.isFinite(Number(value));
  return true;
}

/** The position a cursor names for `sort`, or null when it is not one of ours (edited, truncated, stale format, another sort's). */
export function decodeCursor(cursor: string, sort: SubscriberSort): PagePosition | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as unknown[];
    if (typeof value !== 'string' || typeof id !== 'string' || !isUuid(id) || !fitsSort(value, sort)) return null;
    return { value, id };
  } catch {
    return null;
  }
}
