import { FLOW_RUN_TEXTS } from '@postlark/shared/automations-messages';
import { SENDING_REFUSAL_TEXTS } from '@postlark/shared/sending-refusals';
import type { Db } from '../../db/client';
import { temporaryRetry } from '../campaigns/send-refusals';
import { markSent } from '../campaigns/sending.repository';
import { addNote, type ClaimedStep, endRun, renewStepClaims, type SentStep, settleStep, settleSteps } from './engine.repository';
import type { FlowEngineDeps } from './flow-engine-deps';
import { decideEmails } from './flow-email-decide';
import { dropReserved, offerQueue, queueEmailSentEvents, releaseReserved } from './flow-email-ledger';
import { type SendResult, sendEmail } from './flow-email-send';
import type { EmailToSend, EmailWork } from './flow-email-work';
import { deferWithNote, retryOrFail } from './flow-retries';
import { advanceMany, settleAndAdvance } from './flow-steps';

// A pass's email steps, from the decision to the relay and back: sent over lanes of their own
// (never behind a webhook), settled and moved on together.

/**
 * An email step that cannot go for a reason of its own (sender, content): failed, and the run ends
 * there (shown in the step's failed count, the run's notes and its end), so no later step acts as
 * if the person had been emailed.
 */
async function stopAtEmail(deps: FlowEngineDeps, claimed: ClaimedStep, reason: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await settleStep(tx, claimed.id, { status: 'failed', outcome: 'stopped', reason }, now))) return;
    await addNote(tx, claimed.runId, claimed.stepId, 'failed', reason, now);
    await endRun(tx, claimed.runId, 'exited', FLOW_RUN_TEXTS.stoppedAtEmail(claimed.stepId, reason), now);
  });
}

/**
 * A batch's email steps: decided together (a few statements for the whole batch: people, the
 * suppression check, quota, cap and ledger rows), offered over `concurrency` lanes that each hold
 * one email at a time (one statement records the last as sent and offers the next, so a crash
 * leaves at most one unknown per lane), then the sent ones settled and moved on in one transaction.
 */
export async function runEmailSteps(deps: FlowEngineDeps, works: readonly EmailWork[]) {
  if (works.length === 0) return;
  const { db, settings } = deps;
  const decisions = await decideEmails(db, works, { messageIdDomain: settings.messageIdDomain, quotas: deps.quotas, now: deps.now(), sending: deps.sending });
  const queue: EmailToSend[] = [];
  for (const decision of decisions) {
    if (decision.kind === 'send') queue.push(decision.email);
    else if (decision.kind === 'skip' && decision.stops) await stopAtEmail(deps, decision.work.claimed, decision.reason);
    else if (decision.kind === 'skip') await db.transaction((tx) => settleAndAdvance(tx, decision.work.claimed, { status: 'skipped', outcome: 'next', reason: decision.reason }, deps.now()));
    else await deferWithNote(deps, decision.work.claimed, decision.until, decision.reason, false);
  }
  if (queue.length === 0) return;
  // A slow relay may hold the batch past the lease: renewed, no one takes its steps for a dead worker's.
  const held = queue.map((email) => email.work.claimed.id);
  const renewal = setInterval(() => {
    renewStepClaims(db, held, deps.now()).catch((error: unknown) => deps.log.warn({ err: error }, 'could not renew the lease of flow emails'));
  }, settings.leaseMs / 3);
  const sent: EmailToSend[] = [];
  const offer = offerQueue(db, deps.now);
  // Once the relay cannot be reached, the rest of the batch is not offered (as the campaign sender does).
  let relayDown: string | undefined;
  const lane = async () => {
    // The email this lane last had taken by the relay: recorded as sent with the lane's next offer
    // (or with the batch's settling, below).
    let previous: number | null = null;
    for (let email = relayDown ? undefined : queue.shift(); email; email = relayDown ? undefined : queue.shift()) {
      const { claimed } = email.work;
      try {
        const offered = await offer(email.ledgerId, previous);
        previous = null;
        // No longer this worker's (its step was recovered after the lease): whoever holds it now sends it.
        if (offered === 'lost') continue;
        if (offered === 'ended') {
          // As a step claimed after its run ended: not sent, and the run is not moved.
          await dropReserved(db, email.ledgerId);
          await settleStep(db, claimed.id, { status: 'skipped', outcome: 'next', reason: 'The run had ended.' }, deps.now());
          continue;
        }
        const result = await sendEmail(db, deps.transport, deps.links, email, deps.now);
        if (result.kind === 'sent') {
          sent.push(email);
          previous = email.ledgerId;
        } else if (result.kind === 'failed') {
          await db.transaction((tx) => settleAndAdvance(tx, claimed, { status: 'failed', outcome: 'next', reason: result.reason }, deps.now()));
        } else {
          // Unreachable, or asking to slow down: the rest of the batch is not offered either.
          if (result.cause === 'relay' || result.cause === 'throttle') relayDown ??= result.reason;
          if (result.cause === 'throttle') await deps.onThrottle?.({ verdict: result.failure.verdict, words: result.reason, pauseMs: settings.retryBaseMs, at: deps.now() });
          await retryEmail(deps, claimed, result);
        }
      } catch (error) {
        // Left running: after the lease it is recovered (done when sent, unknown when offered, else run again).
        deps.log.error({ err: error, stepRunId: claimed.id }, 'a flow email step failed');
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, queue.length)) }, lane));
  } finally {
    clearInterval(renewal);
  }
  if (relayDown !== undefined) {
    const notOffered = queue.splice(0);
    await releaseReserved(db, notOffered.map((email) => email.ledgerId), relayDown, deps.now());
    for (const email of notOffered) await retryOrFail(deps, email.work.claimed, `The relay did not take the email: ${relayDown}`, true);
  }
  await settleSent(
    deps,
    sent.map((email) => ({ ...email.work.claimed, messageId: email.messageId, email: email.person.email, customerId: email.person.customerId, ledgerId: email.ledgerId })),
  );
}

/** Emails the relay took (ledger sent): their steps done, the customer's systems told, their runs moved on, in one transaction. */
export async function settleSent(deps: FlowEngineDeps, steps: readonly SentStep[], alreadySettled = false) {
  if (steps.length === 0) return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!alreadySettled) await markSent(tx, steps.map((step) => step.ledgerId), now);
    const settled = alreadySettled ? steps : await settledOf(tx, steps, now);
    await queueEmailSentEvents(
      tx,
      settled.map((step) => ({ customerId: step.customerId, flowId: step.flowId, stepId: step.stepId, runId: step.runId, subscriberId: step.subscriberId, email: step.email, messageId: step.messageId })),
      now,
    );
    await advanceMany(tx, settled, 'next', now);
  });
}

async function settledOf(tx: Db, steps: readonly SentStep[], now: Date) {
  const settled = await settleSteps(tx, steps.map((step) => step.id), { status: 'done', outcome: 'next' }, now);
  return steps.filter((step) => settled.has(step.id));
}

/**
 * An email the relay did not take, by why: never a bounce here. Unreachable or throttling: again
 * soon, uncounted; the sender refused: its attempts, then failed with the relay's words; a
 * temporary failure: within the retry window (SEND_RETRY_HOURS), however many attempts that takes.
 */
async function retryEmail(deps: FlowEngineDeps, claimed: ClaimedStep, result: Extract<SendResult, { kind: 'retry' }>) {
  const reason = `The relay did not take the email: ${result.reason}`;
  if (result.cause === 'relay' || result.cause === 'throttle') return retryOrFail(deps, claimed, reason, true);
  if (result.cause === 'sender') return retryOrFail(deps, claimed, SENDING_REFUSAL_TEXTS.stepRefused(result.reason));
  return retryOrFail(deps, claimed, reason, false, temporaryRetry(deps.now(), claimed.attempts, result.deferredSince, deps.settings));
}
