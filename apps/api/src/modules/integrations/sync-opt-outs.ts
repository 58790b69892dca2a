import type { LinkRow, RunProgress } from './connections.repository';
import { dropOptOuts, nextOptOuts } from './opt-outs.repository';
import { type PersonWrite, type PlatformClient, PlatformError } from './platform-client';
import type { SyncDeps } from './sync-deps';

// The opt-outs a read found (sync-apply.ts stores them in connection_opt_outs with their page) go
// to the platform after the run's last page: a write made mid-read moves the person in the
// platform's change order and would shift its offset pages. They go a batch at a time, sliced like
// the page reads: a backlog of a hundred thousand is many turns of the run, never one.

/**
 * Sends the link's pending opt-outs until none is left (answers true) or the slice is over after a
 * batch (false: the run comes back for the rest). A batch the platform took is gone from the table;
 * one it could not take now (a revoked key, a rate limit, an outage) stays and the error goes up.
 */
export async function sendPendingOptOuts(
  deps: SyncDeps,
  client: PlatformClient,
  link: Pick<LinkRow, 'id' | 'remoteAudienceId'>,
  progress: RunProgress,
  slice: { over(): boolean; save(): Promise<void> },
): Promise<boolean> {
  for (;;) {
    const emails = await nextOptOuts(deps.db, link.id, deps.settings.optOutBatch);
    if (emails.length === 0) return true;
    const writes: PersonWrite[] = emails.map((email) => ({ email, firstName: '', lastName: '', fields: {}, status: 'unsubscribed', statusOnly: true }));
    const results = await client.upsertMany(link.remoteAudienceId, writes);
    for (const [index, result] of results.entries()) {
      if (!(result instanceof PlatformError)) continue;
      if (result.kind === 'unauthorized' || result.kind === 'rate_limited' || result.kind === 'transient') throw result;
      progress.errors.push({ email: writes[index]?.email ?? null, message: result.message });
    }
    await dropOptOuts(deps.db, link.id, emails);
    await slice.save();
    // A batch short of full was the last one.
    if (emails.length < deps.settings.optOutBatch) return true;
    if (slice.over()) return false;
  }
}
