import type { Attributes, MembershipStatus, SubscriberStatus } from '@postlark/shared/audience';
import type { Db } from '../../db/client';
import { setLocalAsyncCommit } from '../imports/import-batch.repository';
import { suppressionHash } from '../audience/subscribers.service';
import { liftSuppression } from '../audience/subscribers.repository';
import { localState, remoteState, stateHash, type StateStatus, statusOfRemote } from './person-state';
import { addOptOuts } from './opt-outs.repository';
import type { RemotePerson } from './platform-client';
import { insertPeople, localMatches, type LocalMatch, type NewPerson, recordSynced, setMemberships, suppressedEmails, touchForPush, updatePeople } from './sync-people.repository';
import { boundedAttributes, type DroppedReasons, validRemotePerson } from './sync-validate';

// Applies a page of people read from a platform (an import or a poll) to the account, by these rules:
// - opt-outs always win: an unsubscribe, a bounce or a complaint there suppresses the person here;
//   an opt-out here is lifted only by the person's own confirmation on the platform after it;
// - names and fields: the last writer wins (the platform's change time against ours);
// - what the platform has that matches what it had when we last read or wrote it is no change,
//   so our own writes coming back change nothing;
// - an address suppressed here with no subscriber left (erased) is never added back, and is opted
//   out on the platform too;
// - what the subscriber API would refuse is left out (sync-validate.ts), and counted.

export interface ApplyContext {
  link: { id: string; customerId: string; listId: string; fieldMap: Record<string, string> };
  /** consent_source of the people it adds: the platform's id. */
  source: string;
  now: Date;
}

export interface ApplyCounts {
  added: number;
  updated: number;
  suppressed: number;
  /**
   * People the platform must be told to opt out (suppressed here, subscribed there, no subscriber row
   * to push from): stored for the link with the page (connection_opt_outs), sent after the last page.
   */
  optOuts: number;
  /** What the subscriber schema refused, left out: reason → how many. */
  dropped: DroppedReasons;
}

const OPTED_OUT: ReadonlySet<SubscriberStatus> = new Set(['unsubscribed', 'bounced', 'complained']);

function attributesFrom(person: RemotePerson, fieldMap: Record<string, string>, base: Attributes, keepWhenEmpty: boolean): Attributes {
  const attributes: Attributes = { ...base };
  for (const [localName, remoteName] of Object.entries(fieldMap)) {
    const value = person.fields[remoteName];
    if (value !== undefined && value !== '') attributes[localName] = value;
    else if (!keepWhenEmpty) delete attributes[localName];
  }
  return attributes;
}

function membershipFor(status: StateStatus, remote: RemotePerson['status']): MembershipStatus {
  if (status !== 'in') return 'unsubscribed';
  return remote === 'subscribed' ? 'confirmed' : 'unconfirmed';
}

/** Whether what the platform says now is what it said when we last read or wrote the person. */
function unchangedThere(local: LocalMatch, person: RemotePerson, remoteHash: string): boolean {
  if (local.syncedHash === null || local.membership === null) return false;
  // Confirmed there since: the membership here catches up, though the hash (subscribed = pending) did not move.
  if (person.status === 'subscribed' && local.membership === 'unconfirmed') return false;
  if (local.syncedHash === remoteHash) return true;
  // An opt-out we wrote that the platform does not read back is no news while nothing changed there
  // since: only then, and only in the direction that keeps the opt-out, is its change time trusted
  // over the hash. (HubSpot's opt-out, unsubscribe-all, reads back as hs_email_optout, so no margin
  // for its clock running past ours is needed: the hash above already matches.)
  const keepsOptOut = OPTED_OUT.has(local.status) && statusOfRemote(person.status) === 'in';
  return keepsOptOut && person.changedAt !== null && local.syncedAt !== null && person.changedAt.getTime() <= local.syncedAt.getTime();
}

export async function applyRemotePeople(db: Db, context: ApplyContext, page: readonly RemotePerson[]): Promise<ApplyCounts> {
  const counts: ApplyCounts = { added: 0, updated: 0, suppressed: 0, optOuts: 0, dropped: {} };
  const { link, now } = context;
  const valid = page.flatMap((person) => validRemotePerson(person, link.fieldMap, counts.dropped) ?? []);
  // The last word on an address within a page is the platform's latest.
  const people = new Map<string, RemotePerson>();
  for (const person of valid) if (person.email && person.status !== 'archived') people.set(person.email, person);
  const archived = valid.filter((person) => person.status === 'archived');
  const emails = [...people.keys()];
  const matches = new Map((await localMatches(db, link, [...emails, ...archived.map((person) => person.email)])).map((row) => [row.email, row]));
  const unknown = emails.filter((email) => !matches.has(email));
  const suppressed = await suppressedEmails(db, link.customerId, unknown);

  const additions: NewPerson[] = [];
  const remoteOfNew = new Map<string, { remoteId: string; hash: string }>();
  const changes: Array<{ id: string; firstName: string; lastName: string; attributes: Attributes; status: SubscriberStatus }> = [];
  const memberships: Array<{ id: string; membership: MembershipStatus }> = [];
  const synced: Array<{ subscriberId: string; remoteId: string; hash: string; archived?: boolean }> = [];
  const lifted: string[] = [];
  const pushBack: string[] = [];
  const optOuts: string[] = [];

  for (const [email, person] of people) {
    const state = remoteState(person, link.fieldMap);
    const hash = stateHash(state);
    const local = matches.get(email);
    if (!local) {
      if (suppressed.has(email)) {
        // Erased or suppressed before, with no one left to push from: opted out there too, never added back.
        if (state.status === 'in') optOuts.push(email);
        continue;
      }
      const status: SubscriberStatus = state.status === 'in' ? 'active' : state.status;
      additions.push({ email, firstName: person.firstName, lastName: person.lastName, attributes: attributesFrom(person, link.fieldMap, {}, true), status, membership: membershipFor(state.status, person.status), consentAt: person.subscribedAt ?? now });
      remoteOfNew.set(email, { remoteId: person.remoteId, hash });
      if (status === 'active') counts.added += 1;
      else counts.suppressed += 1;
      continue;
    }
    if (unchangedThere(local, person, hash)) continue;

    let status = local.status;
    let localWinsStatus = false;
    if (state.status !== 'in') {
      if (!OPTED_OUT.has(local.status)) {
        status = state.status;
        counts.suppressed += 1;
      }
    } else if (OPTED_OUT.has(local.status)) {
      // Only the person's own confirmation after the opt-out lifts it, and never a bounce or a complaint.
      const confirmedAfter = person.confirmedAt !== null && local.suppressedAt !== null && person.confirmedAt > local.suppressedAt;
      if (local.status === 'unsubscribed' && confirmedAfter) {
        status = 'active';
        lifted.push(email);
      } else localWinsStatus = true;
    } else if (local.status === 'not_subscribed') status = 'active';

    // Names and fields: the platform's if it changed after us, or if we have nothing newer of our own.
    const localHash = stateHash(localState(local, link.fieldMap));
    const changedHere = local.syncedHash !== null && localHash !== local.syncedHash;
    const remoteNewer = person.changedAt === null ? !changedHere : person.changedAt >= local.updatedAt || !changedHere;
    const firstLink = local.syncedHash === null;
    let { firstName, lastName, attributes } = local;
    if (remoteNewer) {
      // A first import does not blank what is here with what the platform leaves empty.
      if (person.firstName || !firstLink) firstName = person.firstName;
      if (person.lastName || !firstLink) lastName = person.lastName;
      attributes = boundedAttributes(local.attributes, attributesFrom(person, link.fieldMap, local.attributes, firstLink), counts.dropped);
    }
    const changed = status !== local.status || firstName !== local.firstName || lastName !== local.lastName || JSON.stringify(attributes) !== JSON.stringify(local.attributes);
    if (changed) {
      changes.push({ id: local.id, firstName, lastName, attributes, status });
      if (status === local.status) counts.updated += 1;
    }
    const membership = membershipFor(state.status, person.status);
    if (local.membership === null || (local.membership === 'unconfirmed' && membership === 'confirmed') || (membership === 'unsubscribed' && local.membership !== 'unsubscribed')) {
      memberships.push({ id: local.id, membership });
    }
    synced.push({ subscriberId: local.id, remoteId: person.remoteId, hash });
    // Where this side won, the platform is told: the push reads people whose change_seq moved.
    if (localWinsStatus || !remoteNewer) pushBack.push(local.id);
  }

  for (const person of archived) {
    const local = matches.get(person.email);
    if (local?.syncedHash) synced.push({ subscriberId: local.id, remoteId: person.remoteId, hash: local.syncedHash, archived: true });
  }

  await db.transaction(async (tx) => {
    // A page is read again after a crash (its cursor is saved after it, in the same order), so its
    // commit need not wait for the disk: a hundred pages do not cost a hundred flushes.
    await setLocalAsyncCommit(tx);
    const added = await insertPeople(tx, link.customerId, link.listId, context.source, additions, now);
    for (const [email, id] of added) {
      const remote = remoteOfNew.get(email);
      if (remote) synced.push({ subscriberId: id, remoteId: remote.remoteId, hash: remote.hash });
    }
    await updatePeople(tx, changes, now);
    for (const email of lifted) await liftSuppression(tx, link.customerId, suppressionHash(email), ['unsubscribed']);
    await setMemberships(tx, link.listId, memberships, now);
    await recordSynced(tx, link.id, synced, now);
    await touchForPush(tx, pushBack);
    await addOptOuts(tx, link.id, optOuts, now);
  });
  counts.optOuts = optOuts.length;
  return counts;
}
