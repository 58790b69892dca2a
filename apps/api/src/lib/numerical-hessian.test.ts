import { describe, expect, it } from 'vitest';
import { invertPositiveDefinite, numericalHessian, standardErrors } from './numerical-hessian';

describe('numericalHessian', () => {
  it('recovers the Hessian of a known function', () => {
    // f = x² y + 3 y² + e^z: H = [[2y, 2x, 0], [2x, 6, 0], [0, 0, e^z]].
    const f = ([x, y, z]: number[]) => x! * x! * y! + 3 * y! * y! + Math.exp(z!);
    const hessian = numericalHessian(f, [1.5, 2, 0.3]);
    const expected = [
      [4, 3, 0],
      [3, 6, 0],
      [0, 0, Math.exp(0.3)],
    ];
    hessian.forEach((row, i) => row.forEach((value, j) => expect(value).toBeCloseTo(expected[i]![j]!, 5)));
  });
});

describe('invertPositiveDefinite and standardErrors', () => {
  it('inverts a positive-definite matrix and refuses one that is not', () => {
    const inverse = invertPositiveDefinite([
      [4, 2],
      [2, 3],
    ])!;
    // [[4,2],[2,3]]⁻¹ = [[3,-2],[-2,4]] / 8
    expect(inverse[0]![0]).toBeCloseTo(3 / 8, 12);
    expect(inverse[0]![1]).toBeCloseTo(-2 / 8, 12);
    expect(inverse[1]![1]).toBeCloseTo(4 / 8, 12);
    expect(
      invertPositiveDefinite([
        [1, 2],
        [2, 1],
      ]),
    ).toBeNull();
  });

  it('gives the textbook standard error of a normal mean', () => {
    // Negative log-likelihood of n draws with known σ: the SE of the mean is σ / √n.
    const data = [2.1, 1.9, 2.5, 1.7, 2.2, 2.0, 2.4, 1.8];
    const sigma = 0.5;
    const nll = ([mu]: number[]) => data.reduce((sum, y) => sum + (y - mu!) ** 2 / (2 * sigma * sigma), 0);
    expect(standardErrors(nll, [2.075])![0]).toBeCloseTo(sigma / Math.sqrt(data.length), 8);
    expect(standardErrors(() => 0, [1])).toBeNull();
  });
});
