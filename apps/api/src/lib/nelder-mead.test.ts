import { describe, expect, it } from 'vitest';
import { minimise } from './nelder-mead';

describe('minimise', () => {
  it('finds the minimum of the Rosenbrock valley from a poor start', () => {
    const rosenbrock = ([x, y]: number[]) => 100 * (y! - x! * x!) ** 2 + (1 - x!) ** 2;
    const result = minimise(rosenbrock, [-1.2, 1]);
    expect(result.converged).toBe(true);
    expect(result.point[0]).toBeCloseTo(1, 5);
    expect(result.point[1]).toBeCloseTo(1, 5);
  });

  it('minimises a badly scaled four-dimensional quadratic and treats non-finite values as walls', () => {
    const target = [3, -2, 0.5, 10];
    const scales = [1, 100, 0.01, 10];
    const f = (x: number[]) => (x[0]! < -5 ? NaN : x.reduce((sum, value, i) => sum + scales[i]! * (value - target[i]!) ** 2, 0));
    const result = minimise(f, [0, 0, 0, 0]);
    expect(result.converged).toBe(true);
    result.point.forEach((value, i) => expect(value).toBeCloseTo(target[i]!, 4));
  });

  it('reports when the evaluation budget runs out before convergence', () => {
    const result = minimise(([x, y]) => (x! - 50) ** 2 + (y! + 50) ** 2, [0, 0], { maxEvaluations: 30 });
    expect(result.converged).toBe(false);
    expect(result.evaluations).toBeLessThanOrEqual(34);
  });
});
