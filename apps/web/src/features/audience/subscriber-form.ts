import {
  type AttributeValue,
  SETTABLE_SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberCreate,
  subscriberCreateSchema,
  type SubscriberStatus,
  type SubscriberUpdate,
  subscriberUpdateSchema,
} from '@postlark/shared/audience';
import { type FieldErrors, fieldErrors } from '@postlark/shared/validation';

// The add and edit forms' values, and the requests made of them. Both validate with the shared
// schemas the API uses, so the browser shows the server's own messages before a round trip.

export interface SubscriberFormValues {
  email: string;
  first_name: string;
  last_name: string;
  /** '' for "Not set". */
  timezone: string;
  status: SubscriberStatus;
  list_ids: readonly string[];
}


export const EMPTY_SUBSCRIBER_FORM: SubscriberFormValues = { email: '', first_name: '', last_name: '', timezone: '', status: 'active', list_ids: [] };

/** The lists a subscriber is on: those they have not left. */
export function memberListIds(subscriber: Pick<Subscriber, 'lists'>): string[] {
  return subscriber.lists.filter((membership) => membership.status !== 'unsubscribed').map((membership) => membership.list_id);
}

export function formFromSubscriber(subscriber: Subscriber): SubscriberFormValues {
  return {
    email: subscriber.email,
    first_name: subscriber.first_name,
    last_name: subscriber.last_name,
    timezone: subscriber.timezone ?? '',
    status: subscriber.status,
    list_ids: memberListIds(subscriber),
  };
}

/** Whether a status is one the customer may choose (bounced and complained come from mail servers). */
export function isSettableStatus(status: SubscriberStatus): status is (typeof SETTABLE_SUBSCRIBER_STATUSES)[number] {
  return (SETTABLE_SUBSCRIBER_STATUSES as readonly string[]).includes(status);
}

type Checked<Body> = { ok: true; body: Body } | { ok: false; errors: FieldErrors };

/** The new subscriber's request, checked with the API's schema. */
export function checkCreate(values: SubscriberFormValues): Checked<SubscriberCreate> {
  const body: SubscriberCreate = {
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    timezone: values.timezone === '' ? null : values.timezone,
    list_ids: [...values.list_ids],
  };
  const parsed = subscriberCreateSchema.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: fieldErrors(parsed.error) };
}

function sameSet(left: readonly string[], right: readonly string[]): boolean {
  const set = new Set(left);
  return set.size === new Set(right).size && right.every((id) => set.has(id));
}

/**
 * The edit's request: only what changed, so an untouched field is never rewritten. The lists go
 * only when the set changed: sending them confirms every chosen membership, which must not
 * happen to one still waiting for its double opt-in just because the name was edited.
 */
export function changesOf(saved: Subscriber, values: SubscriberFormValues): SubscriberUpdate {
  const before = formFromSubscriber(saved);
  const changes: SubscriberUpdate = {};
  if (values.email.trim().toLowerCase() !== before.email) changes.email = values.email;
  if (values.first_name !== before.first_name) changes.first_name = values.first_name;
  if (values.last_name !== before.last_name) changes.last_name = values.last_name;
  if (values.timezone !== before.timezone) changes.timezone = values.timezone === '' ? null : values.timezone;
  if (values.status !== before.status && isSettableStatus(values.status)) changes.status = values.status;
  if (!sameSet(values.list_ids, before.list_ids)) changes.list_ids = [...values.list_ids];
  return changes;
}

/** The edit's request, checked with the API's schema; an empty one means there is nothing to save. */
export function checkUpdate(saved: Subscriber, values: SubscriberFormValues): Checked<SubscriberUpdate> {
  const body = changesOf(saved, values);
  const parsed = subscriberUpdateSchema.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: fieldErrors(parsed.error) };
}

let zones: readonly string[] | null = null;

/**
 * The time zone select's choices: the browser's IANA names (read once), UTC, and the saved value
 * even when this browser does not list it, so it still shows.
 */
export function timeZoneChoices(saved: string): readonly string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort((left, right) => left.localeCompare(right));
  return saved && !zones.includes(saved) ? [saved, ...zones] : zones;
}

/** An attribute's value as the details table shows it. */
export function attributeText(value: AttributeValue): string {
  if (value === null) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
