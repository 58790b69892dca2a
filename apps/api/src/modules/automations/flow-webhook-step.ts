import type { FlowStep } from '@postlark/shared/automations';
import { FLOW_RUN_TEXTS } from '@postlark/shared/automations-messages';
import { type ClaimedStep, deferStep, deferStepsOf, markCalling, runState } from './engine.repository';
import { engineState, type FlowEngineDeps } from './flow-engine-deps';
import { personById } from './flow-people';
import { retryOrFail } from './flow-retries';
import { settleAndAdvance } from './flow-steps';
import { callWebhook } from './flow-webhook';

/**
 * One webhook step's call. A host of the account that stopped answering is paused (the engine's
 * breaker, flow-host-breaker.ts): its steps wait, uncounted, instead of holding a lane each until
 * they time out.
 */
export async function runWebhookStep(deps: FlowEngineDeps, claimed: ClaimedStep, step: Extract<FlowStep, { type: 'webhook' }>) {
  const { db } = deps;
  const person = await personById(db, claimed.subscriberId);
  const run = await runState(db, claimed.runId);
  if (!person || !run) return settleAndAdvance(db, claimed, { status: 'skipped', outcome: 'next', reason: 'Not called: the person was erased.' }, deps.now());
  const { breaker } = engineState(deps);
  const host = new URL(step.url).host;
  const verdict = breaker.admit(run.customerId, host, deps.now());
  if (!verdict.allowed) {
    // This step and every other due at it wait for the host together (one statement, not a claim each).
    const reason = FLOW_RUN_TEXTS.webhookHostPaused(host, verdict.failures, verdict.until);
    await deferStep(db, claimed.id, verdict.until, reason, { countAttempt: false });
    await deferStepsOf(db, claimed.flowId, claimed.stepId, verdict.until, reason);
    return;
  }
  if (!(await markCalling(db, claimed.id, deps.now()))) return breaker.release(run.customerId, host);
  const outcome = await callWebhook(
    db,
    { flowId: claimed.flowId, runId: claimed.runId, stepRunId: claimed.id, step, person, trigger: run.context },
    { now: deps.now(), timeoutMs: deps.settings.webhookTimeoutMs, allowed: deps.webhookAddresses, secrets: deps.secrets },
  );
  breaker.record(run.customerId, host, outcome.answered, deps.now());
  if (outcome.ok) return db.transaction((tx) => settleAndAdvance(tx, claimed, { status: 'done', outcome: 'next', reason: outcome.detail }, deps.now()));
  return retryOrFail(deps, claimed, `The webhook was not delivered (${outcome.detail}).`);
}
