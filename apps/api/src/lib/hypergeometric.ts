// The Gaussian hypergeometric function 2F1(a, b; c; z), as BG/NBD's conditional expectation needs
// it (modules/insights/bg-nbd.ts): real parameters, z < 1, with the result in log space (log|value|
// and sign) because BG/NBD multiplies it by a power of (1 - z) that can be astronomically small.
import { logGammaSigned } from './special-functions';

export interface SignedLog {
  log: number;
  sign: 1 | -1;
}

const EPSILON = 1e-15;
// Rescale the running sum beyond this, so terms that grow for a while (c - a - b very negative,
// z near 1) neither overflow nor lose the sum.
const RESCALE_AT = 1e250;
const LOG_RESCALE = Math.log(RESCALE_AT);
// Above this z the direct series needs thousands of terms; the 1 - z transformation needs a few.
const NEAR_ONE = 0.9;
// c - a - b this close to an integer makes the transformation's two terms cancel catastrophically
// (each carries Γ(c - a - b) or Γ(a + b - c), near a pole); the direct series is used instead.
const NEAR_INTEGER = 1e-3;
// The direct series needs about 35 / (1 - z) terms; beyond this it has no business running.
const MAX_TERMS = 10_000_000;

const ZERO: SignedLog = { log: -Infinity, sign: 1 };

/** Signed log of x + y, each given as a signed log. */
function addSigned(x: SignedLog, y: SignedLog): SignedLog {
  if (x.log === -Infinity) return y;
  if (y.log === -Infinity) return x;
  const [big, small] = x.log >= y.log ? [x, y] : [y, x];
  const ratio = Math.exp(small.log - big.log);
  const factor = big.sign === small.sign ? 1 + ratio : 1 - ratio;
  if (factor === 0) return ZERO;
  return { log: big.log + Math.log(factor), sign: big.sign };
}

const isNonPositiveInteger = (x: number) => x <= 0 && Number.isInteger(x);

/**
 * The defining series Σ (a)_n (b)_n / (c)_n z^n / n!, summed until the tail is provably below
 * EPSILON of the sum: once the term ratio q = |(a+n)(b+n) z / ((c+n)(n+1))| and |z| are below one,
 * the rest is at most |term| q / (1 - q). Null when that does not happen within MAX_TERMS.
 */
function series(a: number, b: number, c: number, z: number): SignedLog | null {
  let term = 1;
  let sum = 1;
  let logScale = 0;
  for (let n = 0; n < MAX_TERMS; n++) {
    const ratio = (((a + n) * (b + n)) / ((c + n) * (n + 1))) * z;
    term *= ratio;
    if (term === 0) break; // a terminating series: a or b is a non-positive integer
    sum += term;
    if (Math.abs(sum) > RESCALE_AT || Math.abs(term) > RESCALE_AT) {
      sum /= RESCALE_AT;
      term /= RESCALE_AT;
      logScale += LOG_RESCALE;
    }
    const bound = Math.max(Math.abs(ratio), Math.abs(z));
    if (bound < 1 && (Math.abs(term) * bound) / (1 - bound) <= EPSILON * Math.abs(sum)) break;
    if (n === MAX_TERMS - 1) return null;
  }
  if (!Number.isFinite(sum)) return null;
  if (sum === 0) return ZERO;
  return { log: Math.log(Math.abs(sum)) + logScale, sign: sum < 0 ? -1 : 1 };
}

/** Signed log of Γ(n1) Γ(n2) / (Γ(d1) Γ(d2)); a pole in the denominator makes it zero. */
function gammaRatio(n1: number, n2: number, d1: number, d2: number): SignedLog {
  if (isNonPositiveInteger(d1) || isNonPositiveInteger(d2)) return ZERO;
  const [a, b, c, d] = [logGammaSigned(n1), logGammaSigned(n2), logGammaSigned(d1), logGammaSigned(d2)];
  return { log: a.log + b.log - c.log - d.log, sign: (a.sign * b.sign * c.sign * d.sign) as 1 | -1 };
}

/**
 * Abramowitz & Stegun 15.3.6, for z near 1 and c - a - b not an integer:
 * 2F1(a,b;c;z) = Γ(c)Γ(c-a-b)/(Γ(c-a)Γ(c-b)) 2F1(a,b;a+b-c+1;1-z)
 *              + (1-z)^(c-a-b) Γ(c)Γ(a+b-c)/(Γ(a)Γ(b)) 2F1(c-a,c-b;c-a-b+1;1-z).
 */
function nearOne(a: number, b: number, c: number, z: number): SignedLog | null {
  const w = 1 - z;
  const s = c - a - b;
  const first = series(a, b, 1 - s, w);
  const second = series(c - a, c - b, s + 1, w);
  if (!first || !second) return null;
  const k1 = gammaRatio(c, s, c - a, c - b);
  const k2 = gammaRatio(c, -s, a, b);
  const termOne: SignedLog = { log: k1.log + first.log, sign: (k1.sign * first.sign) as 1 | -1 };
  const termTwo: SignedLog =
    w === 0 ? ZERO : { log: k2.log + second.log + s * Math.log(w), sign: (k2.sign * second.sign) as 1 | -1 };
  return addSigned(termOne, termTwo);
}

/**
 * log|2F1(a, b; c; z)| and its sign, for real a, b, c (c not a non-positive integer) and z < 1
 * (z = 1 too when c - a - b > 0, where the series converges to Gauss's value). Null when the value
 * is undefined or cannot be computed to double precision (the caller then says so rather than
 * showing a number).
 */
export function logHyp2f1(a: number, b: number, c: number, z: number): SignedLog | null {
  if (![a, b, c, z].every(Number.isFinite) || isNonPositiveInteger(c) || z > 1) return null;
  if (z === 0 || a === 0 || b === 0) return { log: 0, sign: 1 };
  if (z === 1) {
    if (c - a - b <= 0) return null;
    return gammaRatio(c, c - a - b, c - a, c - b);
  }
  if (z < 0) {
    // Pfaff: 2F1(a,b;c;z) = (1-z)^(-a) 2F1(a, c-b; c; z/(z-1)), with z/(z-1) in (0, 1).
    const inner = logHyp2f1(a, c - b, c, z / (z - 1));
    return inner && { log: inner.log - a * Math.log1p(-z), sign: inner.sign };
  }
  const polynomial = isNonPositiveInteger(a) || isNonPositiveInteger(b);
  const s = c - a - b;
  if (z > NEAR_ONE && !polynomial && Math.abs(s - Math.round(s)) > NEAR_INTEGER) {
    const transformed = nearOne(a, b, c, z);
    if (transformed && Number.isFinite(transformed.log)) return transformed;
  }
  return series(a, b, c, z);
}

/** 2F1(a, b; c; z) as a number (Infinity or NaN where it does not fit in a double or is undefined). */
export function hyp2f1(a: number, b: number, c: number, z: number): number {
  const value = logHyp2f1(a, b, c, z);
  return value ? value.sign * Math.exp(value.log) : NaN;
}

