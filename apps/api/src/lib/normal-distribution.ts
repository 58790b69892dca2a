// The standard normal distribution, as the A/B tests' sequential boundaries need it
// (modules/ab-tests): density, both tails to full double precision, and the quantile.

const SQRT_TWO_PI = Math.sqrt(2 * Math.PI);
// Hart's algorithm 5666 (Hart 1968, as given by West 2005, "Better approximations to cumulative
// normal functions"): a rational function times e^(-x²/2), double precision near the middle and a
// relative error below 1e-8 far into the tail (|x| = 7.07; beyond it a continued fraction). Fast
// enough for the boundary recursion, which calls it millions of times and needs tails of 1e-12 to
// keep their own digits (1 − Φ(x) would lose them).
const HART_NUMERATOR = [0.0352624965998911, 0.700383064443688, 6.37396220353165, 33.912866078383, 112.079291497871, 221.213596169931, 220.206867912376];
const HART_DENOMINATOR = [
  0.0883883476483184, 1.75566716318264, 16.064177579207, 86.7807322029461, 296.564248779674, 637.333633378831, 793.826512519948, 440.413735824752,
];
const HART_SWITCH = 7.07106781186547;
const TAIL_CUTOFF = 38.5;

/** φ(x), the standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / SQRT_TWO_PI;
}

/** Φ(−|x|): the smaller tail, computed directly so it keeps its relative precision far out. */
function smallerTail(x: number): number {
  const a = Math.abs(x);
  if (a > TAIL_CUTOFF) return 0;
  const e = Math.exp(-0.5 * a * a);
  if (a < HART_SWITCH) {
    let numerator = HART_NUMERATOR[0]!;
    for (let i = 1; i < HART_NUMERATOR.length; i++) numerator = numerator * a + HART_NUMERATOR[i]!;
    let denominator = HART_DENOMINATOR[0]!;
    for (let i = 1; i < HART_DENOMINATOR.length; i++) denominator = denominator * a + HART_DENOMINATOR[i]!;
    return (e * numerator) / denominator;
  }
  const fraction = a + 1 / (a + 2 / (a + 3 / (a + 4 / (a + 0.65))));
  return e / fraction / SQRT_TWO_PI;
}

/** Φ(x) = P(Z ≤ x). */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const tail = smallerTail(x);
  return x > 0 ? 1 - tail : tail;
}

/** 1 − Φ(x) = P(Z > x), without the cancellation of 1 − normalCdf(x) for large x. */
export function normalUpperTail(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const tail = smallerTail(x);
  return x < 0 ? 1 - tail : tail;
}

// Acklam's rational approximation (relative error 1.15e-9), then one Halley step on Φ, which
// brings it to about machine precision.
const ACKLAM_A = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
const ACKLAM_B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const ACKLAM_C = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const ACKLAM_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const ACKLAM_LOW = 0.02425;

const polynomial = (coefficients: number[], x: number) => coefficients.reduce((sum, c) => sum * x + c, 0);

/** The x with Φ(x) = p; ±Infinity at 0 and 1, NaN outside [0, 1]. */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  let x: number;
  if (p < ACKLAM_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = polynomial(ACKLAM_C, q) / (polynomial(ACKLAM_D, q) * q + 1);
  } else if (p > 1 - ACKLAM_LOW) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -polynomial(ACKLAM_C, q) / (polynomial(ACKLAM_D, q) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = (polynomial(ACKLAM_A, r) * q) / (polynomial(ACKLAM_B, r) * r + 1);
  }
  // Halley: the error measured on the side of the smaller tail, so p near 1 keeps its digits.
  const error = p < 0.5 ? normalCdf(x) - p : 1 - p - normalUpperTail(x);
  const u = error * SQRT_TWO_PI * Math.exp(0.5 * x * x);
  return x - u / (1 + 0.5 * x * u);
}
