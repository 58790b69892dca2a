// The always-valid alternative (Johari, Pekelis and Walsh 2017; Robbins 1970): a mixture sequential
// probability ratio test on the same statistic. With the score S = Z√t Brownian motion in the
// information t and a half-normal mixing distribution of scale τ over positive drifts, the mixture
// likelihood ratio Λ = 2 (1 + τ²t)^(-1/2) exp(τ²S²/(2(1 + τ²t))) Φ(τS/√(1 + τ²t)) is a martingale of
// mean 1 with no difference, so P(Λ ever ≥ 1/α) ≤ α (Ville) however often and however long it is
// looked at: no horizon, no spending. Kept as the candidate the simulation compares against
// (docs/decisions/009-ab-test-decisions.md).
import { normalCdf } from '../../lib/normal-distribution';

/** log Λ for the one-sided (positive drift) half-normal mixture at z and information t. */
export function mixtureLogRatio(z: number, information: number, tau2: number): number {
  if (!(information > 0)) return -Infinity;
  const spread = 1 + tau2 * information;
  const score = z * Math.sqrt(information);
  return Math.log(2) - 0.5 * Math.log(spread) + (tau2 * score * score) / (2 * spread) + Math.log(normalCdf((Math.sqrt(tau2) * score) / Math.sqrt(spread)));
}

/** The z at which Λ reaches 1/α at information t. */
export function mixtureBoundary(information: number, alpha: number, tau2: number): number {
  const target = Math.log(1 / alpha);
  let low = 0;
  let high = 40;
  for (let i = 0; i < 60; i++) {
    const middle = 0.5 * (low + high);
    if (mixtureLogRatio(middle, information, tau2) >= target) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The mixing scale that makes the boundary lowest at the planned information (t = 1): the best
 * case for this method when the audience and the deadline are known, which is what we compare.
 */
export function bestMixtureScale(alpha: number): number {
  let best = { tau2: 1, boundary: Infinity };
  for (let logTau2 = -2; logTau2 <= 8; logTau2 += 0.05) {
    const tau2 = Math.exp(logTau2);
    const boundary = mixtureBoundary(1, alpha, tau2);
    if (boundary < best.boundary) best = { tau2, boundary };
  }
  return best.tau2;
}
