// Standard errors of maximum-likelihood estimates: the inverse of the negative log-likelihood's
// Hessian at the optimum is the estimates' asymptotic covariance. Central finite differences
// (the likelihoods here have no convenient analytic second derivatives).

/** The Hessian of f at x, by central differences with a step relative to each coordinate. */
export function numericalHessian(f: (x: number[]) => number, x: number[]): number[][] {
  const n = x.length;
  // ε^(1/4) balances truncation (h²) against rounding (ε / h²) for second differences.
  const h = x.map((value) => 1.2e-4 * Math.max(Math.abs(value), 0.1));
  const at = (di: number, i: number, dj: number, j: number) =>
    f(x.map((value, k) => value + (k === i ? di * h[i]! : 0) + (k === j ? dj * h[j]! : 0)));
  const centre = f(x);
  const hessian = x.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    hessian[i]![i] = (at(1, i, 0, i) - 2 * centre + at(-1, i, 0, i)) / (h[i]! * h[i]!);
    for (let j = 0; j < i; j++) {
      const value = (at(1, i, 1, j) - at(1, i, -1, j) - at(-1, i, 1, j) + at(-1, i, -1, j)) / (4 * h[i]! * h[j]!);
      hessian[i]![j] = value;
      hessian[j]![i] = value;
    }
  }
  return hessian;
}

/**
 * The inverse of a symmetric positive-definite matrix through its Cholesky factor; null when the
 * matrix is not positive definite (a flat or saddle-shaped likelihood: no standard errors exist).
 */
export function invertPositiveDefinite(matrix: number[][]): number[][] | null {
  const n = matrix.length;
  const lower = matrix.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i]![j]!;
      for (let k = 0; k < j; k++) sum -= lower[i]![k]! * lower[j]![k]!;
      if (i === j) {
        if (!(sum > 0) || !Number.isFinite(sum)) return null;
        lower[i]![i] = Math.sqrt(sum);
      } else {
        lower[i]![j] = sum / lower[j]![j]!;
      }
    }
  }
  // Solve L Lᵀ X = I column by column.
  const inverse = matrix.map(() => new Array<number>(n).fill(0));
  for (let column = 0; column < n; column++) {
    const y = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) {
      let sum = i === column ? 1 : 0;
      for (let k = 0; k < i; k++) sum -= lower[i]![k]! * y[k]!;
      y[i] = sum / lower[i]![i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      let sum = y[i]!;
      for (let k = i + 1; k < n; k++) sum -= lower[k]![i]! * inverse[k]![column]!;
      inverse[i]![column] = sum / lower[i]![i]!;
    }
  }
  return inverse;
}

/** Standard errors: square roots of the diagonal of the inverse Hessian, or null (see above). */
export function standardErrors(f: (x: number[]) => number, x: number[]): number[] | null {
  const covariance = invertPositiveDefinite(numericalHessian(f, x));
  return covariance && covariance.map((row, i) => Math.sqrt(row[i]!));
}
