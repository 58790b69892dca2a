import { addNote, type ClaimedStep, deferStep } from './engine.repository';
import type { FlowEngineDeps } from './flow-engine-deps';
import { markEmailFailed } from './flow-email-ledger';
import { settleAndAdvance } from './flow-steps';

// A step put off, or tried again later, with the reason noted in its run: emails and webhooks alike.

const retryAt = (deps: FlowEngineDeps, attempts: number) => new Date(deps.now().getTime() + deps.settings.retryBaseMs * 4 ** Math.max(0, attempts - 1));

/** A step put off (quiet hours, the cap, the quota): pending again until `until`, with the reason noted. */
export async function deferWithNote(deps: FlowEngineDeps, claimed: ClaimedStep, until: Date, reason: string, countAttempt: boolean) {
  await deps.db.transaction(async (tx) => {
    if (await deferStep(tx, claimed.id, until, reason, { countAttempt })) await addNote(tx, claimed.runId, claimed.stepId, 'deferred', reason, deps.now());
  });
}

/**
 * A temporary failure: tried again later, and after the last attempt failed (the run goes on).
 * `plan`: when the next attempt is, or that it is given up on, instead of counting attempts.
 */
export async function retryOrFail(deps: FlowEngineDeps, claimed: ClaimedStep, reason: string, uncounted = false, plan?: { at: Date; giveUp: string | null }) {
  const { db } = deps;
  const giveUp = plan ? plan.giveUp : !uncounted && claimed.attempts >= deps.settings.maxAttempts ? `Gave up after ${claimed.attempts} attempts.` : null;
  if (giveUp) {
    return db.transaction(async (tx) => {
      if (claimed.stepType === 'email') await markEmailFailed(tx, claimed.id, reason);
      await settleAndAdvance(tx, claimed, { status: 'failed', outcome: 'next', reason: `${giveUp} ${reason}` }, deps.now());
    });
  }
  const when = plan?.at ?? (uncounted ? new Date(deps.now().getTime() + deps.settings.retryBaseMs) : retryAt(deps, claimed.attempts));
  await db.transaction(async (tx) => {
    const text = `Deferred: ${reason} Trying again at ${when.toISOString()}.`;
    if (await deferStep(tx, claimed.id, when, text, { countAttempt: !uncounted })) await addNote(tx, claimed.runId, claimed.stepId, 'deferred', text, deps.now());
  });
}
