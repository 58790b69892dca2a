import { claimDueSteps, lastServed } from './flow-claims.repository';
import { engineState, type FlowEngineDeps } from './flow-engine-deps';
import { runStep } from './flow-run-step';

// Webhook steps run on lanes of their own, apart from emails and the other steps: a pool that
// takes a due call whenever a lane is free (a slow endpoint holds one lane, not a batch). Each
// account has at most `webhooksPerAccount` calls under way over every worker (counted from the
// running rows when claiming), and a host of an account that keeps not answering is paused
// (flow-webhook-step.ts), so one account's tarpit slows only its own webhooks.

export interface WebhookLanes {
  /** Claims what the free lanes can take, per account in turns, and starts those calls; answers how many began. */
  fill(): Promise<number>;
  /** Calls under way. */
  busy(): number;
  /** Resolves when a call under way ends (at once when none is). */
  freed(): Promise<void>;
  /** Resolves when every call under way has ended. */
  idle(): Promise<void>;
}

export function webhookLanes(deps: FlowEngineDeps): WebhookLanes {
  const { db, settings } = deps;
  const size = settings.webhookConcurrency ?? settings.concurrency;
  const perAccount = settings.webhooksPerAccount ?? 2;
  const state = engineState(deps);
  const inFlight = new Set<Promise<void>>();
  let waiting: (() => void)[] = [];
  const ended = () => {
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) resolve();
  };
  return {
    async fill() {
      const free = size - inFlight.size;
      if (free <= 0) return 0;
      const claimed = await claimDueSteps(db, 'webhooks', { limit: free, perAccount, after: state.webhooksAfter }, deps.now());
      state.webhooksAfter = lastServed(new Set(claimed.map((step) => step.customerId)), state.webhooksAfter);
      for (const step of claimed) {
        const call: Promise<void> = runStep(deps, step)
          // Left running: after the lease it is recovered (unknown once its call began).
          .catch((error: unknown) => deps.log.error({ err: error, stepRunId: step.id }, 'a flow webhook step failed'))
          .finally(() => {
            inFlight.delete(call);
            ended();
          });
        inFlight.add(call);
      }
      return claimed.length;
    },
    busy: () => inFlight.size,
    freed: () => (inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/** One pass of webhook steps (tests, and draining): what the lanes take, run to their end. Answers how many ran. */
export async function runWebhooksOnce(deps: FlowEngineDeps, lanes: WebhookLanes = webhookLanes(deps)): Promise<number> {
  const started = await lanes.fill();
  await lanes.idle();
  return started;
}
