import { DELIVERABILITY_TEXTS, type PauseRule } from '@postlark/shared/deliverability';
import { ROUTES } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import type { MailService } from '../../mail/mail-service';
import { notify } from '../notifications/notify';
import { accountContact } from '../senders/senders.repository';
import { reserveUsageUpTo } from '../senders/usage.repository';
import type { GuardrailSettings } from './guardrail-settings';
import { authenticatedDomains } from './deliverability.repository';
import { complaintCounts, pauseAccount, pauseSendingCampaigns, recentCampaignBounces, type SendingStanding, startWarmUp } from './sending-standing.repository';
import { type WarmUpStage, warmUpStage, warmUpSince } from './warm-up';

// The guardrails as the sending engines meet them (issue 32, point 6): before an account's turn
// its rates are judged (at most once a minute per account and process: the counts are a few
// small reads) and a breach pauses its sending, with the reason told on Home, in a notification
// and by email; while its warm-up lasts, what it may claim is what is left of the day's volume.

const DAY_MS = 86_400_000;
/** How often an account's rates are judged again by one process. */
export const GUARD_CHECK_MS = 60_000;
/** Campaigns started this long ago or less are judged by the hard-bounce rule (late reports still count). */
const HARD_BOUNCE_LOOKBACK_MS = 3 * DAY_MS;
/** Of those, the newest this many (each is one read of at most the sample's rows). */
const HARD_BOUNCE_CAMPAIGNS = 10;

export interface GuardDeps {
  db: Db;
  now: () => Date;
  mail: MailService;
  appUrl: string;
  settings: GuardrailSettings;
  log: { warn(object: object, message: string): void };
}

/** The campaign a batch is claimed for: its account and From address. */
export interface GuardedCampaign {
  customerId: string;
  fromEmail: string;
}

export interface SendingGuard {
  /** Whether the account may send now; its rules are judged first when they are due. */
  admit(customerId: string): Promise<boolean>;
  /** The warm-up stage a campaign's mail goes under now; null when none applies. */
  warmUp(campaign: GuardedCampaign): Promise<(WarmUpStage & { since: Date; domain: string | null }) | null>;
  /**
   * Claims up to `limit` rows with `claim`, within what the warm-up leaves of the last 24 hours
   * (in the same transaction as the usage it records, so two lanes never both take the last).
   */
  claimWithin<T extends unknown[]>(campaign: GuardedCampaign, limit: number, claim: (db: Db, limit: number) => Promise<T>): Promise<T>;
}

interface AccountView {
  checkedAt: number;
  standing: SendingStanding;
  domains: Map<string, Date>;
}

/** The breach a standing's counts show, if any: the rule and the reason in words. */
async function breachOf(deps: GuardDeps, customerId: string, standing: SendingStanding): Promise<{ rule: PauseRule; reason: string; campaignId: string | null } | null> {
  const { settings } = deps;
  const now = deps.now();
  const campaigns = await recentCampaignBounces(deps.db, customerId, {
    sample: settings.hardBounceSample,
    since: new Date(now.getTime() - HARD_BOUNCE_LOOKBACK_MS),
    resumedAt: standing.resumedAt,
    limit: HARD_BOUNCE_CAMPAIGNS,
  });
  for (const campaign of campaigns) {
    if (campaign.messages >= settings.hardBounceMinimum && campaign.hard / campaign.messages > settings.hardBounceShare) {
      return { rule: 'hard-bounces', reason: DELIVERABILITY_TEXTS.pausedForHardBounces(campaign.name, campaign.hard / campaign.messages, campaign.messages), campaignId: campaign.campaignId };
    }
  }
  const window = await complaintCounts(deps.db, customerId, settings.complaintWindowDays, standing, now);
  if (window.sent >= settings.complaintMinimum && window.complaints / window.sent > settings.complaintShare) {
    return { rule: 'complaints', reason: DELIVERABILITY_TEXTS.pausedForComplaints(window.complaints / window.sent, settings.complaintWindowDays), campaignId: null };
  }
  return null;
}

/** Pauses the account (once), holds its sending campaigns, and tells the customer. */
async function pause(deps: GuardDeps, customerId: string, breach: { rule: PauseRule; reason: string; campaignId: string | null }): Promise<void> {
  const now = deps.now();
  if (!(await pauseAccount(deps.db, customerId, breach, now))) return;
  await pauseSendingCampaigns(deps.db, customerId, breach.reason, now);
  deps.log.warn({ customerId, rule: breach.rule, campaignId: breach.campaignId }, 'a guardrail paused an account\'s sending');
  await notify(deps.db, customerId, 'sending-paused', now, ROUTES.deliverability);
  const contact = await accountContact(deps.db, customerId);
  if (contact) {
    await deps.mail.enqueue({
      template: 'sending-paused',
      to: contact.email,
      firstName: contact.firstName,
      reason: breach.reason,
      nextSteps: DELIVERABILITY_TEXTS.nextSteps[breach.rule],
      link: `${deps.appUrl}${ROUTES.deliverability}`,
    });
  }
}

export function sendingGuard(deps: GuardDeps): SendingGuard {
  const views = new Map<string, AccountView>();

  async function view(customerId: string): Promise<AccountView> {
    const now = deps.now();
    const cached = views.get(customerId);
    if (cached && now.getTime() - cached.checkedAt < GUARD_CHECK_MS && !cached.standing.pausedAt) return cached;
    // Each account's view is small; the map is dropped whole when many accounts were seen.
    if (views.size > 10_000) views.clear();
    let standing = await startWarmUp(deps.db, customerId, now);
    if (!standing.pausedAt) {
      const breach = await breachOf(deps, customerId, standing);
      if (breach) {
        await pause(deps, customerId, breach);
        standing = { ...standing, pausedAt: now, pauseRule: breach.rule, pauseReason: breach.reason };
      }
    }
    const fresh = { checkedAt: now.getTime(), standing, domains: await authenticatedDomains(deps.db, customerId) };
    views.set(customerId, fresh);
    return fresh;
  }

  async function warmUp(campaign: GuardedCampaign) {
    if (deps.settings.warmUpDailyLimits.length === 0) return null;
    const { standing, domains } = await view(campaign.customerId);
    const domain = campaign.fromEmail.slice(campaign.fromEmail.lastIndexOf('@') + 1).toLowerCase();
    const authenticatedAt = domains.get(domain) ?? null;
    const since = warmUpSince(standing.warmUpStartedAt ?? deps.now(), authenticatedAt);
    const stage = warmUpStage(deps.settings.warmUpDailyLimits, since, deps.now());
    return stage && { ...stage, since, domain: since === authenticatedAt ? domain : null };
  }

  return {
    async admit(customerId) {
      const { standing } = await view(customerId);
      if (standing.pausedAt) {
        // A campaign started or resumed meanwhile (a schedule's time came) waits with the others.
        await pauseSendingCampaigns(deps.db, customerId, standing.pauseReason ?? '', deps.now());
        return false;
      }
      return true;
    },
    warmUp,
    async claimWithin(campaign, limit, claim) {
      const stage = await warmUp(campaign);
      if (!stage) return claim(deps.db, limit);
      const request = { customerId: campaign.customerId, kind: 'warm-up-messages' as const, limit: stage.limit, windowMs: DAY_MS, now: deps.now() };
      return reserveUsageUpTo(deps.db, request, async (tx, free) => {
        const rows = free > 0 ? await claim(tx, Math.min(limit, free)) : ([] as unknown[] as Awaited<ReturnType<typeof claim>>);
        return { taken: rows.length, value: rows };
      });
    },
  };
}
