// Ridge logistic regression, the engagement model's fit (engagement-fit.ts), on rows held flat.
import { invertPositiveDefinite } from '../../lib/numerical-hessian';

export const logit = (p: number) => Math.log(p / (1 - p));
export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
export const clampRate = (p: number) => Math.min(0.999, Math.max(0.001, p));

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
