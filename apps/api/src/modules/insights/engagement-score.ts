// The probability of a human open or click of a person's next campaign (docs/decisions/010-send-times-and-engagement.md).
// First cut: a Beta posterior mean on the audience's rate; calibration follows.

export type EngagementBand = 'highly_engaged' | 'engaged' | 'cooling' | 'dormant';

export interface CampaignOutcome {
  sentAt: Date;
  /** A human open (machine opens are not opens here). */
  opened: boolean;
  clicked: boolean;
}

/** The account's model, stored as JSON in insight_models (kind engagement). */
export interface EngagementModel {
  base_rate: number;
  prior_weight: number;
  campaigns: number;
}

export interface EngagementScore {
  score: number;
  band: EngagementBand;
  reasons: string[];
}

const engaged = (outcome: CampaignOutcome) => outcome.opened || outcome.clicked;

export function fitEngagementModel(histories: Iterable<readonly CampaignOutcome[]>, asOf: Date): EngagementModel {
  let campaigns = 0;
  let hits = 0;
  for (const history of histories)
    for (const outcome of history)
      if (outcome.sentAt <= asOf) {
        campaigns += 1;
        if (engaged(outcome)) hits += 1;
      }
  return { base_rate: campaigns > 0 ? hits / campaigns : 0.2, prior_weight: 4, campaigns };
}

export function engagementOf(history: readonly CampaignOutcome[], model: EngagementModel, asOf: Date): EngagementScore {
  const past = history.filter((outcome) => outcome.sentAt <= asOf);
  const hits = past.filter(engaged).length;
  const score = (hits + model.base_rate * model.prior_weight) / (past.length + model.prior_weight);
  const band: EngagementBand = score >= 0.5 ? 'highly_engaged' : score >= 0.25 ? 'engaged' : score >= 0.08 ? 'cooling' : 'dormant';
  return { score, band, reasons: [] };
}
