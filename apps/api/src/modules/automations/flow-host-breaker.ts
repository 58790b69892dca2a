// A circuit breaker per account and webhook host: a host that keeps not answering (timeouts,
// refused or reset connections; an HTTP answer of any status is an answer) is left alone for a
// while, so one account's dead or deliberately slow endpoint cannot keep the webhook lanes busy.
// After `failures` calls in a row without an answer it opens for `openMs`; then one call is let
// through (half open): an answer closes it, another failure opens it again for twice as long, up
// to `maxOpenMs`. Kept per process: each worker learns a host's state from its own calls.
// Keyed by account too, so one account's failures never pause another's calls to the same host.

export interface BreakerSettings {
  failures: number;
  openMs: number;
  maxOpenMs: number;
}

interface HostState {
  /** Calls in a row without an answer. */
  failures: number;
  /** Times it opened in a row (the next pause doubles). */
  opened: number;
  openUntil: number | null;
  /** A half-open trial call is under way. */
  trial: boolean;
}

export type BreakerVerdict = { allowed: true } | { allowed: false; until: Date; failures: number };

export interface HostBreaker {
  /** Whether a call to this host may go now; a half-open host lets exactly one through. */
  admit(customerId: string, host: string, now: Date): BreakerVerdict;
  /** What the call that was admitted came to. */
  record(customerId: string, host: string, answered: boolean, now: Date): void;
  /** An admitted call that did not go after all (its step was no longer this worker's). */
  release(customerId: string, host: string): void;
}

// A worker sees few hosts; past this many the oldest are forgotten (they start closed again).
const MAX_HOSTS = 10_000;

export function hostBreaker(settings: BreakerSettings): HostBreaker {
  const hosts = new Map<string, HostState>();
  const keyOf = (customerId: string, host: string) => `${customerId} ${host}`;
  const stateOf = (key: string) => {
    let state = hosts.get(key);
    if (!state) {
      if (hosts.size >= MAX_HOSTS) hosts.delete(hosts.keys().next().value!);
      state = { failures: 0, opened: 0, openUntil: null, trial: false };
      hosts.set(key, state);
    }
    return state;
  };
  return {
    admit(customerId, host, now) {
      const state = hosts.get(keyOf(customerId, host));
      if (!state || state.openUntil === null) return { allowed: true };
      // While the trial call is out, the others look again a pause later.
      if (state.trial) return { allowed: false, until: new Date(now.getTime() + settings.openMs), failures: state.failures };
      if (now.getTime() < state.openUntil) return { allowed: false, until: new Date(state.openUntil), failures: state.failures };
      state.trial = true;
      return { allowed: true };
    },
    record(customerId, host, answered, now) {
      const key = keyOf(customerId, host);
      if (answered) {
        hosts.delete(key);
        return;
      }
      const state = stateOf(key);
      state.failures += 1;
      if (state.trial) state.trial = false;
      // A call let through before it opened, failing late, does not lengthen the pause.
      else if (state.openUntil !== null || state.failures < settings.failures) return;
      state.opened += 1;
      state.openUntil = now.getTime() + Math.min(settings.maxOpenMs, settings.openMs * 2 ** (state.opened - 1));
    },
    release(customerId, host) {
      const state = hosts.get(keyOf(customerId, host));
      if (state) state.trial = false;
    },
  };
}
