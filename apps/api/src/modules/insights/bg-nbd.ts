// The BG/NBD model (Fader, Hardie and Lee, "Counting your customers the easy way", Marketing
// Science 2005): while alive a customer buys at a Poisson rate λ ~ Gamma(r, α); after each
// purchase they drop out with probability p ~ Beta(a, b). Time is in weeks throughout.
import { logHyp2f1 } from '../../lib/hypergeometric';
import { logAddExp, logRising } from '../../lib/special-functions';
import { type Fit, fitOnLogScale } from './maximum-likelihood';

export interface BgNbdParams {
  r: number;
  alpha: number;
  a: number;
  b: number;
}

/** One customer's calibration summary: repeat days x, recency t_x and age T in weeks. */
export interface RecencyFrequency {
  x: number;
  tx: number;
  T: number;
}

export type BgNbdFit = Fit<BgNbdParams>;

const toParams = (values: number[]): BgNbdParams => ({ r: values[0]!, alpha: values[1]!, a: values[2]!, b: values[3]! });

/**
 * The sample's log-likelihood (equation 6 of the paper, in log space):
 * ln Γ(r+x) − ln Γ(r) + r ln α + ln B(a, b+x) − ln B(a, b)
 *   + ln[ (α+T)^−(r+x) + [x>0] a/(b+x−1) (α+t_x)^−(r+x) ].
 * The terms that depend only on x are computed once per distinct x.
 */
export function bgNbdLogLikelihood({ r, alpha, a, b }: BgNbdParams, data: readonly RecencyFrequency[]): number {
  if (!(r > 0 && alpha > 0 && a > 0 && b > 0)) return -Infinity;
  const byFrequency = new Map<number, number>();
  const common = r * Math.log(alpha);
  let total = 0;
  for (const { x, tx, T } of data) {
    let perX = byFrequency.get(x);
    if (perX === undefined) {
      // ln Γ(r+x) − ln Γ(r) + ln Γ(b+x) − ln Γ(b) − (ln Γ(a+b+x) − ln Γ(a+b)) as rising factorials.
      perX = logRising(r, x) + logRising(b, x) - logRising(a + b, x);
      byFrequency.set(x, perX);
    }
    const alive = -(r + x) * Math.log(alpha + T);
    const dropped = x > 0 ? Math.log(a) - Math.log(b + x - 1) - (r + x) * Math.log(alpha + tx) : -Infinity;
    total += common + perX + logAddExp(alive, dropped);
  }
  return total;
}

/** Maximum-likelihood fit, starting at r = α = a = b = 1 with α scaled to the data's time span (as `lifetimes` scales time). */
export function fitBgNbd(data: readonly RecencyFrequency[]): BgNbdFit {
  const meanAge = data.reduce((sum, person) => sum + person.T, 0) / data.length;
  return fitOnLogScale((params: BgNbdParams) => bgNbdLogLikelihood(params, data), toParams, data.length, [0, Math.log(Math.max(meanAge, 1e-3) / 10), 0, 0]);
}

/** P(alive | x, t_x, T) (Hardie's note 021): 1 for a one-time buyer, who cannot have dropped out yet. */
export function probabilityAlive({ r, alpha, a, b }: BgNbdParams, { x, tx, T }: RecencyFrequency): number {
  if (x === 0) return 1;
  const logOdds = Math.log(a) - Math.log(b + x - 1) + (r + x) * Math.log((alpha + T) / (alpha + tx));
  return 1 / (1 + Math.exp(logOdds));
}

/**
 * E[orders in the next t weeks | x, t_x, T] (equation 10). Its 2F1(r+x, b+x; a+b+x−1; z), z =
 * t/(α+T+t), is taken through Euler's transformation, which cancels the (1 − z)^(r+x) factor:
 * (1−z)^(r+x) 2F1(r+x, b+x; c; z) = (1−z)^(a−1) 2F1(a+b−1−r, a−1; c; z), so the hypergeometric
 * part no longer grows with x. Null when 2F1 cannot be evaluated to double precision.
 */
export function expectedOrders(params: BgNbdParams, t: number, person: RecencyFrequency): number | null {
  if (t <= 0) return 0;
  // (a+b+x−1)/(a−1) × (1 − …) is 0/0 at a = 1: average the values either side instead (the error
  // is second order in the offset).
  if (Math.abs(params.a - 1) < A_NEAR_ONE) {
    const below = conditionalExpectation({ ...params, a: 1 - A_NEAR_ONE }, t, person);
    const above = conditionalExpectation({ ...params, a: 1 + A_NEAR_ONE }, t, person);
    return below === null || above === null ? null : (below + above) / 2;
  }
  return conditionalExpectation(params, t, person);
}

const A_NEAR_ONE = 1e-5;

function conditionalExpectation(params: BgNbdParams, t: number, person: RecencyFrequency): number | null {
  const { r, alpha, a, b } = params;
  const { x, T } = person;
  const c = a + b + x - 1;
  const z = t / (alpha + T + t);
  const hyp = logHyp2f1(a + b - 1 - r, a - 1, c, z);
  if (!hyp) return null;
  const logProduct = hyp.log + (a - 1) * Math.log1p(-z);
  const bracket = hyp.sign > 0 ? -Math.expm1(logProduct) : 1 + Math.exp(logProduct);
  const value = (((a + b + x - 1) / (a - 1)) * bracket) * (x > 0 ? probabilityAlive(params, person) : 1);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * Weeks from the as-of time until the next order is as likely as not to have come. Given alive
 * (and a customer stays alive until their next order: dropout happens only just after one), the
 * wait is exponential with λ ~ Gamma(r+x, α+T) a posteriori, so P(next order within w) =
 * P(alive) × (1 − ((α+T)/(α+T+w))^(r+x)); solving for one half gives
 * w = (α+T)((1 − 1/(2 P(alive)))^(−1/(r+x)) − 1). Null when P(alive) ≤ 1/2: the person is more
 * likely never to order again, so no such date exists.
 */
export function weeksToNextOrder(params: BgNbdParams, person: RecencyFrequency): number | null {
  const alive = probabilityAlive(params, person);
  if (!(alive > 0.5)) return null;
  const weeks = (params.alpha + person.T) * Math.expm1(-Math.log1p(-1 / (2 * alive)) / (params.r + person.x));
  return Number.isFinite(weeks) ? weeks : null;
}
