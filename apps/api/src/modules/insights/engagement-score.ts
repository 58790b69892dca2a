// The probability of a human open or click of a person's next campaign
// (docs/decisions/010-send-times-and-engagement.md): a logistic regression on a few recency-weighted
// features of the person's past campaigns, fitted on the account's own past by predicting each
// campaign from the ones before it. Machine opens never reach it: the caller passes human opens.
import { ENGAGEMENT_REASONS, type EngagementBand, engagementBandOf } from '@postlark/shared/insights';
import { byTime, type CampaignOutcome, engaged, ENGAGEMENT_MODEL, type EngagementModel, featuresAt, WIDTH } from './engagement-features';
import { sigmoid } from './logistic-regression';

export type { EngagementBand };

const DAY_MS = 86_400_000;

export interface EngagementScore {
  score: number;
  band: EngagementBand;
  reasons: string[];
}

/** The score of standardised features under the weights. */
function predict(model: EngagementModel, features: ArrayLike<number>): number {
  let eta = model.weights[0]!;
  for (let j = 0; j < WIDTH; j++) eta += model.weights[j + 1]! * ((features[j]! - model.means[j]!) / model.scales[j]!);
  return sigmoid(eta);
}

/** What the person's recent campaigns say, for the reasons. */
function recentFacts(history: readonly CampaignOutcome[], asOf: number) {
  const pending = asOf - ENGAGEMENT_MODEL.pendingDays * DAY_MS;
  const resolved = history.filter((outcome) => engaged(outcome) || outcome.sentAt.getTime() <= pending);
  const recent = resolved.slice(-ENGAGEMENT_MODEL.recentCampaigns);
  const last = history.findLast(engaged);
  return {
    m: recent.length,
    engagedRecent: recent.filter(engaged).length,
    clickedRecent: recent.filter((outcome) => outcome.clicked).length,
    received: resolved.length,
    quietDays: last ? Math.floor((asOf - last.sentAt.getTime()) / DAY_MS) : null,
    sinceFirstDays: history.length > 0 ? Math.floor((asOf - history[0]!.sentAt.getTime()) / DAY_MS) : 0,
  };
}

/**
 * The person's score as of `asOf`, its band and the two reasons whose features move the score most
 * from the average person's (weight × standardised distance from the mean).
 */
export function engagementOf(history: readonly CampaignOutcome[], model: EngagementModel, asOf: Date): EngagementScore {
  const at = asOf.getTime();
  const sorted = byTime(history, at);
  const features = new Float64Array(WIDTH);
  featuresAt(sorted, sorted.length, at, model.base_rate, model.base_click_rate, features, 0);
  const score = predict(model, features);
  const facts = recentFacts(sorted, at);
  if (facts.received === 0 && facts.quietDays === null) return { score, band: engagementBandOf(score), reasons: [ENGAGEMENT_REASONS.newPerson] };
  const pull = (j: number) => Math.abs(model.weights[j + 1]! * ((features[j]! - model.means[j]!) / model.scales[j]!));
  const quietText =
    facts.quietDays === null
      ? ENGAGEMENT_REASONS.neverEngaged(facts.received)
      : facts.quietDays >= ENGAGEMENT_MODEL.quietDays
        ? ENGAGEMENT_REASONS.noHumanOpenIn(facts.quietDays)
        : ENGAGEMENT_REASONS.lastEngaged(facts.quietDays);
  const candidates: { text: string; pull: number }[] = [
    { text: ENGAGEMENT_REASONS.engagedOfLast(facts.engagedRecent, facts.m), pull: pull(0) },
    { text: ENGAGEMENT_REASONS.clickedOfLast(facts.clickedRecent, facts.m), pull: pull(1) },
    { text: quietText, pull: Math.max(pull(2), pull(3)) },
    { text: ENGAGEMENT_REASONS.received(facts.received), pull: pull(4) },
  ];
  const reasons = candidates
    .filter((candidate) => facts.m > 0 || candidate.text === quietText)
    .sort((one, two) => two.pull - one.pull)
    .slice(0, 2)
    .map((candidate) => candidate.text);
  return { score, band: engagementBandOf(score), reasons };
}
