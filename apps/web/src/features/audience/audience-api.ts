import type { ApiMessage } from '@postlark/shared/api-response';
import type { AudienceList, BulkActionRequest, ListCreate, ListUpdate, Subscriber, SubscriberCreate, SubscribersPage, SubscriberUpdate } from '@postlark/shared/audience';
import type { PersonEventsPage } from '@postlark/shared/events';
import type { Segment } from '@postlark/shared/segments';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const audienceUrl = (path: string) => `${webEnv.apiBase}audience/v1/${path}`;
const subscriberUrl = (id: string) => audienceUrl(`subscribers/${encodeURIComponent(id)}`);
const listUrl = (id: string) => audienceUrl(`lists/${encodeURIComponent(id)}`);

export type Saved<Key extends string, Item> = { payload: { message: string } & Record<Key, Item> };

/** One page of the subscribers table; `query` is built by subscriber-query.ts's apiQuery. */
export function getSubscribers(query: string) {
  return requestJson<{ payload: SubscribersPage }>('GET', `${audienceUrl('subscribers')}?${query}`);
}

export function getSubscriber(id: string) {
  return requestJson<{ payload: Subscriber }>('GET', subscriberUrl(id));
}

/** A page of a person's events, newest first; `after` is the previous page's next_cursor. */
export function getSubscriberEvents(id: string, after: string | null) {
  const query = after ? `?after=${encodeURIComponent(after)}` : '';
  return requestJson<{ payload: PersonEventsPage }>('GET', `${subscriberUrl(id)}/events${query}`);
}

export function postSubscriber(body: SubscriberCreate) {
  return requestJson<Saved<'subscriber', Subscriber>>('POST', audienceUrl('subscribers'), body);
}

/** Only the fields sent change; list_ids, when sent, is the complete set of lists. */
export function patchSubscriber(id: string, body: SubscriberUpdate) {
  return requestJson<Saved<'subscriber', Subscriber>>('PATCH', subscriberUrl(id), body);
}

/** Erasure: the address stays on the customer's suppression list. */
export function deleteSubscriber(id: string) {
  return requestJson<ApiMessage>('DELETE', subscriberUrl(id));
}

export function getLists() {
  return requestJson<{ payload: { lists: AudienceList[] } }>('GET', audienceUrl('lists'));
}

export function postList(body: ListCreate) {
  return requestJson<Saved<'list', AudienceList>>('POST', audienceUrl('lists'), body);
}

export function patchList(id: string, body: ListUpdate) {
  return requestJson<Saved<'list', AudienceList>>('PATCH', listUrl(id), body);
}

/** The list and its memberships go; its subscribers stay in the audience. */
export function deleteList(id: string) {
  return requestJson<ApiMessage>('DELETE', listUrl(id));
}

/** An action on chosen subscribers (ids) or on every one the filter matches; answers how many changed. */
export function postBulkAction(body: BulkActionRequest) {
  return requestJson<{ payload: { message: string; affected: number } }>('POST', audienceUrl('subscribers/bulk'), body);
}

/** The CSV of the subscribers the filters match; `query` is subscriber-query.ts's filterQuery. A link, not a fetch: the browser downloads it. */
export function subscribersCsvUrl(query: string): string {
  return `${audienceUrl('subscribers/export.csv')}${query ? `?${query}` : ''}`;
}

/** The customer's segments, each with its count. */
export function getSegments() {
  return requestJson<{ payload: { segments: Segment[] } }>('GET', audienceUrl('segments'));
}

/** One segment, for the name of the one filtering the table (one count, not one per segment). */
export function getSegment(id: string) {
  return requestJson<{ payload: Segment }>('GET', audienceUrl(`segments/${encodeURIComponent(id)}`));
}
