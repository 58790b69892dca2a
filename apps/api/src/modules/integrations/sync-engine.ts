import { INTEGRATION_LIMITS } from '@postlark/shared/integrations';
import type { SyncRunError } from '../../db/schema/connections';
import { claimDueRun, connectionById, type ConnectionRow, findLink, type LinkRow, PUSH_RECONCILE_EVERY_MS, queueDuePolls, queueDuePushes, queueRun, type RunProgress, type RunRow, saveRunProgress, settleRun, updateLink } from './connections.repository';
import { breakConnection, clientOfConnection } from './connections.service';
import { registerWebhook } from './platform-webhooks.service';
import { importHistoryPage } from './sync-history';
import { type PlatformClient, PlatformError } from './platform-client';
import { applyRemotePeople } from './sync-apply';
import { startSlice, type SyncDeps } from './sync-deps';
import { sendPendingOptOuts } from './sync-opt-outs';
import { latestChangeSeq, PUSH_OVERLAP, pushPage } from './sync-push';

// The sync's worker (decision 011): runs are its queue. Each pass queues the polls that are due and
// a push for every link with changes here, then takes one run (the customers in turn) and works on
// it for a slice of time, saving its cursor after every page: a run a stopped worker held is taken
// over where it stopped. Any number of workers may run at once (claims are SKIP LOCKED with a
// lease). Delivery through the platforms has its own loop (platform-loops.ts), so no run, however
// long or slow its platform, holds up a campaign.

/** What a run keeps between slices, beside its counts. */
interface RunCursor {
  /** import/poll: the platform's page cursor; history: the client's. */
  page?: string | null;
  /** poll: the change time asked from; the latest seen so far. */
  since?: string | null;
  latest?: string | null;
  /** push: the change_seq read up to. */
  after?: number;
  /** push: the customer's highest change_seq when the run began: the link's cursor moves there at its end. */
  target?: number;
  /** push: this run reads everyone from 0 (the daily reconciliation). */
  full?: boolean;
  /** import/poll: every page is read; what is left is sending the link's pending opt-outs (sync-opt-outs.ts). */
  readDone?: boolean;
  startedAt?: string;
  failures?: number;
}

function progressOf(run: RunRow): RunProgress {
  return { cursor: run.cursor, processed: run.processed, total: run.total, added: run.added, updated: run.updated, suppressed: run.suppressed, errors: [...run.errors], dropped: run.dropped, droppedReasons: { ...run.droppedReasons } };
}

type Outcome = { done: boolean };

/** Distinct reasons a run keeps for what it left out; later ones are counted in the total only. */
const DROP_REASONS_KEPT = 20;

function keepDropped(progress: RunProgress, dropped: Record<string, number>): void {
  for (const [reason, count] of Object.entries(dropped)) {
    progress.dropped += count;
    if (reason in progress.droppedReasons || Object.keys(progress.droppedReasons).length < DROP_REASONS_KEPT) progress.droppedReasons[reason] = (progress.droppedReasons[reason] ?? 0) + count;
  }
}

/** The run's lease went to another worker (this one was too slow): stop, writing nothing more. */
class LeaseLost extends Error {}

async function readPeopleSlice(deps: SyncDeps, client: PlatformClient, connection: ConnectionRow, link: LinkRow, run: RunRow, progress: RunProgress, cursor: RunCursor): Promise<Outcome> {
  const slice = startSlice(deps);
  if (!cursor.readDone) {
    const context = { link: { id: link.id, customerId: link.customerId, listId: link.listId, fieldMap: link.fieldMap }, source: connection.platform, now: deps.now() };
    const changedSince = cursor.since ? new Date(cursor.since) : null;
    const read = (pageCursor: string | null) => {
      const reading = client.people(link.remoteAudienceId, { cursor: pageCursor, changedSince });
      // Awaited on the next turn; until then a failure must not count as unhandled.
      reading.catch(() => undefined);
      return reading;
    };
    let next = read(cursor.page ?? null);
    for (;;) {
      const page = await next;
      // The next page is read while this one is stored: the platform's time and ours overlap.
      if (page.next && !slice.over()) next = read(page.next);
      const counts = await applyRemotePeople(deps.db, { ...context, now: deps.now() }, page.people);
      progress.processed += page.people.length;
      progress.added += counts.added;
      progress.updated += counts.updated;
      progress.suppressed += counts.suppressed;
      keepDropped(progress, counts.dropped);
      if (page.total !== null) progress.total = page.total;
      for (const person of page.people) {
        if (person.changedAt && (!cursor.latest || person.changedAt.toISOString() > cursor.latest)) cursor.latest = person.changedAt.toISOString();
      }
      cursor.page = page.next;
      if (!page.next) cursor.readDone = true;
      progress.cursor = { ...cursor };
      if (!page.next) break;
      if (slice.over()) return { done: false };
      await settleProgress(deps, run, progress);
    }
    await settleProgress(deps, run, progress);
    if (slice.over()) return { done: false };
  }
  // Every page read: now the opt-outs go (a person written to moves to the end of the platform's order).
  const sent = await sendPendingOptOuts(deps, client, link, progress, { over: slice.over, save: () => settleProgress(deps, run, progress) });
  if (!sent) return { done: false };
  await settleProgress(deps, run, progress);
  // The next poll asks from the latest change seen; an import, from when it started (what changed
  // during it is read again, and found unchanged by its hash).
  const since = run.kind === 'import' ? (cursor.startedAt ?? null) : (cursor.latest ?? cursor.since ?? null);
  const now = deps.now();
  await updateLink(deps.db, link.id, {
    pollCursor: since ? { since, seen: [] } : null,
    lastPolledAt: now,
    ...(run.kind === 'import' && { importedAt: now, nextPollAt: new Date(now.getTime() + deps.settings.pollEveryMs) }),
  });
  // What this side won goes back, and a first import brings the history where the platform has it.
  await queueRun(deps.db, { connectionId: connection.id, linkId: link.id, kind: 'push', now });
  if (run.kind === 'import' && deps.webhookBaseUrl) {
    try {
      await registerWebhook(deps.db, client, link, deps.webhookBaseUrl);
    } catch (error) {
      // Polling still keeps the audience in sync; the run says why webhooks are off.
      if (error instanceof PlatformError && error.kind !== 'unauthorized') progress.errors.push({ email: null, message: `Webhook not registered: ${error.message}` });
      else throw error;
    }
  }
  if (run.kind === 'import' && client.history) await queueRun(deps.db, { connectionId: connection.id, linkId: link.id, kind: 'history', now });
  return { done: true };
}

/**
 * The push scans the customer's people by change_seq and, at its end, moves the link's cursor to the
 * highest change_seq the customer had when it began: people of other lists are scanned past too, so
 * their changes do not queue a push on every pass. A transaction that drew its number earlier can
 * commit after the cursor passed it: each push re-reads PUSH_OVERLAP numbers before the cursor, and
 * once a day (PUSH_RECONCILE_EVERY_MS) a push reads everyone from 0 — a late commit, or a write the
 * platform refused, is written then at the latest; hashes make what is already there cost nothing.
 */
async function pushSlice(deps: SyncDeps, client: PlatformClient, _connection: ConnectionRow, link: LinkRow, run: RunRow, progress: RunProgress, cursor: RunCursor): Promise<Outcome> {
  const slice = startSlice(deps);
  if (cursor.target === undefined) {
    cursor.target = await latestChangeSeq(deps.db, link.customerId);
    const reconciledAt = link.pushReconciledAt?.getTime() ?? null;
    cursor.full = reconciledAt === null || reconciledAt + PUSH_RECONCILE_EVERY_MS <= deps.now().getTime();
    cursor.after = cursor.full ? 0 : Math.max(0, link.pushCursor - PUSH_OVERLAP);
  }
  const state = { after: cursor.after ?? 0, processed: progress.processed, updated: progress.updated, suppressed: progress.suppressed, errors: progress.errors };
  let more = true;
  while (more) {
    more = await pushPage(deps.db, client, link, state, deps.now);
    Object.assign(progress, { processed: state.processed, updated: state.updated, suppressed: state.suppressed, errors: state.errors, cursor: { ...cursor, after: state.after } });
    if (more && slice.over()) return { done: false };
    if (more) await settleProgress(deps, run, progress);
  }
  await settleProgress(deps, run, progress);
  const latest = await findLink(deps.db, link.id);
  const reached = Math.max(state.after, cursor.target);
  const moved = {
    ...(latest && reached > latest.pushCursor && { pushCursor: reached }),
    ...(cursor.full && { pushReconciledAt: new Date(cursor.startedAt ?? deps.now().toISOString()) }),
  };
  if (Object.keys(moved).length > 0) await updateLink(deps.db, link.id, moved);
  return { done: true };
}

async function historySlice(deps: SyncDeps, client: PlatformClient, connection: ConnectionRow, link: LinkRow, run: RunRow, progress: RunProgress, cursor: RunCursor): Promise<Outcome> {
  if (!client.history) return { done: true };
  const slice = startSlice(deps);
  for (;;) {
    const next = await importHistoryPage(deps.db, client, { ...link, source: connection.platform }, cursor, progress, deps.now());
    progress.cursor = { ...cursor };
    if (!next) break;
    if (slice.over()) return { done: false };
    await settleProgress(deps, run, progress);
  }
  await settleProgress(deps, run, progress);
  await updateLink(deps.db, link.id, { historyImportedAt: deps.now(), historyCount: progress.added });
  return { done: true };
}

/** Keeps the run's progress visible (and its lease fresh) between pages; stops a worker whose lease was taken over. */
async function settleProgress(deps: SyncDeps, run: RunRow, progress: RunProgress): Promise<void> {
  if (!(await saveRunProgress(deps.db, run, progress, new Date(deps.now().getTime() + deps.settings.leaseMs)))) throw new LeaseLost();
}

async function failure(deps: SyncDeps, connection: ConnectionRow, run: RunRow, progress: RunProgress, cursor: RunCursor, error: unknown): Promise<void> {
  const now = deps.now();
  const errorsKept = INTEGRATION_LIMITS.errorsKept;
  if (error instanceof PlatformError && error.kind === 'unauthorized') {
    // A revoked key breaks the connection, says why, and tells the customer once; its runs wait for a reconnect.
    await breakConnection(deps.db, connection, error.message, now);
    progress.errors.push({ email: null, message: error.message });
    await settleRun(deps.db, run, progress, { status: 'failed', now }, errorsKept);
    return;
  }
  if (error instanceof PlatformError && error.kind === 'rate_limited') {
    // The platform said when: the run waits for it, having lost nothing.
    await settleRun(deps.db, run, progress, { status: 'queued', dueAt: error.retryAt ?? new Date(now.getTime() + 60_000) }, errorsKept);
    return;
  }
  const message = error instanceof PlatformError ? error.message : 'The sync stopped on an error on our side; it will try again.';
  if (!(error instanceof PlatformError)) deps.log.error({ runId: run.id, reason: error instanceof Error ? error.message : String(error) }, 'sync run failed');
  const failures = (cursor.failures ?? 0) + 1;
  progress.cursor = { ...cursor, failures };
  if (failures >= deps.settings.maxFailures || (error instanceof PlatformError && error.kind === 'not_found')) {
    progress.errors.push({ email: null, message });
    await settleRun(deps.db, run, progress, { status: 'failed', now }, errorsKept);
    return;
  }
  await settleRun(deps.db, run, progress, { status: 'queued', dueAt: new Date(now.getTime() + 30_000 * 2 ** (failures - 1)) }, errorsKept);
}

/** Works on one claimed run for a slice. */
export async function workOnRun(deps: SyncDeps, run: RunRow): Promise<void> {
  const connection = await connectionById(deps.db, run.connectionId);
  const link = run.linkId ? await findLink(deps.db, run.linkId) : undefined;
  const progress = progressOf(run);
  const cursor: RunCursor = { ...(run.cursor as RunCursor | null) };
  if (!connection || !link) {
    await settleRun(deps.db, run, progress, { status: 'failed', now: deps.now() }, INTEGRATION_LIMITS.errorsKept);
    return;
  }
  if (run.kind === 'poll' && cursor.since === undefined) cursor.since = link.pollCursor?.since ?? null;
  cursor.startedAt ??= deps.now().toISOString();
  try {
    const client = await clientOfConnection(deps, connection);
    const slice = run.kind === 'push' ? pushSlice : run.kind === 'history' ? historySlice : readPeopleSlice;
    const outcome = await slice(deps, client, connection, link, run, progress, cursor);
    await settleRun(deps.db, run, progress, outcome.done ? { status: 'done', now: deps.now() } : { status: 'queued', dueAt: deps.now() }, INTEGRATION_LIMITS.errorsKept);
  } catch (error) {
    // Another worker holds the run now: it carries on from the last saved page; this one writes nothing.
    if (error instanceof LeaseLost) return;
    await failure(deps, connection, run, progress, cursor, error);
  }
}

/** One pass: queues what is due, then works on one run for a slice. Answers whether there was a run. */
export async function runSyncPass(deps: SyncDeps): Promise<boolean> {
  const now = deps.now();
  await queueDuePolls(deps.db, now, deps.settings.pollEveryMs);
  await queueDuePushes(deps.db, now);
  const run = await claimDueRun(deps.db, deps.now(), deps.settings.leaseMs);
  if (run) await workOnRun(deps, run);
  return run !== undefined;
}

export type { SyncRunError };
