// Special functions the purchase models need (modules/insights): the log-gamma function with the
// sign of Γ, log-beta and a stable log(e^a + e^b). Pure numbers in, numbers out.

// Lanczos approximation, g = 7, n = 9 (relative error about 1e-15 for x >= 0.5).
const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/** log|Γ(x)| and the sign of Γ(x); at the poles (0, -1, -2, ...) the log is +Infinity. */
export function logGammaSigned(x: number): { log: number; sign: 1 | -1 } {
  if (Number.isNaN(x)) return { log: NaN, sign: 1 };
  if (x <= 0 && Number.isInteger(x)) return { log: Infinity, sign: 1 };
  if (x < 0.5) {
    // Reflection: Γ(x) Γ(1 - x) = π / sin(πx); Γ(1 - x) > 0 here since 1 - x > 0.5.
    const s = Math.sin(Math.PI * x);
    return { log: Math.log(Math.PI) - Math.log(Math.abs(s)) - logGamma(1 - x), sign: s < 0 ? -1 : 1 };
  }
  const y = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS_G + 2; i++) sum += LANCZOS[i]! / (y + i);
  const t = y + LANCZOS_G + 0.5;
  return { log: HALF_LOG_TWO_PI + (y + 0.5) * Math.log(t) - t + Math.log(sum), sign: 1 };
}

/** log|Γ(x)|. */
export function logGamma(x: number): number {
  return logGammaSigned(x).log;
}

/** log B(a, b) = log Γ(a) + log Γ(b) - log Γ(a + b), for a, b > 0. */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** log(e^a + e^b) without overflow or underflow. */
export function logAddExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const high = Math.max(a, b);
  return high + Math.log1p(Math.exp(Math.min(a, b) - high));
}

/**
 * log of the rising factorial (a)_n = Γ(a + n) / Γ(a), for a > 0 and n ≥ 0. For a small integer n
 * it is the sum of n logs, exact where the difference of two large log-gammas would lose digits
 * (BG/NBD's a + b can run to 1e5 when nobody drops out).
 */
export function logRising(a: number, n: number): number {
  if (Number.isInteger(n) && n <= 64) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += Math.log(a + k);
    return sum;
  }
  return logGamma(a + n) - logGamma(a);
}
