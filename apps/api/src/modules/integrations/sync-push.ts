import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { SyncRunError } from '../../db/schema/connections';
import { localState, stateHash, type SyncState } from './person-state';
import { isOptOutWrite, type PersonWrite, type PlatformClient, PlatformError } from './platform-client';
import { type PushCandidate, pushCandidates, recordSynced } from './sync-people.repository';

// Writes to a platform what changed here: people whose change_seq passed the link's cursor and
// whose state differs from what the platform last had. The cursor is re-read from a little before
// (a transaction that took its number earlier may commit later), and once a day from 0 (sync-engine.ts
// pushSlice); what is already there is skipped by its hash, so reading twice writes nothing twice.
// A hash is recorded only for what the platform now holds: a write it refused is not.

/** How far before the cursor each push starts reading again. */
export const PUSH_OVERLAP = 1_000;
/** People scanned a page (by index, cheap); those that concern the link are compared and written. */
const PAGE = 1_000;

export interface PushLink {
  id: string;
  customerId: string;
  listId: string;
  remoteAudienceId: string;
  fieldMap: Record<string, string>;
}

export interface PushProgress {
  after: number;
  processed: number;
  updated: number;
  suppressed: number;
  errors: SyncRunError[];
}

function writeOf(state: SyncState, candidate: PushCandidate): PersonWrite {
  // Opted out here: everywhere. Only off the linked list: out of that audience, not from all email (Brevo's blocklist, HubSpot's opt-out).
  const left = state.status === 'unsubscribed' && candidate.status !== 'unsubscribed' && candidate.membership === 'unsubscribed';
  return { email: state.email, firstName: state.firstName, lastName: state.lastName, fields: state.fields, status: state.status === 'in' ? 'subscribed' : left ? 'left' : state.status };
}

/** Whether this person's state here should go to the platform at all. */
function shouldPush(candidate: PushCandidate, state: SyncState, hash: string): boolean {
  if (candidate.archived || candidate.syncedHash === hash) return false;
  // Someone the platform does not have yet goes there once confirmed on the linked list; an
  // opt-out goes only to a platform that has the person.
  if (candidate.syncedHash === null) return state.status === 'in' && candidate.membership === 'confirmed';
  return true;
}

const asError = (error: unknown): PlatformError => (error instanceof PlatformError ? error : new PlatformError('transient', String(error)));

/** The customer's highest change_seq now: where a push that began now may move the link's cursor once it has scanned up to it. */
export async function latestChangeSeq(db: Db, customerId: string): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(change_seq), 0) as seq from subscribers where customer_id = ${customerId}::uuid`);
  return Number(rowsOf<{ seq: number | string }>(result)[0]?.seq ?? 0);
}

/** One page of the push; answers whether more may follow. */
export async function pushPage(db: Db, client: PlatformClient, link: PushLink, progress: PushProgress, now: () => Date): Promise<boolean> {
  const { candidates, scannedUpTo, scanned } = await pushCandidates(db, link, progress.after, PAGE);
  const writes: Array<{ candidate: PushCandidate; write: PersonWrite; hash: string }> = [];
  for (const candidate of candidates) {
    const state = localState(candidate, link.fieldMap);
    const hash = stateHash(state);
    if (shouldPush(candidate, state, hash)) writes.push({ candidate, write: writeOf(state, candidate), hash });
  }
  if (writes.length > 0) {
    const results = await client.upsertMany(link.remoteAudienceId, writes.map((entry) => entry.write));
    const done: Array<{ subscriberId: string; remoteId: string; hash: string }> = [];
    for (const [index, entry] of writes.entries()) {
      let result = results[index];
      // A platform that lets only the person back in after an opt-out (Mailchimp's compliance
      // state) takes `pending`: it asks them to confirm. One that has no such way refuses it and
      // writes nothing: the person stays out there, and nothing is recorded as synced.
      if (result instanceof PlatformError && result.kind === 'refused' && entry.write.status === 'subscribed') {
        result = await client.upsert(link.remoteAudienceId, { ...entry.write, status: 'pending' }).catch(asError);
      }
      // An opt-out is never given up for a refused name or field: its status alone, the refusal still told.
      if (result instanceof PlatformError && result.kind === 'refused' && isOptOutWrite(entry.write)) {
        const refusal = result;
        const alone = await client.upsert(link.remoteAudienceId, { ...entry.write, statusOnly: true }).catch(asError);
        result = alone instanceof PlatformError ? alone : { ...alone, fieldsRefused: refusal.message };
      }
      if (result instanceof PlatformError) {
        if (result.kind === 'unauthorized' || result.kind === 'rate_limited' || result.kind === 'transient') throw result;
        // Not recorded as synced: the daily full push (sync-engine.ts) tries this person again.
        progress.errors.push({ email: entry.write.email, message: result.message });
        continue;
      }
      if (!result) continue;
      if (entry.write.status === 'subscribed' || entry.write.status === 'pending') progress.updated += 1;
      else progress.suppressed += 1;
      if (result.fieldsRefused !== undefined) {
        // The opt-out is there, but not the fields: what the platform holds is not our state, so no hash is
        // recorded (the next read or push compares afresh); the refusal stays visible on the run.
        progress.errors.push({ email: entry.write.email, message: `${result.fieldsRefused} (opted out there without the fields)` });
        continue;
      }
      done.push({ subscriberId: entry.candidate.id, remoteId: result.remoteId, hash: entry.hash });
    }
    await recordSynced(db, link.id, done, now());
  }
  progress.processed += candidates.length;
  if (scannedUpTo !== null) progress.after = scannedUpTo;
  return scanned === PAGE;
}
