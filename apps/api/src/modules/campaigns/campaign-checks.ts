import { CAMPAIGN_CHECK_RULES, CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { SECTION_MESSAGES } from '@postlark/shared/saved-sections';
import type { AppConfig } from '../../config/env';
import { HttpError } from '../../http/errors';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter';
import { mimeMessage } from '../../mail/mime-message';
import { type SpamChecker, spamCheckerFrom } from '../../mail/spam-score';
import { type AddressCheck, publicAddressesOnly, publicOrLoopback } from '../outgoing-webhooks/webhook-target';
import { emailLookFor } from '../brand/brand.service';
import { blocksProblem, personaliseRecipients } from './block-personalisation';
import { buildCampaignMail, prepareCampaign } from './campaign-message';
import { expandSections } from '../sections/sections.service';
import { renderForRecipient, SAMPLE_RECIPIENT } from './campaign-preview';
import { postalAddressLine } from './campaign-readiness';
import { fromChecks } from './from-checks';
import { postalAddressParts } from './campaigns.repository';
import { type CampaignDeps, owned } from './campaigns.service';
import { extractBlocks } from './content-blocks';
import { checkLinks, describeBroken, type LinkCache, linkCache } from './link-checks';
import { checkTemplate } from './merge-tags';
import { contentLinks, imagesCheck, sizeCheck, unfinishedCheck } from './message-checks';
import { spamCheck } from './spam-check';

// "Check before sending" (issue 30, point 6): the saved campaign built as the engine builds it
// for a sample reader (tracked links, the footer, the open pixel), then read for what inboxes
// judge. Readiness (campaign-readiness.ts) still decides what the send refuses; these only warn,
// except a From that readiness refuses too.

export interface CampaignCheckSettings {
  /** The address guard outgoing webhooks use: public addresses, plus loopback under WEBHOOKS_ALLOW_LOCAL. */
  linkAddresses: AddressCheck;
  linkTimeoutMs: number;
  linkConcurrency: number;
  links: LinkCache;
  /** Runs per account: each one may ask fifty sites. */
  runs: RateLimiter;
  /** SPAMD_URL's filter; null: no spam score. */
  spam: SpamChecker | null;
}

export type CampaignCheckDeps = CampaignDeps & { checks: CampaignCheckSettings };

const LINK_CACHE_MS = 5 * 60_000;
const SPAM_TIMEOUT_MS = 10_000;
// A realistic ledger row id (ten digits) so tracked links are as long as the real ones.
const SAMPLE_ROW_ID = 1_234_567_890;
const ADDRESS_PLACEHOLDER = 'Your postal address, as your profile gives it';

export function campaignCheckSettingsFrom(config: Pick<AppConfig, 'WEBHOOKS_ALLOW_LOCAL' | 'SPAMD_URL'>): CampaignCheckSettings {
  return {
    linkAddresses: config.WEBHOOKS_ALLOW_LOCAL ? publicOrLoopback : publicAddressesOnly,
    linkTimeoutMs: CAMPAIGN_CHECK_RULES.linkTimeoutSeconds * 1000,
    linkConcurrency: 6,
    links: linkCache(LINK_CACHE_MS, 5_000),
    runs: createRateLimiter({ limit: CAMPAIGN_CHECK_RULES.runsPerMinute, windowMs: 60_000, maxKeys: 10_000 }),
    spam: config.SPAMD_URL ? spamCheckerFrom(config.SPAMD_URL, SPAM_TIMEOUT_MS) : null,
  };
}

/** Why the content cannot be built into a message yet (the same refusals as readiness), or null. */
async function contentProblem(deps: CampaignDeps, customerId: string, row: { subject: string; preheader: string; contentHtml: string; contentText: string | null }): Promise<string | null> {
  if (!row.contentHtml.trim()) return CAMPAIGN_MESSAGES.contentRequired;
  for (const source of [row.subject, row.preheader, row.contentHtml, row.contentText ?? '']) {
    const problem = checkTemplate(source)[0];
    if (problem) return problem.message;
  }
  return blocksProblem(deps.db, customerId, row.contentHtml);
}

async function linksCheck(deps: CampaignCheckDeps, customerId: string, html: string): Promise<CampaignCheck> {
  const title = CAMPAIGN_CHECK_TEXTS.linksTitle;
  const all = contentLinks(html, deps.links.untracked);
  if (all.length === 0) return { id: 'links', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.linksNone };
  const checked = all.slice(0, CAMPAIGN_CHECK_RULES.maxLinks);
  const { checks } = deps;
  const outcomes = await checkLinks(checked, {
    allowed: checks.linkAddresses,
    timeoutMs: checks.linkTimeoutMs,
    concurrency: checks.linkConcurrency,
    cache: checks.links,
    keyPrefix: customerId,
  });
  const broken = checked.map((link) => describeBroken(link, outcomes.get(link)!)).filter((text): text is string => text !== null);
  const over = all.length > checked.length ? CAMPAIGN_CHECK_TEXTS.linksOverLimit(checked.length, all.length) : '';
  if (broken.length === 0) return { id: 'links', status: over ? 'warn' : 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.linksAllAnswer(checked.length) + over };
  return { id: 'links', status: 'warn', title, detail: CAMPAIGN_CHECK_TEXTS.linksBroken(broken) + over };
}

/** Every check of the customer's campaign `id`, in the order the checklist shows them. 404 for another's or a bad id. */
export async function campaignChecks(deps: CampaignCheckDeps, customerId: string, id: string): Promise<CampaignCheck[]> {
  const saved = await owned(deps, customerId, id);
  // Checked as it would be sent: its saved sections as they are now in place of their references.
  const sections = await expandSections(deps.db, customerId, saved.contentHtml);
  const stored = { ...saved, contentHtml: sections.html };
  const verdict = deps.checks.runs.hit(customerId);
  if (!verdict.allowed) throw new HttpError(429, CAMPAIGN_CHECK_TEXTS.tooOften, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });

  // Through a platform, it signs and adds its own footer: only the content's checks are ours.
  const ownDelivery = stored.deliveryConnectionId === null;
  const results: CampaignCheck[] = ownDelivery ? await fromChecks(deps, stored) : [];
  // Readiness refuses a send without it: said here, before Send, with where to add it (the panel links the tab).
  const parts = await postalAddressParts(deps.db, customerId);
  const addressLine = parts && postalAddressLine(parts);
  results.push(
    addressLine
      ? { id: 'address', status: 'pass', title: CAMPAIGN_CHECK_TEXTS.addressTitle, detail: CAMPAIGN_CHECK_TEXTS.addressShown(addressLine) }
      : { id: 'address', status: 'fail', title: CAMPAIGN_CHECK_TEXTS.addressTitle, detail: CAMPAIGN_MESSAGES.postalAddressRequired },
  );
  // A deleted section sends nothing in its place: worth a look, not a refusal.
  if (sections.missing.length > 0) results.push({ id: 'sections', status: 'warn', title: SECTION_MESSAGES.missingTitle, detail: SECTION_MESSAGES.missingCheck(sections.missing.length) });
  const problem = await contentProblem(deps, customerId, stored);
  if (problem) return [...results, { id: 'content', status: 'fail', title: CAMPAIGN_CHECK_TEXTS.contentTitle, detail: problem }];

  const row = { ...stored, postalAddress: addressLine || ADDRESS_PLACEHOLDER };
  // The sample reader matches no condition; only recommendations need reading (as the preview does).
  const reader = { ...SAMPLE_RECIPIENT };
  await personaliseRecipients(deps.db, customerId, [{ ...extractBlocks(row.contentHtml).blocks, conditions: [] }], [reader], deps.now());
  // As the engine builds it: the campaign's tracking setting, so links are rewritten when it tracks.
  const look = await emailLookFor(deps.db, customerId);
  const mail = buildCampaignMail(await prepareCampaign(row, look), reader, { id: SAMPLE_ROW_ID, messageId: `<checks.${SAMPLE_ROW_ID}@${deps.sending.viaDomain}>` }, deps.links, undefined, ownDelivery);
  // The links as written (before the click redirect), for asking each site.
  const untracked = (await renderForRecipient(row, reader, deps.links, look, false)).html;

  results.push(
    unfinishedCheck(untracked),
    sizeCheck(mail.html, {
      pixelUrl: row.tracking ? deps.links.tracking.openPixel(SAMPLE_ROW_ID) : null,
      unsubscribeUrl: ownDelivery ? deps.links.preferences(reader.id) : null,
      postalAddress: ownDelivery ? row.postalAddress : '',
    }),
  );
  const message = mimeMessage({ ...mail, date: deps.now() });
  const [links, spam] = await Promise.all([linksCheck(deps, customerId, untracked), deps.checks.spam ? spamCheck(deps.checks.spam, message) : null]);
  results.push(links, imagesCheck(untracked));
  if (spam) results.push(spam);
  return results;
}
