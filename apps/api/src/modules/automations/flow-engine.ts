import type { SendingPolicy } from '../../mail/sending-policy';
import type { FlowStep } from '@postlark/shared/automations';
import { FLOW_RUN_TEXTS } from '@postlark/shared/automations-messages';
import { SENDING_REFUSAL_TEXTS } from '@postlark/shared/sending-refusals';
import type { SmtpReplyVerdict } from '../../mail/smtp-reply';
import { temporaryRetry } from '../campaigns/send-refusals';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { CampaignLinks } from '../campaigns/campaign-message';
import type { CampaignTransport } from '../campaigns/campaign-transport';
import { markSent } from '../campaigns/sending.repository';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import type { Quotas } from '../senders/quotas';
import {
  addNote,
  type ClaimedStep,
  claimDueSteps,
  deferStep,
  endRun,
  holdClaim,
  holdClaims,
  markCalling,
  recoverAbandoned,
  renewStepClaims,
  runState,
  runStates,
  type SentStep,
  settleStep,
  settleSteps,
} from './engine.repository';
import { decideEmails } from './flow-email-decide';
import { dropReserved, markEmailFailed, offerQueue, queueEmailSentEvents, releaseReserved } from './flow-email-ledger';
import { type SendResult, sendEmail } from './flow-email-send';
import type { EmailToSend, EmailWork } from './flow-email-work';
import { processEntries } from './flow-entries';
import { stepById } from './flow-graph';
import { personById } from './flow-people';
import { scanTriggers } from './flow-scans';
import { advanceMany, definitionOf, runLocalStep, settleAndAdvance } from './flow-steps';
import { callWebhook } from './flow-webhook';

// The automation engine (docs/decisions/007-automations.md): a pass recovers steps a dead
// worker left, looks at segment and date triggers, turns the inbox into runs, then claims due
// steps (FOR UPDATE SKIP LOCKED, with a lease) and runs each. Every move is a conditional update.

export interface FlowEngineSettings {
  /** Steps one pass claims at most (a crash returns those not begun to pending). */
  batchSize: number;
  /** Inbox entries one pass turns into runs at most (default: batchSize). */
  entryBatchSize?: number;
  /** Steps worked on at once (each lane one at a time): at most this many can be left unknown by a crash. */
  concurrency: number;
  /** A step claimed longer ago than this by a worker that never settled it is its crash's. */
  leaseMs: number;
  /** How long an idle engine waits before looking again. */
  idleMs: number;
  /** The wait before a temporarily refused email or failed webhook is tried again (then 4 times as long each time). */
  retryBaseMs: number;
  /** Attempts before a webhook step, or an email step the relay refused for the sender's reasons, counts as failed (the run goes on). */
  maxAttempts: number;
  /** How long an email's temporary failures (4xx) are retried, from the first (SEND_RETRY_HOURS; 48 h by default). */
  retryWindowMs?: number;
  messageIdDomain: string;
  /** How often segment and date triggers are looked at. */
  scanIntervalMs: number;
  webhookTimeoutMs: number;
}

export interface FlowEngineDeps {
  db: Db;
  now: () => Date;
  transport: CampaignTransport;
  links: CampaignLinks;
  /** The accounts' quotas: each automation email takes one of the day's campaign messages. */
  quotas: Quotas;
  /** Which From domains sign: an email step's From is checked again before each batch. */
  sending: SendingPolicy;
  /** Where webhook steps may connect (the public internet; loopback too in development). */
  webhookAddresses: AddressCheck;
  /** Opens the sealed secret webhook steps sign with. */
  secrets: SecretBox;
  settings: FlowEngineSettings;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Called at each throttling answer to an email: where the relay budget shared by every process (mail/relay-budget.ts) slows down too. */
  onThrottle?: (throttle: { verdict: SmtpReplyVerdict; words: string; pauseMs: number; at: Date }) => void | Promise<void>;
}

const retryAt = (deps: FlowEngineDeps, attempts: number) => new Date(deps.now().getTime() + deps.settings.retryBaseMs * 4 ** Math.max(0, attempts - 1));

/** A step put off (quiet hours, the cap, the quota): pending again until `until`, with the reason noted. */
async function deferWithNote(deps: FlowEngineDeps, claimed: ClaimedStep, until: Date, reason: string, countAttempt: boolean) {
  await deps.db.transaction(async (tx) => {
    if (await deferStep(tx, claimed.id, until, reason, { countAttempt })) await addNote(tx, claimed.runId, claimed.stepId, 'deferred', reason, deps.now());
  });
}

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
async function runEmailSteps(deps: FlowEngineDeps, works: readonly EmailWork[]) {
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
async function settleSent(deps: FlowEngineDeps, steps: readonly SentStep[], alreadySettled = false) {
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

/**
 * A temporary failure: tried again later, and after the last attempt failed (the run goes on).
 * `plan`: when the next attempt is, or that it is given up on, instead of counting attempts.
 */
async function retryOrFail(deps: FlowEngineDeps, claimed: ClaimedStep, reason: string, uncounted = false, plan?: { at: Date; giveUp: string | null }) {
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

async function runWebhookStep(deps: FlowEngineDeps, claimed: ClaimedStep, step: Extract<FlowStep, { type: 'webhook' }>) {
  const { db } = deps;
  const person = await personById(db, claimed.subscriberId);
  const run = await runState(db, claimed.runId);
  if (!person || !run) return settleAndAdvance(db, claimed, { status: 'skipped', outcome: 'next', reason: 'Not called: the person was erased.' }, deps.now());
  if (!(await markCalling(db, claimed.id, deps.now()))) return;
  const outcome = await callWebhook(
    db,
    { flowId: claimed.flowId, runId: claimed.runId, stepRunId: claimed.id, step, person, trigger: run.context },
    { now: deps.now(), timeoutMs: deps.settings.webhookTimeoutMs, allowed: deps.webhookAddresses, secrets: deps.secrets },
  );
  if (outcome.ok) return db.transaction((tx) => settleAndAdvance(tx, claimed, { status: 'done', outcome: 'next', reason: outcome.detail }, deps.now()));
  return retryOrFail(deps, claimed, `The webhook was not delivered (${outcome.detail}).`);
}

async function runStep(deps: FlowEngineDeps, claimed: ClaimedStep): Promise<void> {
  const { db } = deps;
  const run = await runState(db, claimed.runId);
  if (!run || run.status !== 'active') {
    await settleStep(db, claimed.id, { status: 'skipped', outcome: 'next', reason: 'The run had ended.' }, deps.now());
    return;
  }
  const definition = await definitionOf(db, claimed.flowId, run.flowVersion);
  const step = definition && stepById(definition, claimed.stepId);
  // Removed by a live edit while it was claimed: it moves on where its old path led.
  if (!definition || !step) return db.transaction((tx) => settleAndAdvance(tx, claimed, { status: 'skipped', outcome: 'next', reason: 'The step was removed from the flow.' }, deps.now()));
  if (step.type === 'email') return runEmailSteps(deps, [{ claimed, step, rules: definition.rules, trigger: run.context }]);
  if (step.type === 'webhook') return runWebhookStep(deps, claimed, step);
  const person = await personById(db, claimed.subscriberId);
  if (!person) return;
  await db.transaction((tx) => runLocalStep(tx, { ...claimed, customerId: run.customerId }, step, definition, person, deps.now()));
}

/** The batch's email steps, checked together (held, run active, step still in the flow), then sent as one batch. */
async function runEmailBatch(deps: FlowEngineDeps, claimed: readonly ClaimedStep[]) {
  if (claimed.length === 0) return;
  const { db } = deps;
  const held = await holdClaims(db, claimed, deps.now());
  const runs = await runStates(db, held.map((step) => step.runId));
  const works: EmailWork[] = [];
  for (const step of held) {
    try {
      const run = runs.get(step.runId);
      if (!run || run.status !== 'active') {
        await settleStep(db, step.id, { status: 'skipped', outcome: 'next', reason: 'The run had ended.' }, deps.now());
        continue;
      }
      const definition = await definitionOf(db, step.flowId, run.flowVersion);
      const current = definition && stepById(definition, step.stepId);
      if (current?.type === 'email') works.push({ claimed: step, step: current, rules: definition!.rules, trigger: run.context });
      // Removed by a live edit, or no longer an email: as one step alone.
      else await runStep(deps, step);
    } catch (error) {
      deps.log.error({ err: error, stepRunId: step.id }, 'a flow step failed');
    }
  }
  try {
    await runEmailSteps(deps, works);
  } catch (error) {
    // Left running: after the lease they are recovered (run again, done when sent, or unknown when being offered).
    deps.log.error({ err: error, steps: works.length }, 'a batch of flow emails failed');
  }
}

/** One pass; answers how much it worked on (0: nothing to do right now). */
export async function runFlowsOnce(deps: FlowEngineDeps): Promise<number> {
  const { db, settings } = deps;
  const recovered = await recoverAbandoned(db, new Date(deps.now().getTime() - settings.leaseMs), deps.now());
  const { unknown } = recovered;
  for (const step of unknown) {
    // Never repeated: the run goes on past it.
    await db.transaction((tx) => settleAndAdvance(tx, step, { status: 'unknown', outcome: 'next' }, deps.now()));
  }
  // Sent before the worker stopped: settled done by the recovery, moved on here.
  await settleSent(deps, recovered.sent, true);
  if (unknown.length > 0) deps.log.warn({ steps: unknown.length }, 'flow steps a stopped worker was sending were marked unknown');
  await scanTriggers(db, deps.now(), settings.scanIntervalMs);
  let worked = await processEntries(db, settings.entryBatchSize ?? settings.batchSize, deps.now());
  const claimed = await claimDueSteps(db, settings.batchSize, deps.now());
  // Emails go as one batch (below); every other step on `concurrency` lanes, each working on one
  // step at a time: a crash leaves at most one step per lane whose email or webhook may have gone
  // out (unknown); the rest of the batch goes back.
  const queue = claimed.filter((step) => step.stepType !== 'email');
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      try {
        if (await holdClaim(db, step, deps.now())) await runStep(deps, step);
      } catch (error) {
        // Left running: after the lease it is recovered (run again, or unknown for an email or webhook).
        deps.log.error({ err: error, stepRunId: step.id }, 'a flow step failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, queue.length)) }, lane));
  await runEmailBatch(
    deps,
    claimed.filter((step) => step.stepType === 'email'),
  );
  worked += claimed.length + unknown.length + recovered.sent.length;
  return worked;
}

export interface FlowEngine {
  stop(): Promise<void>;
}

/** The engine's loop, inside the server by default or in `npm run start:worker`. */
export function startFlowEngine(deps: FlowEngineDeps): FlowEngine {
  let running = true;
  let wake = () => {};
  const loop = (async () => {
    while (running) {
      let worked = 0;
      try {
        worked = await runFlowsOnce(deps);
      } catch (error) {
        deps.log.error({ err: error }, 'flow engine pass failed; trying again shortly');
      }
      if (worked === 0 && running) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, deps.settings.idleMs);
        });
      }
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
    },
  };
}
