import type { EmailStep, FlowStep } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import type { CampaignLinks } from '../campaigns/campaign-message';
import type { CampaignTransport } from '../campaigns/campaign-transport';
import { queueWebhookEvent } from '../outgoing-webhooks/outbox';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import type { Quotas } from '../senders/quotas';
import { addNote, type ClaimedStep, claimDueSteps, deferStep, holdClaim, markCalling, recoverAbandoned, renewStepClaims, runState, settleStep } from './engine.repository';
import { decideEmail, markEmailFailed, markEmailSent, sendEmail } from './flow-email';
import { processEntries } from './flow-entries';
import { stepById } from './flow-graph';
import { personById } from './flow-people';
import { scanTriggers } from './flow-scans';
import { definitionOf, runLocalStep, settleAndAdvance } from './flow-steps';
import { callWebhook } from './flow-webhook';

// The automation engine (docs/decisions/007-automations.md): a pass recovers steps a dead
// worker left, looks at segment and date triggers, turns the inbox into runs, then claims due
// steps (FOR UPDATE SKIP LOCKED, with a lease) and runs each. Every move is a conditional update.

export interface FlowEngineSettings {
  /** Steps one pass claims at most (a crash returns those not begun to pending). */
  batchSize: number;
  /** Steps worked on at once (each lane one at a time): at most this many can be left unknown by a crash. */
  concurrency: number;
  /** A step claimed longer ago than this by a worker that never settled it is its crash's. */
  leaseMs: number;
  /** How long an idle engine waits before looking again. */
  idleMs: number;
  /** The wait before a temporarily refused email or failed webhook is tried again (then 4 times as long each time). */
  retryBaseMs: number;
  /** Attempts before an email or webhook step counts as failed (the run goes on). */
  maxAttempts: number;
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
  /** Where webhook steps may connect (the public internet; loopback too in development). */
  webhookAddresses: AddressCheck;
  settings: FlowEngineSettings;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

const retryAt = (deps: FlowEngineDeps, attempts: number) => new Date(deps.now().getTime() + deps.settings.retryBaseMs * 4 ** Math.max(0, attempts - 1));

async function runEmailStep(deps: FlowEngineDeps, claimed: ClaimedStep, step: EmailStep, definition: Parameters<typeof runLocalStep>[3], trigger: Record<string, unknown>) {
  const { db } = deps;
  const person = await personById(db, claimed.subscriberId);
  if (!person) return settleAndAdvance(db, claimed, { status: 'skipped', outcome: 'next', reason: 'Not sent: the person was erased.' }, deps.now());
  const decision = await decideEmail(db, { flowId: claimed.flowId, stepRunId: claimed.id, step, rules: definition.rules, person, messageIdDomain: deps.settings.messageIdDomain, quotas: deps.quotas, now: deps.now() });
  if (decision.kind === 'skip') return db.transaction((tx) => settleAndAdvance(tx, claimed, { status: 'skipped', outcome: 'next', reason: decision.reason }, deps.now()));
  if (decision.kind === 'defer') {
    await db.transaction(async (tx) => {
      if (await deferStep(tx, claimed.id, decision.until, decision.reason, { countAttempt: false })) await addNote(tx, claimed.runId, claimed.stepId, 'deferred', decision.reason, deps.now());
    });
    return;
  }
  // A slow relay may hold the message past the lease: renewed, no one takes it for a dead worker's.
  const renewal = setInterval(() => {
    renewStepClaims(db, [claimed.id], deps.now()).catch((error: unknown) => deps.log.warn({ err: error }, 'could not renew the lease of a flow email'));
  }, deps.settings.leaseMs / 3);
  let result;
  try {
    result = await sendEmail(db, deps.transport, deps.links, decision, trigger, deps.now);
  } finally {
    clearInterval(renewal);
  }
  if (result.kind === 'sent') {
    return db.transaction(async (tx) => {
      await markEmailSent(tx, decision.ledgerId, deps.now());
      // The customer's own systems hear of it (outgoing webhooks) exactly when this commits.
      await queueWebhookEvent(
        tx,
        person.customerId,
        'automation.email_sent',
        { flow: { id: claimed.flowId }, step_id: claimed.stepId, run_id: claimed.runId, subscriber: { id: person.id, email: person.email }, message_id: decision.messageId },
        deps.now(),
      );
      await settleAndAdvance(tx, claimed, { status: 'done', outcome: 'next' }, deps.now());
    });
  }
  if (result.kind === 'failed') return db.transaction((tx) => settleAndAdvance(tx, claimed, { status: 'failed', outcome: 'next', reason: result.reason }, deps.now()));
  return retryOrFail(deps, claimed, `The relay did not take the email: ${result.reason}`, result.relayDown);
}

/** A temporary failure: tried again later, and after the last attempt failed (the run goes on). */
async function retryOrFail(deps: FlowEngineDeps, claimed: ClaimedStep, reason: string, uncounted = false) {
  const { db } = deps;
  if (!uncounted && claimed.attempts >= deps.settings.maxAttempts) {
    return db.transaction(async (tx) => {
      if (claimed.stepType === 'email') await markEmailFailed(tx, claimed.id, reason);
      await settleAndAdvance(tx, claimed, { status: 'failed', outcome: 'next', reason: `Gave up after ${claimed.attempts} attempts. ${reason}` }, deps.now());
    });
  }
  const when = uncounted ? new Date(deps.now().getTime() + deps.settings.retryBaseMs) : retryAt(deps, claimed.attempts);
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
    { now: deps.now(), timeoutMs: deps.settings.webhookTimeoutMs, allowed: deps.webhookAddresses },
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
  if (step.type === 'email') return runEmailStep(deps, claimed, step, definition, run.context);
  if (step.type === 'webhook') return runWebhookStep(deps, claimed, step);
  const person = await personById(db, claimed.subscriberId);
  if (!person) return;
  await db.transaction((tx) => runLocalStep(tx, { ...claimed, customerId: run.customerId }, step, definition, person, deps.now()));
}

/** One pass; answers how much it worked on (0: nothing to do right now). */
export async function runFlowsOnce(deps: FlowEngineDeps): Promise<number> {
  const { db, settings } = deps;
  const unknown = await recoverAbandoned(db, new Date(deps.now().getTime() - settings.leaseMs), deps.now());
  for (const step of unknown) {
    // Never repeated: the run goes on past it.
    await db.transaction((tx) => settleAndAdvance(tx, step, { status: 'unknown', outcome: 'next' }, deps.now()));
  }
  if (unknown.length > 0) deps.log.warn({ steps: unknown.length }, 'flow steps a stopped worker was sending were marked unknown');
  await scanTriggers(db, deps.now(), settings.scanIntervalMs);
  let worked = await processEntries(db, settings.batchSize, deps.now());
  const claimed = await claimDueSteps(db, settings.batchSize, deps.now());
  // `concurrency` lanes, each working on one step at a time: a crash leaves at most one step per
  // lane whose email or webhook may have gone out (unknown); the rest of the batch goes back.
  const queue = [...claimed];
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
  worked += claimed.length + unknown.length;
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
