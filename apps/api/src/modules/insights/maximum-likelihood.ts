// Maximum-likelihood fitting shared by BG/NBD and Gamma-Gamma: Nelder-Mead with restarts on the
// logs of positive parameters, then standard errors from the Hessian in the natural parameters.
import { minimise } from '../../lib/nelder-mead';
import { standardErrors } from '../../lib/numerical-hessian';

/**
 * Log-parameters are held within ±12 (about 6e-6 to 160,000): data with no sign of dropout (or of
 * spread) drives a and b (or p) towards infinity along a flat ridge, and a simplex chasing it would
 * spend its whole budget there. Clamping (rather than a wall of +Infinity) keeps the surface
 * continuous, so the simplex settles against the bound, where the predictions are the limit's.
 */
const LOG_PARAM_BOUND = 12;
const clampLogs = (logs: readonly number[]) => logs.map((value) => Math.min(LOG_PARAM_BOUND, Math.max(-LOG_PARAM_BOUND, value)));

export interface Fit<Params> {
  params: Params;
  /** Asymptotic standard errors from the numerical Hessian; null when it is not positive definite. */
  standardErrors: Params | null;
  logLikelihood: number;
  converged: boolean;
}

/**
 * Fits positive parameters by maximum likelihood: the objective is the mean log-likelihood over
 * `count` observations (its scale does not grow with the account), searched on log parameters
 * from `startLogs` (so every step is a valid model); the standard errors come from the Hessian of
 * the total in the natural parameters.
 */
export function fitOnLogScale<Params>(
  logLikelihood: (params: Params) => number,
  toParams: (values: number[]) => Params,
  count: number,
  startLogs: number[],
): Fit<Params> {
  const result = minimise((logs) => -logLikelihood(toParams(clampLogs(logs).map(Math.exp))) / count, startLogs);
  const values = clampLogs(result.point).map(Math.exp);
  const errors = standardErrors((natural) => -logLikelihood(toParams(natural)), values);
  return {
    params: toParams(values),
    standardErrors: errors && errors.every(Number.isFinite) ? toParams(errors) : null,
    logLikelihood: -result.value * count,
    converged: result.converged,
  };
}
