import { DELIVERABILITY_DAYS, DELIVERABILITY_REFUSALS, DELIVERABILITY_TEXTS, type DeliverabilityOverview } from '@postlark/shared/deliverability';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { GuardrailSettings } from './guardrail-settings';
import { dayCounts, latestRefusals, sendingDomains, warmUpUsed } from './deliverability.repository';
import { complaintCounts, liftPause, type SendingStanding, standingOfAccount } from './sending-standing.repository';
import { warmUpSince, warmUpStage } from './warm-up';

export interface DeliverabilityDeps {
  db: Db;
  now: () => Date;
  settings: GuardrailSettings;
  /** CAMPAIGN_MESSAGES_PER_DAY. */
  dailyLimit: number;
}

const DAY_MS = 86_400_000;
/** A second pause this soon after a lift is lifted by support only. */
const SELF_LIFT_COOL_DOWN_MS = 30 * DAY_MS;

/** Whether the customer may lift the pause themselves: a first pause, or one long after the last lift. */
export function canLiftPause(standing: SendingStanding): boolean {
  if (!standing.pausedAt) return false;
  if (standing.pauses <= 1 || !standing.resumedAt) return true;
  return standing.pausedAt.getTime() - standing.resumedAt.getTime() > SELF_LIFT_COOL_DOWN_MS;
}

/** The pause as Home and the Deliverability page show it; null when the account may send. */
export function pauseView(standing: SendingStanding | null): DeliverabilityOverview['sending']['paused'] {
  if (!standing?.pausedAt || !standing.pauseRule) return null;
  return {
    at: standing.pausedAt.toISOString(),
    rule: standing.pauseRule,
    reason: standing.pauseReason ?? '',
    next_steps: DELIVERABILITY_TEXTS.nextSteps[standing.pauseRule],
    campaign_id: standing.pauseCampaignId,
    can_resume: canLiftPause(standing),
  };
}

const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

function warmUpView(deps: DeliverabilityDeps, standing: SendingStanding | null, domains: Awaited<ReturnType<typeof sendingDomains>>, used: number) {
  const now = deps.now();
  const accountSince = standing?.warmUpStartedAt ?? now;
  // The newest authenticated domain starts over (mail from the others follows the account's stage).
  const newest = domains.filter((domain) => domain.authenticatedAt).sort((a, b) => b.authenticatedAt!.getTime() - a.authenticatedAt!.getTime())[0];
  const since = warmUpSince(accountSince, newest?.authenticatedAt ?? null);
  const stage = warmUpStage(deps.settings.warmUpDailyLimits, since, now);
  if (!stage) return null;
  return { day: stage.day, days: stage.days, limit: stage.limit, used, since: since.toISOString(), domain: newest && since === newest.authenticatedAt ? newest.domain : null };
}

export async function deliverabilityOverview(deps: DeliverabilityDeps, customerId: string): Promise<DeliverabilityOverview> {
  const now = deps.now();
  const today = Date.parse(utcDate(now.getTime()));
  const dates = Array.from({ length: DELIVERABILITY_DAYS }, (_, index) => utcDate(today - (DELIVERABILITY_DAYS - 1 - index) * DAY_MS));
  const standing = await standingOfAccount(deps.db, customerId);
  const domains = await sendingDomains(deps.db, customerId);
  const window = await complaintCounts(deps.db, customerId, deps.settings.complaintWindowDays, standing, now);
  return {
    as_of: now.toISOString(),
    dates,
    counts: await dayCounts(deps.db, customerId, dates[0]!),
    sending: {
      paused: pauseView(standing),
      daily_limit: deps.dailyLimit,
      warm_up: warmUpView(deps, standing, domains, await warmUpUsed(deps.db, customerId, now)),
      complaints: {
        days: deps.settings.complaintWindowDays,
        sent: window.sent,
        complaints: window.complaints,
        rate: window.sent > 0 ? window.complaints / window.sent : null,
        ceiling: deps.settings.complaintShare,
      },
      hard_bounces: { share: deps.settings.hardBounceShare, sample: deps.settings.hardBounceSample },
    },
    domains: domains.map((domain) => ({
      domain: domain.domain,
      authenticated_at: domain.authenticatedAt?.toISOString() ?? null,
      dkim: domain.checks?.dkim ?? 'unchecked',
      return_path: domain.checks?.return_path ?? 'unchecked',
      dmarc: domain.checks?.dmarc ?? 'unchecked',
    })),
    refusals: (await latestRefusals(deps.db, customerId, DELIVERABILITY_REFUSALS)).map((refusal) => ({
      at: refusal.at.toISOString(),
      provider: refusal.provider,
      status: refusal.status,
      diagnostic: refusal.diagnostic,
      source: refusal.source,
      campaign_id: refusal.campaignId,
    })),
  };
}

/** The customer lifts a guardrail's pause (409 when there is none; 403 when support has to). */
export async function resumeSending(deps: DeliverabilityDeps, customerId: string): Promise<void> {
  const standing = await standingOfAccount(deps.db, customerId);
  if (!standing?.pausedAt) throw new HttpError(409, DELIVERABILITY_TEXTS.notPaused);
  if (!canLiftPause(standing)) throw new HttpError(403, DELIVERABILITY_TEXTS.resumeBySupport);
  if (!(await liftPause(deps.db, customerId, deps.now()))) throw new HttpError(409, DELIVERABILITY_TEXTS.notPaused);
}

/** Refuses to start or resume a campaign while the account's sending is paused. */
export async function assertSendingAllowed(db: Db, customerId: string): Promise<void> {
  const standing = await standingOfAccount(db, customerId);
  if (standing?.pausedAt) throw new HttpError(409, DELIVERABILITY_TEXTS.accountPaused(standing.pauseReason ?? ''));
}
