// The probability of a human open or click of a person's next campaign
// (docs/decisions/010-send-times-and-engagement.md): a logistic regression on a few recency-weighted
// features of the person's past campaigns, fitted on the account's own past by predicting each
// campaign from the ones before it. Machine opens never reach it: the caller passes human opens.
import { ENGAGEMENT_REASONS, type EngagementBand, engagementBandOf } from '@postlark/shared/insights';
import { invertPositiveDefinite } from '../../lib/numerical-hessian';

export type { EngagementBand };

const DAY_MS = 86_400_000;

export const ENGAGEMENT_MODEL = {
  /** A past campaign's outcome weighs half as much after this many days. */
  halfLifeDays: 60,
  /** The decayed shares start from the audience's rate with the weight of this many campaigns (a Beta prior). */
  priorCampaigns: 2,
  /** A campaign younger than this without an open or click is still pending: neither a miss nor a target. */
  pendingDays: 3,
  /** Ridge penalty on the standardised weights (not the intercept). */
  ridge: 1,
  /** At most this many past campaigns are fitted on (a sample of people past it: see EngagementFit). */
  maxRows: 300_000,
  /** Reasons look at the last this many campaigns. */
  recentCampaigns: 5,
  /** From this many days without a human open, that is the reason given. */
  quietDays: 30,
} as const;

export interface CampaignOutcome {
  sentAt: Date;
  /** A human open (machine opens are not opens here). */
  opened: boolean;
  clicked: boolean;
}

export const ENGAGEMENT_FEATURES = ['engaged_share', 'click_share', 'days_quiet', 'never_engaged', 'campaigns'] as const;
const WIDTH = ENGAGEMENT_FEATURES.length;

/** The account's model, stored as JSON in insight_models (kind engagement). */
export interface EngagementModel {
  /** Share of resolved campaigns that got a human open or click (the new person's score, before the fit). */
  base_rate: number;
  base_click_rate: number;
  /** Intercept first, then one weight per feature (on standardised features). */
  weights: number[];
  means: number[];
  scales: number[];
  features: readonly string[];
  /** Campaign outcomes the weights were fitted on. */
  rows: number;
  /** Their mean log-loss, and that of the base rate alone, for the refresh's state. */
  log_loss: number;
  base_log_loss: number;
}

export interface EngagementScore {
  score: number;
  band: EngagementBand;
  reasons: string[];
}

const engaged = (outcome: CampaignOutcome) => outcome.opened || outcome.clicked;
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clampRate = (p: number) => Math.min(0.999, Math.max(0.001, p));

/**
 * The person's features just before `at`, from the campaigns sent before it (sorted by time).
 * Shares are Beta-posterior means of the decayed outcomes, as logits; quiet days since the last
 * human engagement (or since the first campaign, with the never flag); campaigns received.
 */
function featuresAt(history: readonly CampaignOutcome[], end: number, at: number, base: number, baseClick: number, out: Float64Array, offset: number): void {
  const pending = at - ENGAGEMENT_MODEL.pendingDays * DAY_MS;
  let weight = 0;
  let hits = 0;
  let clicks = 0;
  let received = 0;
  let lastEngaged = -Infinity;
  for (let i = 0; i < end; i++) {
    const outcome = history[i]!;
    const sent = outcome.sentAt.getTime();
    const hit = engaged(outcome);
    if (hit) lastEngaged = Math.max(lastEngaged, sent);
    if (!hit && sent > pending) continue;
    const w = 0.5 ** ((at - sent) / (ENGAGEMENT_MODEL.halfLifeDays * DAY_MS));
    weight += w;
    if (hit) hits += w;
    if (outcome.clicked) clicks += w;
    received += 1;
  }
  const prior = ENGAGEMENT_MODEL.priorCampaigns;
  const first = end > 0 ? history[0]!.sentAt.getTime() : at;
  const quietSince = Number.isFinite(lastEngaged) ? lastEngaged : first;
  out[offset] = logit(clampRate((hits + prior * base) / (weight + prior)));
  out[offset + 1] = logit(clampRate((clicks + prior * baseClick) / (weight + prior)));
  out[offset + 2] = Math.log1p(Math.max(0, at - quietSince) / DAY_MS);
  out[offset + 3] = end > 0 && !Number.isFinite(lastEngaged) ? 1 : 0;
  out[offset + 4] = Math.log1p(received);
}

const byTime = (history: readonly CampaignOutcome[], asOf: number) =>
  history.filter((outcome) => outcome.sentAt.getTime() <= asOf).sort((one, two) => one.sentAt.getTime() - two.sentAt.getTime());

/** Rows of features held flat: row r's feature j is values[r × width + j] (no array per row at 300,000 rows). */
export interface FlatRows {
  values: Float64Array;
  width: number;
}

const isFlat = (rows: readonly (readonly number[])[] | FlatRows): rows is FlatRows => !Array.isArray(rows);

/**
 * Ridge logistic regression by Newton's method (IRLS): the log-likelihood is concave, the ridge
 * makes the Hessian definite, so a handful of full steps converge; a step that would lower the
 * penalised likelihood is halved.
 */
export function fitLogistic(rows: readonly (readonly number[])[] | FlatRows, targets: ArrayLike<number>, ridge: number): number[] {
  const flat: FlatRows = isFlat(rows) ? rows : { values: Float64Array.from(rows.flat()), width: rows[0]!.length };
  const width = flat.width;
  const values = flat.values;
  const n = targets.length;
  const p = width + 1;
  let beta = new Array<number>(p).fill(0);
  let mean = 0;
  for (let r = 0; r < n; r++) mean += targets[r]!;
  beta[0] = logit(clampRate(mean / n));
  const objective = (b: number[]) => {
    let total = 0;
    for (let r = 0; r < n; r++) {
      let eta = b[0]!;
      for (let j = 1; j < p; j++) eta += b[j]! * values[r * width + j - 1]!;
      // log(1 + e^eta) without overflow
      total += targets[r]! * eta - (eta > 0 ? eta + Math.log1p(Math.exp(-eta)) : Math.log1p(Math.exp(eta)));
    }
    for (let j = 1; j < p; j++) total -= 0.5 * ridge * b[j]! ** 2;
    return total;
  };
  let current = objective(beta);
  const x = new Float64Array(p);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = new Array<number>(p).fill(0);
    const hessian = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    x[0] = 1;
    for (let r = 0; r < n; r++) {
      for (let j = 1; j < p; j++) x[j] = values[r * width + j - 1]!;
      let eta = 0;
      for (let j = 0; j < p; j++) eta += beta[j]! * x[j]!;
      const mu = sigmoid(eta);
      const w = mu * (1 - mu);
      const residual = targets[r]! - mu;
      for (let i = 0; i < p; i++) {
        gradient[i]! += residual * x[i]!;
        for (let j = 0; j <= i; j++) hessian[i]![j]! += w * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < p; i++) for (let j = i + 1; j < p; j++) hessian[i]![j] = hessian[j]![i]!;
    for (let j = 1; j < p; j++) {
      gradient[j]! -= ridge * beta[j]!;
      hessian[j]![j]! += ridge;
    }
    const inverse = invertPositiveDefinite(hessian);
    if (!inverse) break; // only without a ridge, on separable or constant data: keep the last weights
    const step = inverse.map((row) => row.reduce((sum, v, j) => sum + v * gradient[j]!, 0));
    let scale = 1;
    let next = beta.map((b, j) => b + step[j]!);
    let value = objective(next);
    while (value < current - 1e-9 && scale > 1e-4) {
      scale /= 2;
      next = beta.map((b, j) => b + scale * step[j]!);
      value = objective(next);
    }
    const moved = Math.max(...step.map((s) => Math.abs(s * scale)));
    beta = next;
    current = value;
    if (moved < 1e-8) break;
  }
  return beta;
}

/** The score of standardised features under the weights. */
function predict(model: EngagementModel, features: ArrayLike<number>): number {
  let eta = model.weights[0]!;
  for (let j = 0; j < WIDTH; j++) eta += model.weights[j + 1]! * ((features[j]! - model.means[j]!) / model.scales[j]!);
  return sigmoid(eta);
}

/** A 32-bit FNV-1a hash: the deterministic sampling key of a person's id (the same refresh, the same sample). */
export function sampleKeyOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

interface Sampled {
  key: number;
  /** The person's history, read again when the model is fitted (a refresh keeps it packed meanwhile). */
  read: () => readonly CampaignOutcome[];
  rows: number;
}

/**
 * The people the model is fitted on, taken as they stream past (a refresh reads a million people
 * page by page): all of them while their resolved campaigns stay within `maxRows`, then a
 * bottom-k sample by a hash of their id, so a big account's model speaks for all its people,
 * not for the oldest few thousand the id order would give first.
 */
export class EngagementFit {
  private readonly cutoff: number;
  private readonly resolvedBefore: number;
  private sample: Sampled[] = [];
  private rows = 0;
  // People whose key is at or above this are no longer taken (lowered as the sample is trimmed).
  private threshold = Infinity;

  constructor(asOf: Date) {
    this.cutoff = asOf.getTime();
    this.resolvedBefore = this.cutoff - ENGAGEMENT_MODEL.pendingDays * DAY_MS;
  }

  /** Offers a person: `read` gives their history (called now for its size, and again to fit if they stay in the sample). */
  add(key: number, read: () => readonly CampaignOutcome[]): void {
    if (key >= this.threshold) return;
    let rows = 0;
    for (const outcome of read()) if (outcome.sentAt.getTime() <= this.resolvedBefore) rows += 1;
    this.sample.push({ key, read, rows });
    this.rows += rows;
    // Trimmed in bulk (a sort per half a budget of new rows), not per person.
    if (this.rows > ENGAGEMENT_MODEL.maxRows * 1.5) this.trim();
  }

  private trim(): void {
    this.sample.sort((one, two) => one.key - two.key);
    let rows = 0;
    let kept = 0;
    while (kept < this.sample.length && rows + this.sample[kept]!.rows <= ENGAGEMENT_MODEL.maxRows) rows += this.sample[kept++]!.rows;
    if (kept === this.sample.length) return;
    this.threshold = this.sample[kept]!.key;
    this.sample = this.sample.slice(0, kept);
    this.rows = rows;
  }

  /**
   * Fits on the sample: every resolved campaign of every person is a row, its features from the
   * campaigns before it, its target whether it got a human open or click. A person's first campaign
   * is a row too, so a new person's score is the fitted rate of first campaigns, which starts at
   * the audience's.
   */
  model(): EngagementModel {
    if (this.rows > ENGAGEMENT_MODEL.maxRows) this.trim();
    const people = this.sample.map((sampled) => byTime(sampled.read(), this.cutoff));
    let rows = 0;
    let hits = 0;
    let clicks = 0;
    for (const history of people) {
      for (const outcome of history) {
        if (outcome.sentAt.getTime() > this.resolvedBefore) continue;
        rows += 1;
        if (engaged(outcome)) hits += 1;
        if (outcome.clicked) clicks += 1;
      }
    }
    const base = rows > 0 ? clampRate(hits / rows) : 0.2;
    const baseClick = rows > 0 ? clampRate(clicks / rows) : 0.02;
    const values = new Float64Array(rows * WIDTH);
    const targets = new Uint8Array(rows);
    let r = 0;
    for (const history of people) {
      for (let k = 0; k < history.length; k++) {
        const sent = history[k]!.sentAt.getTime();
        if (sent > this.resolvedBefore) break;
        featuresAt(history, k, sent, base, baseClick, values, r * WIDTH);
        targets[r++] = engaged(history[k]!) ? 1 : 0;
      }
    }
    return modelOn({ values, width: WIDTH }, targets, base, baseClick);
  }
}

/** Fits the weights on the rows standardised (in place: the raw rows are not needed after), and reports the fit's log-loss next to the base rate's. */
function modelOn(rows: FlatRows, targets: Uint8Array, base: number, baseClick: number): EngagementModel {
  const n = targets.length;
  const { values } = rows;
  const means = new Array<number>(WIDTH).fill(0);
  const scales = new Array<number>(WIDTH).fill(1);
  for (let j = 0; j < WIDTH && n > 0; j++) {
    let sum = 0;
    for (let r = 0; r < n; r++) sum += values[r * WIDTH + j]!;
    means[j] = sum / n;
    let squares = 0;
    for (let r = 0; r < n; r++) squares += (values[r * WIDTH + j]! - means[j]!) ** 2;
    const variance = squares / n;
    scales[j] = variance > 1e-12 ? Math.sqrt(variance) : 1;
  }
  let ones = 0;
  for (let r = 0; r < n; r++) ones += targets[r]!;
  const haveBoth = ones > 0 && ones < n;
  const model: EngagementModel = {
    base_rate: base,
    base_click_rate: baseClick,
    weights: [logit(base), ...new Array<number>(WIDTH).fill(0)],
    means,
    scales,
    features: ENGAGEMENT_FEATURES,
    rows: n,
    log_loss: 0,
    base_log_loss: 0,
  };
  if (n === 0) return model;
  // Standardised in place (the raw rows are not needed after); the log-loss is read on them too.
  for (let r = 0; r < n; r++) for (let j = 0; j < WIDTH; j++) values[r * WIDTH + j] = (values[r * WIDTH + j]! - means[j]!) / scales[j]!;
  if (haveBoth) model.weights = fitLogistic(rows, targets, ENGAGEMENT_MODEL.ridge);
  const loss = (p: number, y: number) => -(y * Math.log(clampRate(p)) + (1 - y) * Math.log(clampRate(1 - p)));
  let total = 0;
  for (let r = 0; r < n; r++) {
    let eta = model.weights[0]!;
    for (let j = 0; j < WIDTH; j++) eta += model.weights[j + 1]! * values[r * WIDTH + j]!;
    total += loss(sigmoid(eta), targets[r]!);
  }
  model.log_loss = total / n;
  let baseTotal = 0;
  for (let r = 0; r < n; r++) baseTotal += loss(base, targets[r]!);
  model.base_log_loss = baseTotal / n;
  return model;
}

/** Fits on everyone's past up to `asOf` (sampled by position past `maxRows`; see EngagementFit). */
export function fitEngagementModel(histories: Iterable<readonly CampaignOutcome[]>, asOf: Date): EngagementModel {
  const fit = new EngagementFit(asOf);
  let index = 0;
  for (const history of histories) fit.add(sampleKeyOf(String(index++)), () => history);
  return fit.model();
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
