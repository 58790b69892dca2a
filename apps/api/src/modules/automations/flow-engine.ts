import { recoverAbandoned, holdClaim, holdClaims, runStates, settleStep, type ClaimedStep } from './engine.repository';
import { claimDueSteps, lastServed } from './flow-claims.repository';
import { engineState, type FlowEngineDeps } from './flow-engine-deps';
import { runEmailSteps, settleSent } from './flow-email-lanes';
import type { EmailWork } from './flow-email-work';
import { processEntries } from './flow-entries';
import { stepById } from './flow-graph';
import { runStep } from './flow-run-step';
import { scanTriggersOnce } from './flow-scans';
import { definitionOf, settleAndAdvance } from './flow-steps';
import { webhookLanes } from './flow-webhook-lanes';

// The automation engine (docs/decisions/007-automations.md): a pass recovers steps a dead
// worker left, turns the inbox into runs, then claims due steps (FOR UPDATE SKIP LOCKED, with a
// lease) and runs each. Every move is a conditional update. Work is taken per account in turns
// (flow-claims.repository.ts); webhook steps run on lanes of their own (flow-webhook-lanes.ts) and
// segment and date triggers are looked at in a loop of their own (flow-scans.ts).

// No hourly cap on entries unless one is set (the largest int4).
const UNCAPPED = 2_147_483_647;

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
  const state = engineState(deps);
  const entryLimit = settings.entryBatchSize ?? settings.batchSize;
  const entries = await processEntries(
    db,
    { limit: entryLimit, perAccount: settings.perAccount ?? entryLimit, perHour: settings.entriesPerHour ?? UNCAPPED, after: state.entriesAfter },
    deps.now(),
  );
  state.entriesAfter = entries.last;
  // Webhook steps are not taken here: they have lanes of their own (flow-webhook-lanes.ts).
  const claimed = await claimDueSteps(db, 'steps', { limit: settings.batchSize, perAccount: settings.perAccount ?? settings.batchSize, after: state.stepsAfter }, deps.now());
  state.stepsAfter = lastServed(new Set(claimed.map((step) => step.customerId)), state.stepsAfter);
  // Emails go as one batch (below); every other step on `concurrency` lanes, each working on one
  // step at a time: a crash leaves nothing half done (their work is one transaction each).
  const queue = claimed.filter((step) => step.stepType !== 'email');
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      try {
        if (await holdClaim(db, step, deps.now())) await runStep(deps, step);
      } catch (error) {
        // Left running: after the lease it is recovered (run again).
        deps.log.error({ err: error, stepRunId: step.id }, 'a flow step failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, queue.length)) }, lane));
  await runEmailBatch(
    deps,
    claimed.filter((step) => step.stepType === 'email'),
  );
  return entries.handled + claimed.length + unknown.length + recovered.sent.length;
}

export interface FlowEngine {
  stop(): Promise<void>;
}

/**
 * The engine's loops, inside the server by default or in `npm run start:worker`: the main pass
 * (entries, emails and the other steps), the webhook lanes and the trigger scans, each on its
 * own, so an email never waits for a webhook's answer or an account's segments.
 */
export function startFlowEngine(deps: FlowEngineDeps): FlowEngine {
  let running = true;
  const sleeping = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleeping.add(wake);
    });
  /** Runs `once` again and again, resting a while after a pass that found nothing to do. */
  const loop = (once: (deps: FlowEngineDeps) => Promise<number>, failure: string) =>
    (async () => {
      while (running) {
        let worked = 0;
        try {
          worked = await once(deps);
        } catch (error) {
          deps.log.error({ err: error }, failure);
        }
        if (worked === 0 && running) await pause(deps.settings.idleMs);
      }
    })();
  const main = loop(runFlowsOnce, 'flow engine pass failed; trying again shortly');
  const lanes = webhookLanes(deps);
  const size = deps.settings.webhookConcurrency ?? deps.settings.concurrency;
  const webhooks = (async () => {
    while (running) {
      let started = 0;
      try {
        started = await lanes.fill();
      } catch (error) {
        deps.log.error({ err: error }, 'flow webhook lanes could not take work; trying again shortly');
      }
      if (!running) break;
      // Every lane busy: until one frees. Nothing due: a while (a lane freeing does not make work due).
      if (lanes.busy() >= size) await lanes.freed();
      else if (started === 0) await pause(deps.settings.idleMs);
    }
    await lanes.idle();
  })();
  // Segment and date triggers: one account's flow after another's, whatever an account has.
  const scans = loop(scanTriggersOnce, 'flow trigger scans failed; trying again shortly');
  return {
    async stop() {
      running = false;
      for (const wake of [...sleeping]) wake();
      await Promise.all([main, webhooks, scans]);
    },
  };
}

