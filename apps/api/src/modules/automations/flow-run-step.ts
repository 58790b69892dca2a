import { type ClaimedStep, runState, settleStep } from './engine.repository';
import type { FlowEngineDeps } from './flow-engine-deps';
import { runEmailSteps } from './flow-email-lanes';
import { stepById } from './flow-graph';
import { personById } from './flow-people';
import { definitionOf, runLocalStep, settleAndAdvance } from './flow-steps';
import { runWebhookStep } from './flow-webhook-step';

// One claimed step, whatever it is now: its run's current version says (a live edit may have
// removed it, or made it another kind of step).

/** Runs one claimed step this worker holds. */
export async function runStep(deps: FlowEngineDeps, claimed: ClaimedStep): Promise<void> {
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
