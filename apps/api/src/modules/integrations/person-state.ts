import { createHash } from 'node:crypto';
import type { Attributes, MembershipStatus, SubscriberStatus } from '@postlark/shared/audience';
import type { RemotePerson, RemoteStatus } from './platform-client';

// A person's state as a linked audience holds it, the same shape from either side, and its hash.
// connection_people.synced_hash is the hash of what the platform had when we last read it or wrote
// it. A poll that reads the same hash sees no change (our own write coming back is no change); a
// push whose local hash equals it has nothing to write.

/** Subscribed and pending count as one: a platform that makes a re-subscriber confirm (Mailchimp's `pending`) is no disagreement to fight over. */
export type StateStatus = 'in' | 'unsubscribed' | 'bounced' | 'complained';

export interface SyncState {
  email: string;
  firstName: string;
  lastName: string;
  /** By the platform's field names, only the fields the link maps. */
  fields: Record<string, string>;
  status: StateStatus;
}

export function stateHash(state: SyncState): string {
  const fields = Object.keys(state.fields)
    .sort()
    .map((name) => [name, state.fields[name]]);
  return createHash('sha256').update(JSON.stringify([state.email, state.firstName, state.lastName, fields, state.status])).digest('base64url');
}

export function statusOfRemote(status: RemoteStatus): StateStatus {
  if (status === 'unsubscribed' || status === 'bounced' || status === 'complained') return status;
  return 'in';
}

/** The person as the platform has them, in the link's terms. */
export function remoteState(person: RemotePerson, fieldMap: Record<string, string>): SyncState {
  const fields: Record<string, string> = {};
  for (const remoteName of Object.values(fieldMap)) {
    const value = person.fields[remoteName];
    if (value !== undefined && value !== '') fields[remoteName] = value;
  }
  return { email: person.email, firstName: person.firstName, lastName: person.lastName, fields, status: statusOfRemote(person.status) };
}

export interface LocalPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  attributes: Attributes;
  status: SubscriberStatus;
  /** On the linked list, or null when not on it. */
  membership: MembershipStatus | null;
}

/** What the platform should hold of a person here: opted out everywhere if opted out here, or from the linked list. */
export function localStatus(person: Pick<LocalPerson, 'status' | 'membership'>): StateStatus {
  if (person.status === 'unsubscribed' || person.status === 'bounced' || person.status === 'complained') return person.status;
  if (person.membership === 'unsubscribed') return 'unsubscribed';
  return 'in';
}

export function localState(person: LocalPerson, fieldMap: Record<string, string>): SyncState {
  const fields: Record<string, string> = {};
  for (const [localName, remoteName] of Object.entries(fieldMap)) {
    const value = person.attributes[localName];
    if (value !== undefined && value !== null && value !== '') fields[remoteName] = String(value);
  }
  return { email: person.email, firstName: person.firstName, lastName: person.lastName, fields, status: localStatus(person) };
}

// The fields a platform keeps for every person under its own names, which the names above already carry.
const NAME_FIELDS = new Set(['fname', 'lname', 'firstname', 'lastname', 'first_name', 'last_name', 'email', 'prenom', 'nom']);
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** A platform's field name as one of our attribute names (COMPANY → company, "Sign-up source" → sign_up_source); null when it makes none. */
export function attributeNameFor(remoteName: string): string | null {
  const name = remoteName
    .slice(0, 100)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|(?<!_)_+$/g, '');
  if (NAME_FIELDS.has(name) || !ATTRIBUTE_NAME.test(name)) return null;
  return name;
}

/** Local attribute → remote field, for every remote field that makes an attribute name (the first wins a clash). */
export function fieldMapFor(remoteNames: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const remoteName of remoteNames) {
    const local = attributeNameFor(remoteName);
    if (local && !(local in map)) map[local] = remoteName;
  }
  return map;
}
