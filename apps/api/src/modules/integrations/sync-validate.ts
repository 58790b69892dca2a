import * as z from 'zod/mini';
import { AUDIENCE_LIMITS, type Attributes, subscriberCreateSchema } from '@postlark/shared/audience';
import { SYNC_DROP_REASONS } from '@postlark/shared/integrations';
import type { RemotePerson } from './platform-client';

// What a platform says about a person goes through the same shared schema as the subscriber API
// before it is stored: an address the API would refuse leaves the person out, a name or an
// attribute value it would refuse is left out (the person kept). What was left out, and why, is
// counted on the run. The person is checked before anything is hashed, so the state recorded as
// the platform's is what was kept: the same answer read again is no change, and nothing is pushed
// back to overwrite what the platform keeps.

const SUBSCRIBER = subscriberCreateSchema.shape;

/** Reasons (SYNC_DROP_REASONS) and how often each. */
export type DroppedReasons = Record<string, number>;

export function tally(dropped: DroppedReasons, reason: string, count = 1): void {
  dropped[reason] = (dropped[reason] ?? 0) + count;
}

/** A platform's field name in a reason: its first 60 characters. */
const fieldName = (name: string) => (name.length > 60 ? `${name.slice(0, 59)}…` : name);

/** The person as the subscriber API would take them, or null when their address is not one. */
export function validRemotePerson(person: RemotePerson, fieldMap: Record<string, string>, dropped: DroppedReasons): RemotePerson | null {
  const email = z.safeParse(SUBSCRIBER.email, person.email);
  if (!email.success) {
    tally(dropped, SYNC_DROP_REASONS.emailInvalid);
    return null;
  }
  const name = (value: string, which: 'First name' | 'Last name') => {
    const parsed = z.safeParse(SUBSCRIBER.first_name, value);
    if (parsed.success) return parsed.data;
    tally(dropped, SYNC_DROP_REASONS.nameTooLong(which));
    return '';
  };
  const fields = { ...person.fields };
  let kept = 0;
  let over = false;
  for (const [local, remote] of Object.entries(fieldMap)) {
    const value = fields[remote];
    if (value === undefined || value === '') continue;
    if (kept >= AUDIENCE_LIMITS.attributeKeys) {
      delete fields[remote];
      over = true;
      continue;
    }
    if (!z.safeParse(SUBSCRIBER.attributes, { [local]: value }).success) {
      delete fields[remote];
      tally(dropped, value.length > AUDIENCE_LIMITS.attributeValue ? SYNC_DROP_REASONS.valueTooLong(fieldName(remote)) : SYNC_DROP_REASONS.valueInvalid(fieldName(remote)));
      continue;
    }
    kept += 1;
  }
  if (over) tally(dropped, SYNC_DROP_REASONS.tooManyAttributes);
  return { ...person, email: email.data, firstName: name(person.firstName, 'First name'), lastName: name(person.lastName, 'Last name'), fields };
}

/**
 * A person's attributes once the platform's are merged into what is here, within the schema's
 * count: what was here stays, the platform's new ones fill the places left.
 */
export function boundedAttributes(base: Attributes, merged: Attributes, dropped: DroppedReasons): Attributes {
  if (z.safeParse(SUBSCRIBER.attributes, merged).success) return merged;
  const bounded: Attributes = {};
  for (const [key, value] of Object.entries(merged)) if (key in base) bounded[key] = value;
  for (const [key, value] of Object.entries(merged)) {
    if (Object.keys(bounded).length >= AUDIENCE_LIMITS.attributeKeys) break;
    if (!(key in bounded)) bounded[key] = value;
  }
  tally(dropped, SYNC_DROP_REASONS.tooManyAttributes);
  return bounded;
}
