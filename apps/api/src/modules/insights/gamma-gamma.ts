// The Gamma-Gamma model of spend (Fader, Hardie and Lee, "RFM and CLV", JMR 2005): a customer's
// order values are Gamma(p, ν) around their own mean, with ν ~ Gamma(q, v) across customers.
// Fitted on repeat customers' mean repeat-order values; spend is assumed independent of frequency.
import { logGamma } from '../../lib/special-functions';
import { type Fit, fitOnLogScale } from './maximum-likelihood';

export interface GammaGammaParams {
  p: number;
  q: number;
  v: number;
}

/** A repeat customer: x repeat order days and m, their mean value. */
export interface FrequencyValue {
  x: number;
  m: number;
}

export type GammaGammaFit = Fit<GammaGammaParams>;

const toParams = (values: number[]): GammaGammaParams => ({ p: values[0]!, q: values[1]!, v: values[2]! });

/**
 * The log-likelihood of the observed means: m given x is Gamma(px, νx); integrating ν out gives
 * ln Γ(px+q) − ln Γ(px) − ln Γ(q) + q ln v + (px−1) ln m + px ln x − (px+q) ln(xm + v).
 */
export function gammaGammaLogLikelihood({ p, q, v }: GammaGammaParams, data: readonly FrequencyValue[]): number {
  if (!(p > 0 && q > 0 && v > 0)) return -Infinity;
  const common = q * Math.log(v) - logGamma(q);
  let total = 0;
  for (const { x, m } of data) {
    const px = p * x;
    total += common + logGamma(px + q) - logGamma(px) + (px - 1) * Math.log(m) + px * Math.log(x) - (px + q) * Math.log(x * m + v);
  }
  return total;
}

/** Maximum likelihood on log parameters, as for BG/NBD; v starts at the data's mean value. */
export function fitGammaGamma(data: readonly FrequencyValue[]): GammaGammaFit {
  const meanValue = data.reduce((sum, person) => sum + person.m, 0) / data.length;
  return fitOnLogScale((params: GammaGammaParams) => gammaGammaLogLikelihood(params, data), toParams, data.length, [0, 0, Math.log(Math.max(meanValue, 1e-6))]);
}

/** The population's mean order value, p v / (q − 1); null when q ≤ 1 (the mean does not exist). */
export function populationMeanValue({ p, q, v }: GammaGammaParams): number | null {
  return q > 1 ? (p * v) / (q - 1) : null;
}

/**
 * E[order value | x, m] = p(v + x m) / (p x + q − 1): a weighted mean of the population's mean and
 * the person's own, trusting the person's more the more they have bought. With no repeat order
 * (x = 0) it is the population's mean.
 */
export function expectedOrderValue(params: GammaGammaParams, person: FrequencyValue | null): number | null {
  if (!person || person.x === 0) return populationMeanValue(params);
  const { p, q, v } = params;
  const denominator = p * person.x + q - 1;
  return denominator > 0 ? (p * (v + person.x * person.m)) / denominator : null;
}
