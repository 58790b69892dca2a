import { EVENT_MESSAGES } from '@postlark/shared/events';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';

// Issue 31, finding 15: a person's stream is paged by position (keyset on time, origin and id),
// its cursors checked: a page continues exactly where the last ended, and a cursor we did not
// make for this stream is a 400.
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

type Page = { events: { name: string; occurred_at: string; value: number | null }[]; next_cursor: string | null };

/** A customer with a person whose stream holds these events (value = the event's number). */
async function personWith(events: { occurred_at: string }[], email: string) {
  const { key } = await customerWithKey(accounts);
  const batch = events.map((event, index) => ({ name: 'page_viewed', email, id: `${email}-${index}`, value: index, currency: 'EUR', ...event }));
  expect((await callWithKey(accounts, key, 'POST', 'events', { events: batch })).json().payload.accepted).toBe(events.length);
  const id = (await callWithKey(accounts, key, 'GET', `subscribers?q=${encodeURIComponent(email)}`)).json().payload.subscribers[0].id as string;
  return { key, id };
}

async function pageOf(key: string, id: string, after?: string): Promise<Page> {
  const answer = await callWithKey(accounts, key, 'GET', `subscribers/${id}/events${after ? `?after=${encodeURIComponent(after)}` : ''}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload as Page;
}

describe("a person's event stream, page by page", () => {
  it('returns every event once, newest first, across pages, keeping the time the first page asked for', async () => {
    const since = '2026-11-15T00:00:00.000Z';
    // 150 after the time asked for (120 of them at one instant), 80 before it.
    const events = [
      ...Array.from({ length: 150 }, (_, index) => ({ occurred_at: index < 120 ? '2026-11-20T12:00:00Z' : `2026-11-${16 + (index % 8)}T0${index % 10}:00:00Z` })),
      ...Array.from({ length: 80 }, (_, index) => ({ occurred_at: `2026-11-0${1 + (index % 9)}T0${index % 10}:00:00Z` })),
    ];
    const { key, id } = await personWith(events, 'reader@shop.example');

    const seen: { occurred_at: string; value: number | null }[] = [];
    let page = await pageOf(key, id, since);
    let pages = 1;
    seen.push(...page.events);
    while (page.next_cursor) {
      page = await pageOf(key, id, page.next_cursor);
      pages += 1;
      seen.push(...page.events);
    }
    expect(pages).toBe(2);
    expect(seen.map((event) => event.value).sort((left, right) => left! - right!)).toEqual(Array.from({ length: 150 }, (_, index) => index));
    expect(seen.every((event) => event.occurred_at > since)).toBe(true);
    const times = seen.map((event) => event.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);

    // Without a time: all 230, each once.
    const all: number[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await pageOf(key, id, cursor ?? undefined);
      all.push(...next.events.map((event) => event.value!));
      cursor = next.next_cursor;
    } while (cursor);
    expect(all.sort((left, right) => left - right)).toEqual(Array.from({ length: 230 }, (_, index) => index));
  });

  it("answers 400 with the cursor message for a tampered cursor, another person's, or one asking to skip ahead", async () => {
    const events = Array.from({ length: 120 }, () => ({ occurred_at: '2026-11-20T12:00:00Z' }));
    const mine = await personWith(events, 'mine@shop.example');
    const theirs = await personWith(events, 'theirs@shop.example');
    const myCursor = (await pageOf(mine.key, mine.id)).next_cursor!;
    const theirCursor = (await pageOf(theirs.key, theirs.id)).next_cursor!;
    expect(myCursor).toEqual(expect.any(String));

    const handMade = Buffer.from(JSON.stringify({ before: '2026-11-20T12:00:00.000Z', skip: 999_999 })).toString('base64url');
    const decoded = JSON.parse(Buffer.from(myCursor, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...decoded, o: 99, i: '99999999999999999999' })).toString('base64url');
    for (const [what, after] of [['tampered', tampered], ['cut short', myCursor.slice(0, -5)], ["another person's", theirCursor], ['skip ahead', handMade]]) {
      const refused = await callWithKey(accounts, mine.key, 'GET', `subscribers/${mine.id}/events?after=${encodeURIComponent(after!)}`);
      expect(refused.statusCode, what).toBe(400);
      expect(refused.json().payload.message, what).toBe(EVENT_MESSAGES.cursorInvalid);
    }
    // The person's own cursor still works, and a key cannot read another customer's person with theirs.
    expect((await pageOf(mine.key, mine.id, myCursor)).events).toHaveLength(20);
    expect((await callWithKey(accounts, mine.key, 'GET', `subscribers/${theirs.id}/events?after=${encodeURIComponent(theirCursor)}`)).statusCode).toBe(404);
  });
});
