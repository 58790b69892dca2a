// Derivative-free minimisation for the purchase models' likelihoods (modules/insights). The models
// are fitted on log-transformed parameters, so every point the simplex visits is a valid model
// and the search sees a better-conditioned surface.

export interface MinimiseOptions {
  /** Side of the first simplex along each axis. */
  step?: number;
  /** Converged when the simplex's values are within this of the best... */
  valueTolerance?: number;
  /** ...and its points within this of the best point, coordinate by coordinate. */
  pointTolerance?: number;
  /** Function evaluations allowed over all restarts. */
  maxEvaluations?: number;
  /** Fresh simplexes started from the best point found, until one no longer improves it. */
  maxRestarts?: number;
}

export interface Minimum {
  point: number[];
  value: number;
  evaluations: number;
  restarts: number;
  /** False when the evaluation budget ran out before the simplex closed in. */
  converged: boolean;
}

/** A simplex this small has nowhere left to go in double precision. */
const COLLAPSED = 1e-13;

const DEFAULTS: Required<MinimiseOptions> = {
  step: 0.5,
  valueTolerance: 1e-10,
  pointTolerance: 1e-8,
  maxEvaluations: 20_000,
  maxRestarts: 10,
};

/**
 * Nelder-Mead (reflection 1, expansion 2, contraction 1/2, shrink 1/2) with restarts: a simplex
 * can collapse onto a ridge and stop short of the minimum, so after each convergence a fresh
 * simplex of the original size is started at the best point; the search ends when a restart
 * improves the value by no more than the tolerance. Non-finite values count as +Infinity, so a
 * likelihood that overflows somewhere simply repels the simplex.
 */
export function minimise(f: (x: number[]) => number, start: number[], options: MinimiseOptions = {}): Minimum {
  const settings = { ...DEFAULTS, ...options };
  let evaluations = 0;
  const evaluate = (x: number[]) => {
    evaluations++;
    const value = f(x);
    return Number.isFinite(value) ? value : Infinity;
  };

  let best = { point: [...start], value: evaluate(start) };
  let converged = false;
  let restarts = 0;
  for (; restarts <= settings.maxRestarts; restarts++) {
    const run = simplexSearch(evaluate, best.point, settings, () => evaluations);
    const improvement = best.value - run.value;
    if (run.value <= best.value) best = { point: run.point, value: run.value };
    converged = run.converged;
    if (!run.converged || (restarts > 0 && !(improvement > settings.valueTolerance))) break;
  }
  return { ...best, evaluations, restarts: Math.min(restarts, settings.maxRestarts), converged };
}

function simplexSearch(
  evaluate: (x: number[]) => number,
  start: number[],
  settings: Required<MinimiseOptions>,
  spent: () => number,
): { point: number[]; value: number; converged: boolean } {
  const n = start.length;
  const points = [start, ...start.map((_, i) => start.map((value, j) => (i === j ? value + settings.step : value)))];
  let vertices = points.map((point) => ({ point, value: evaluate(point) }));
  const towards = (from: number[], to: number[], t: number) => from.map((value, i) => value + t * (to[i]! - value));

  while (spent() < settings.maxEvaluations) {
    vertices.sort((x, y) => x.value - y.value);
    const bestVertex = vertices[0]!;
    const spread = Math.max(...vertices.map((v) => Math.abs(v.value - bestVertex.value)));
    const size = Math.max(...vertices.flatMap((v) => v.point.map((value, i) => Math.abs(value - bestVertex.point[i]!))));
    // Converged when the simplex is small and level; or when it is a hundred times more level
    // than asked but stays long: a flat ridge (parameters the data cannot tell apart, as BG/NBD's
    // a and b when nobody drops out), where any point is as good and size would never shrink; or
    // when it has collapsed to rounding, where what differs between its values is only noise.
    const level = spread <= settings.valueTolerance;
    if ((level && (size <= settings.pointTolerance || spread <= settings.valueTolerance / 100)) || size <= COLLAPSED) {
      return { ...bestVertex, converged: true };
    }
    const worst = vertices[n]!;
    const centroid = start.map((_, i) => vertices.slice(0, n).reduce((sum, v) => sum + v.point[i]!, 0) / n);

    const reflected = towards(centroid, worst.point, -1);
    const reflectedValue = evaluate(reflected);
    if (reflectedValue < bestVertex.value) {
      const expanded = towards(centroid, worst.point, -2);
      const expandedValue = evaluate(expanded);
      vertices[n] = expandedValue < reflectedValue ? { point: expanded, value: expandedValue } : { point: reflected, value: reflectedValue };
      continue;
    }
    if (reflectedValue < vertices[n - 1]!.value) {
      vertices[n] = { point: reflected, value: reflectedValue };
      continue;
    }
    // Contract outside (towards the reflected point) or inside (towards the worst one).
    const outside = reflectedValue < worst.value;
    const contracted = towards(centroid, outside ? reflected : worst.point, 0.5);
    const contractedValue = evaluate(contracted);
    if (contractedValue < (outside ? reflectedValue : worst.value)) {
      vertices[n] = { point: contracted, value: contractedValue };
      continue;
    }
    vertices = vertices.map((v, i) => {
      if (i === 0) return v;
      const point = towards(bestVertex.point, v.point, 0.5);
      return { point, value: evaluate(point) };
    });
  }
  vertices.sort((x, y) => x.value - y.value);
  return { ...vertices[0]!, converged: false };
}
