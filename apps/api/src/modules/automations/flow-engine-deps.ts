import type { SendingPolicy } from '../../mail/sending-policy';
import type { SmtpReplyVerdict } from '../../mail/smtp-reply';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { CampaignLinks } from '../campaigns/campaign-message';
import type { CampaignTransport } from '../campaigns/campaign-transport';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import type { Quotas } from '../senders/quotas';
import { type HostBreaker, hostBreaker } from './flow-host-breaker';

// What the automation engine's loops run with (flow-engine.ts): their settings and dependencies,
// and the little each engine remembers between passes (whose turn it is, which hosts are paused).

export interface FlowEngineSettings {
  /** Steps one pass claims at most (a crash returns those not begun to pending). */
  batchSize: number;
  /** Inbox entries one pass turns into runs at most (default: batchSize). */
  entryBatchSize?: number;
  /**
   * The most steps, or entries, one account gets in a pass (default: the whole batch). Accounts
   * with due work share each pass equally, in turns, whatever their backlog.
   */
  perAccount?: number;
  /** Steps worked on at once (each lane one at a time): at most this many can be left unknown by a crash. */
  concurrency: number;
  /** Webhook calls under way at once, on lanes of their own (default: concurrency). */
  webhookConcurrency?: number;
  /** Webhook calls under way at once for one account, over every worker (default 2). */
  webhooksPerAccount?: number;
  /** A webhook host of an account that did not answer this many calls in a row is paused (default 5)... */
  breakerFailures?: number;
  /** ...for this long, twice as long each time its trial call fails again, up to an hour (default a minute). */
  breakerOpenMs?: number;
  /** Runs an account may start an hour (FLOW_ENTRIES_PER_HOUR); later entries wait in the inbox. */
  entriesPerHour?: number;
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
  /** Segment and date flows one pass of the looks takes (default 20)... */
  scansPerPass?: number;
  /** ...and of one account's, the longest waiting first (default 1): accounts take turns. */
  scansPerAccount?: number;
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

/** Where each claim's turns stopped (the account served last), and the webhook hosts' breaker. */
export interface EngineState {
  entriesAfter: string | null;
  stepsAfter: string | null;
  webhooksAfter: string | null;
  scansAfter: string | null;
  breaker: HostBreaker;
}

const states = new WeakMap<FlowEngineDeps, EngineState>();

/** The state of the engine running with these deps (made on first use). */
export function engineState(deps: FlowEngineDeps): EngineState {
  let state = states.get(deps);
  if (!state) {
    const { settings } = deps;
    const breaker = hostBreaker({ failures: settings.breakerFailures ?? 5, openMs: settings.breakerOpenMs ?? 60_000, maxOpenMs: 3_600_000 });
    state = { entriesAfter: null, stepsAfter: null, webhooksAfter: null, scansAfter: null, breaker };
    states.set(deps, state);
  }
  return state;
}
