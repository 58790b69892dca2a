import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { SendGate } from '../../mail/relay-budget';
import { audienceCondition } from './campaign-audience';
import { LOOK_EVERY_MS, lookAtDueTests } from '../ab-tests/ab-test-engine';
import { startTestIn, testOf } from '../ab-tests/ab-tests.repository';
import { LayoutError } from '../../mail/layout/mjml-renderer';
import { assignSendTimes } from '../send-time/send-times.repository';
import { buildCampaignMail, type CampaignLinks, type PreparedCampaign } from './campaign-message';
import { preparedCampaignVariants } from './prepared-campaigns';
import { type CampaignTransport, failureOf, type SendFailure } from './campaign-transport';
import type { SmtpReplyVerdict } from '../../mail/smtp-reply';
import { batchBreaker, deferTemporary, type RefusalStreak, settleUnsent, type ThrottleState } from './send-refusals';
import { type CampaignRow, campaignById } from './campaigns.repository';
import { addRecipients, type Recipient, stillEligible } from './recipients.repository';
import { personaliseRecipients } from './block-personalisation';
import { recordBounce } from './bounces.repository';
import { startScheduled } from './start-scheduled';
import { expandSections } from '../sections/sections.service';
import type { Quotas } from '../senders/quotas';
import type { SendingPolicy } from '../../mail/sending-policy';
import type { SendingGuard } from '../deliverability/sending-guard';
import { orderEngagedFirst } from '../deliverability/warm-up-order.repository';
import {
  type ClaimedMessage,
  claimBatch,
  dueScheduled,
  finishIfDone,
  markAbandoned,
  markRefusedRecipient,
  markSent,
  markSkipped,
  renewClaims,
  sendingCampaigns,
} from './sending.repository';

export interface SenderSettings {
  /** Rows one worker process holds claimed at most (its lanes share them): what a crash can leave unknown. */
  batchSize: number;
  /** Messages a second through this process's relay account. */
  ratePerSecond: number;
  /** Messages in flight at once (SMTP connections are pooled). */
  concurrency: number;
  /** A row claimed longer ago than this by a worker that never settled it is marked unknown. */
  leaseMs: number;
  /** How often a worker renews the lease of the rows it is still sending (default a third of the lease). */
  leaseRenewMs?: number;
  /** The wait before the second attempt of a temporarily refused message (default 30 s), and before an unreachable relay is tried again. */
  retryBaseMs?: number;
  /** Attempts a message refused for the sender's reasons (without pausing its campaign) gets before it counts as failed. */
  maxAttempts: number;
  /** How long temporary failures (4xx) are retried, from the first, before the message counts as failed (SEND_RETRY_HOURS; 48 h by default). */
  retryWindowMs?: number;
  /** The domain of every Message-ID. */
  messageIdDomain: string;
  /** How long an idle sender waits before looking again. */
  idleMs: number;
  /** How often a running A/B test is looked at (AB_LOOK_EVERY_SECONDS; 5 minutes by default). */
  abLookEveryMs?: number;
}

export interface SenderDeps {
  db: Db;
  now: () => Date;
  /** The accounts' quotas: a scheduled campaign starting counts against its account's messages a day. */
  quotas: Quotas;
  /** Which From domains sign: a scheduled campaign's From is checked again as it starts. */
  sending: SendingPolicy;
  transport: CampaignTransport;
  links: CampaignLinks;
  settings: SenderSettings;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /**
   * Called at each throttling answer (421, 454, 4.7.x rate replies) once this process has paused
   * its own claims: where the relay budget shared by every process (mail/relay-budget.ts) slows down too.
   */
  onThrottle?: (throttle: { verdict: SmtpReplyVerdict; words: string; pauseMs: number; at: Date }) => void | Promise<void>;
  /**
   * The guardrails (modules/deliverability): an account whose rates crossed a threshold is
   * paused, and one in its warm-up claims only what is left of the day's volume. Left out (the
   * engine's own tests), every account may send all it has.
   */
  guard?: SendingGuard;
}

/** What a worker's passes share: while the relay is unreachable or asks to slow down, none of them claims more rows. */
export interface SenderState {
  relayDownUntil: number;
  /** While the relay asks to slow down (see throttleAfter). */
  throttle?: ThrottleState;
  /** Each campaign's run of identical sender-side refusals: the circuit breaker. */
  streaks?: Map<string, RefusalStreak>;
  /** Passes made: which of an account's sending campaigns goes first in this one. */
  passes?: number;
}

/**
 * The sending campaigns grouped by account, accounts in the order their first campaign started,
 * each account's campaigns turned by the pass number: a pass sends one batch per account, so an
 * account with ten campaigns delays another account's one by one batch, not ten.
 */
function campaignsByAccount(campaigns: readonly { id: string; customerId: string }[], pass: number): { customerId: string; campaignIds: string[] }[] {
  const byAccount = new Map<string, string[]>();
  for (const campaign of campaigns) {
    const ids = byAccount.get(campaign.customerId);
    if (ids) ids.push(campaign.id);
    else byAccount.set(campaign.customerId, [campaign.id]);
  }
  return [...byAccount].map(([customerId, ids]) => {
    const first = pass % ids.length;
    return { customerId, campaignIds: [...ids.slice(first), ...ids.slice(0, first)] };
  });
}

/** `variants`: the campaign's message per A/B test variant (one without a test); a row is sent its own. */
async function sendBatch(deps: SenderDeps, variants: PreparedCampaign[], batch: ClaimedMessage[], turn: () => Promise<void>, state: SenderState) {
  const { db, settings } = deps;
  const campaign = variants[0]!;
  // Checked now, not when the campaign started: whoever left, bounced or complained since gets nothing.
  const eligible = await audienceCondition(db, campaign.row, deps.now());
  const recipients = new Map((await stillEligible(db, eligible, batch.map((row) => row.subscriberId))).map((recipient) => [recipient.id, recipient]));
  await markSkipped(
    db,
    batch.filter((row) => !recipients.has(row.subscriberId)).map((row) => row.id),
  );
  const queue = batch.filter((row) => recipients.has(row.subscriberId));
  // Content blocks: the batch's recommendations and matched conditions, read once before building.
  await personaliseRecipients(
    db,
    campaign.row.customerId,
    variants.map((variant) => variant.blocks),
    queue.map((row) => recipients.get(row.subscriberId)!),
    deps.now(),
  );
  // A slow relay can keep a batch longer than the lease: renewed, its rows are not taken for a
  // dead worker's (and marked unknown) by another lane or worker while this one still sends them.
  const held = queue.map((row) => row.id);
  const renewal = setInterval(() => {
    renewClaims(db, held, deps.now()).catch((error: unknown) => deps.log.warn({ err: error }, 'could not renew the lease of a batch being sent'));
  }, settings.leaseRenewMs ?? settings.leaseMs / 3);
  let sent: number[];
  try {
    sent = await sendQueue(deps, variants, queue, recipients, turn, state);
  } finally {
    clearInterval(renewal);
  }
  await markSent(db, sent, deps.now());
}

/**
 * Sends the rows over `concurrency` workers: answers those the relay took; the others are settled
 * by what the relay's answer was about (mail/smtp-reply.ts): only a refusal of the recipient is a
 * bounce. A relay that cannot be reached, that asks to slow down, or whose refusals of the sender
 * trip the circuit breaker stops the batch: the rest waits, its attempts uncounted.
 */
async function sendQueue(
  deps: SenderDeps,
  variants: PreparedCampaign[],
  rows: readonly ClaimedMessage[],
  recipients: Map<string, Recipient>,
  turn: () => Promise<void>,
  state: SenderState,
): Promise<number[]> {
  const { db } = deps;
  const campaign = variants[0]!;
  const queue = [...rows];
  const sent: number[] = [];
  const breaker = batchBreaker((state.streaks ??= new Map()), campaign.row.id, rows.length);
  let stoppedBy: SendFailure | undefined;
  const notOffered: number[] = [];
  const refusedBySender: { row: ClaimedMessage; failure: SendFailure }[] = [];
  async function worker() {
    while (!stoppedBy) {
      const row = queue.shift();
      if (!row) return;
      await turn();
      try {
        await deps.transport.send(buildCampaignMail(variants[row.variant] ?? campaign, recipients.get(row.subscriberId)!, row, deps.links));
        sent.push(row.id);
        breaker.accepted();
        if (state.throttle) state.throttle.acceptedSince = true;
      } catch (error) {
        const failure = failureOf(error);
        const { kind } = failure.verdict;
        if (failure.relayUnreachable || kind === 'throttle') {
          stoppedBy ??= failure;
          notOffered.push(row.id);
        } else if (kind === 'recipient') {
          await markRefusedRecipient(db, row.id, failure.message, deps.now());
          await recordBounce(db, { subscriberId: row.subscriberId, campaignId: campaign.row.id, kind: 'hard', source: 'smtp', detail: failure.message, at: deps.now() });
        } else if (kind === 'sender') {
          // Settled after the batch, once it is known whether the breaker tripped.
          refusedBySender.push({ row, failure });
          if (breaker.refused(failure)) stoppedBy ??= failure;
        } else {
          await deferTemporary(deps, row, failure);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(deps.settings.concurrency, queue.length) }, worker));
  await settleUnsent(deps, campaign.row.id, state, { breaker, stoppedBy, refusedBySender, waiting: [...notOffered, ...queue.map((row) => row.id)] });
  return sent;
}

/**
 * Makes the campaign's rows, once: the request that started it only changed its status. With an
 * A/B test, the same transaction deals the test share to the variants and holds the rest; with
 * send-time optimisation, it gives each row its own time.
 */
export async function prepareRecipients(deps: SenderDeps, row: CampaignRow) {
  if (row.preparedAt) return;
  // Read before the transaction: on PGlite a read outside it would wait for it.
  const warmingUp = deps.guard ? (await deps.guard.warmUp(row)) !== null : false;
  await deps.db.transaction(async (tx) => {
    // The preparedAt read above may be stale: another lane or worker can be preparing the same
    // campaign. Claimed first, in this transaction (a second one waits on the row lock, then finds
    // it set): a second deal would re-time rows already dealt (an A/B test's group to best times,
    // or more rows to the holdout).
    const claimed = rowsOf(
      await tx.execute(sql`update campaigns set prepared_at = ${deps.now().toISOString()}::timestamptz where id = ${row.id}::uuid and prepared_at is null returning id`),
    );
    if (claimed.length === 0) return;
    // Its saved sections as they are now, kept in its content: what it sends, to the last batch and
    // after, whatever later edits of the sections do to the drafts that still use them.
    const expanded = await expandSections(tx, row.customerId, row.contentHtml);
    if (expanded.html !== row.contentHtml) await tx.execute(sql`update campaigns set content_html = ${expanded.html} where id = ${row.id}::uuid`);
    await addRecipients(tx, row.id, await audienceCondition(tx, row, deps.now()), deps.settings.messageIdDomain, deps.now());
    // Sent at each person's best time: every row's own time, unless an A/B test takes the rows
    // (its test group goes as the test says; its rest gets best times when released).
    const tested = await startTestIn(tx, row.id, deps.now(), deps.settings.abLookEveryMs ?? LOOK_EVERY_MS);
    const timed = !tested && (await assignSendTimes(tx, row.id, deps.now(), { restOnly: false }));
    // In a warm-up, the day's volume goes to the most engaged readers first (a test or best times keep their own order).
    if (!tested && !timed && warmingUp) await orderEngagedFirst(tx, row.id, deps.now());
  });
}

/**
 * One pass of the engine: rows abandoned by a dead worker marked unknown, scheduled campaigns
 * whose time came started, then one batch of each sending campaign sent. Answers how many rows
 * it worked on (0: nothing to do right now). Once the relay was found unreachable, no batch is
 * claimed until it is due to be tried again.
 */
export async function sendOnce(deps: SenderDeps, turn: () => Promise<void>, state: SenderState = { relayDownUntil: 0 }): Promise<number> {
  const { db } = deps;
  const abandoned = await markAbandoned(db, new Date(deps.now().getTime() - deps.settings.leaseMs));
  if (abandoned > 0) deps.log.warn({ rows: abandoned }, 'campaign messages left in sending by a stopped worker were marked unknown');
  for (const id of await dueScheduled(db, deps.now())) await startScheduled(deps, id);
  // A/B tests due a look: a decision releases the held rest of the audience for the loop below.
  await lookAtDueTests(deps, deps.settings.abLookEveryMs);
  if (deps.now().getTime() < Math.max(state.relayDownUntil, state.throttle?.until ?? 0)) return 0;
  let worked = 0;
  const pass = state.passes ?? 0;
  state.passes = pass + 1;
  for (const { customerId, campaignIds } of campaignsByAccount(await sendingCampaigns(db), pass)) {
    // A paused account's campaigns wait (the guard holds them, with the reason); the others take their turn.
    if (deps.guard && !(await deps.guard.admit(customerId))) continue;
    // The account's first campaign with rows due takes its batch; one held for a test or sending at best times later passes its turn on.
    for (const campaignId of campaignIds) {
      const sent = await sendCampaignBatch(deps, campaignId, turn, state);
      worked += sent;
      if (sent > 0) break;
    }
  }
  return worked;
}

/** One batch of a campaign, claimed and sent; how many rows it took (0: none due now). */
async function sendCampaignBatch(deps: SenderDeps, campaignId: string, turn: () => Promise<void>, state: SenderState): Promise<number> {
  const { db } = deps;
  const row = await campaignById(db, campaignId);
  if (!row || row.status !== 'sending') return 0;
  await prepareRecipients(deps, row);
  // Laid out before any row is claimed: content that cannot be laid out holds no one's message.
  let variants: PreparedCampaign[];
  try {
    variants = await preparedCampaignVariants(db, row, (await testOf(db, campaignId))?.settings ?? null);
  } catch (error) {
    if (!(error instanceof LayoutError)) throw error;
    deps.log.warn({ err: error, campaignId }, 'a campaign could not be laid out; it waits, and the other campaigns take their turn');
    return 0;
  }
  const claim = (claimer: Db, limit: number) => claimBatch(claimer, campaignId, limit, deps.now());
  // In its warm-up, an account claims only what is left of the day's volume.
  const batch = deps.guard ? await deps.guard.claimWithin(row, deps.settings.batchSize, claim) : await claim(db, deps.settings.batchSize);
  if (batch.length > 0) await sendBatch(deps, variants, batch, turn, state);
  await finishIfDone(db, campaignId, deps.now());
  return batch.length;
}

export interface CampaignSender {
  stop(): Promise<void>;
}

// Two loops take batches side by side, like two workers sharing this process's connections and
// pace: while one waits on the database (claiming, checking, settling its batch), the other's
// messages keep the SMTP connections busy. Each claims half a batch, so a crash still leaves at
// most one batch unknown.
const LANES = 2;

/**
 * The engine's loops, inside the server by default or in `npm run start:worker`. `gate`: the
 * relay's budget (mail/relay-budget.ts), which every process and the flow engine draw from.
 */
export function startCampaignSender(senderDeps: SenderDeps, gate: SendGate): CampaignSender {
  const deps = { ...senderDeps, settings: { ...senderDeps.settings, batchSize: Math.ceil(senderDeps.settings.batchSize / LANES) } };
  const state: SenderState = { relayDownUntil: 0 };
  let running = true;
  const wakers = new Set<() => void>();
  async function lane() {
    while (running) {
      let worked = 0;
      try {
        worked = await sendOnce(deps, () => gate.turn(), state);
      } catch (error) {
        deps.log.error({ err: error }, 'campaign sender pass failed; trying again shortly');
      }
      if (worked === 0 && running) {
        let wake = () => {};
        await new Promise<void>((resolve) => {
          wake = resolve;
          wakers.add(wake);
          setTimeout(resolve, deps.settings.idleMs);
        });
        wakers.delete(wake);
      }
    }
  }
  const lanes = Promise.all(Array.from({ length: LANES }, lane));
  return {
    async stop() {
      running = false;
      for (const wake of wakers) wake();
      await lanes;
    },
  };
}
