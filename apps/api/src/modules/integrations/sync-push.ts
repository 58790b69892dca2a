import type { Db } from '../../db/client';
import type { SyncRunError } from '../../db/schema/connections';
import { localState, stateHash, type SyncState } from './person-state';
import { type PersonWrite, type PlatformClient, PlatformError } from './platform-client';
import { type PushCandidate, pushCandidates, recordSynced } from './sync-people.repository';

// Writes to a platform what changed here: people whose change_seq passed the link's cursor and
// whose state differs from what the platform last had. The cursor is re-read from a little before
// (a transaction that took its number earlier may commit later); what is already there is skipped
// by its hash, so reading twice writes nothing twice.

/** How far before the cursor each push starts reading again. */
export const PUSH_OVERLAP = 1_000;
const PAGE = 200;

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

function writeOf(state: SyncState): PersonWrite {
  return { email: state.email, firstName: state.firstName, lastName: state.lastName, fields: state.fields, status: state.status === 'in' ? 'subscribed' : state.status };
}

/** Whether this person's state here should go to the platform at all. */
function shouldPush(candidate: PushCandidate, state: SyncState, hash: string): boolean {
  if (candidate.archived || candidate.syncedHash === hash) return false;
  // Someone the platform does not have yet goes there once confirmed on the linked list; an
  // opt-out goes only to a platform that has the person.
  if (candidate.syncedHash === null) return state.status === 'in' && candidate.membership === 'confirmed';
  return true;
}

/** One page of the push; answers whether more may follow. */
export async function pushPage(db: Db, client: PlatformClient, link: PushLink, progress: PushProgress, now: () => Date): Promise<boolean> {
  const candidates = await pushCandidates(db, link, progress.after, PAGE);
  const writes: Array<{ candidate: PushCandidate; write: PersonWrite; hash: string }> = [];
  for (const candidate of candidates) {
    const state = localState(candidate, link.fieldMap);
    const hash = stateHash(state);
    if (shouldPush(candidate, state, hash)) writes.push({ candidate, write: writeOf(state), hash });
  }
  if (writes.length > 0) {
    const results = await client.upsertMany(link.remoteAudienceId, writes.map((entry) => entry.write));
    const done: Array<{ subscriberId: string; remoteId: string; hash: string }> = [];
    for (const [index, entry] of writes.entries()) {
      let result = results[index];
      // A platform that lets only the person back in after an opt-out (Mailchimp's compliance
      // state) takes `pending`: it asks them to confirm.
      if (result instanceof PlatformError && result.kind === 'refused' && entry.write.status === 'subscribed') {
        result = await client.upsert(link.remoteAudienceId, { ...entry.write, status: 'pending' }).catch((error: unknown) => error as PlatformError);
      }
      if (result instanceof PlatformError) {
        if (result.kind === 'unauthorized' || result.kind === 'rate_limited' || result.kind === 'transient') throw result;
        progress.errors.push({ email: entry.write.email, message: result.message });
        continue;
      }
      if (!result) continue;
      done.push({ subscriberId: entry.candidate.id, remoteId: result.remoteId, hash: entry.hash });
      if (entry.write.status === 'subscribed' || entry.write.status === 'pending') progress.updated += 1;
      else progress.suppressed += 1;
    }
    await recordSynced(db, link.id, done, now());
  }
  progress.processed += candidates.length;
  const last = candidates.at(-1);
  if (last) progress.after = last.changeSeq;
  return candidates.length === PAGE;
}
