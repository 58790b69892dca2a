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

/** The position a cursor names, or null when it is not one of ours (edited, truncated, stale format). */
export function decodeCursor(cursor: string): PagePosition | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as unknown[];
    if (typeof value !== 'string' || typeof id !== 'string' || !isUuid(id)) return null;
    return { value, id };
  } catch {
    return null;
  }
}
