// Fitting the engagement model on an account's past (docs/decisions/010-send-times-and-engagement.md):
// every resolved campaign of a sample of people is a row, predicted from the campaigns before it.
import { byTime, type CampaignOutcome, engaged, ENGAGEMENT_FEATURES, ENGAGEMENT_MODEL, type EngagementModel, featuresAt, WIDTH } from './engagement-features';
import { clampRate, type FlatRows, fitLogistic, logit, sigmoid } from './logistic-regression';

const DAY_MS = 86_400_000;

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
