// From an account's buyers to their figures and the account's fitted models: the pure part of a
// refresh (run in its worker thread, insights-worker.ts; insights.service.ts stores what it gives).
import { INSIGHT_MESSAGES, INSIGHT_MINIMUMS, type PurchaseInsights, type PurchaseModel } from '@postlark/shared/insights';
import { type BgNbdFit, type BgNbdParams, expectedOrders, fitBgNbd, probabilityAlive, weeksToNextOrder } from './bg-nbd';
import { expectedOrderValue, fitGammaGamma, type GammaGammaFit, populationMeanValue } from './gamma-gamma';
import { type Order, type PurchaseHistory, purchaseHistories } from './purchase-history';
import { type RfmScale, rfmScale, rfmScoreOf } from './rfm';

const WEEK_MS = 7 * 86_400_000;
const DAYS_PER_WEEK = 7;
/** Beyond this the "expected" next order is no date anyone can plan for: shown as none. */
const NEXT_ORDER_HORIZON_WEEKS = (3 * 365) / DAYS_PER_WEEK;

export interface PersonPurchases {
  subscriberId: string;
  purchases: PurchaseInsights;
}

export interface PurchaseInsightsResult {
  model: PurchaseModel;
  people: PersonPurchases[];
}

const estimate = (value: number, error: number | undefined) => ({ value, standard_error: error ?? null });
const round = (value: number, digits = 6) => Number(value.toFixed(digits));

function describeBgNbd(fit: BgNbdFit): NonNullable<PurchaseModel['bg_nbd']> {
  const { params, standardErrors: errors } = fit;
  return {
    r: estimate(params.r, errors?.r),
    alpha: estimate(params.alpha, errors?.alpha),
    a: estimate(params.a, errors?.a),
    b: estimate(params.b, errors?.b),
    log_likelihood: fit.logLikelihood,
  };
}

function describeGammaGamma(fit: GammaGammaFit): NonNullable<PurchaseModel['gamma_gamma']> {
  const { params, standardErrors: errors } = fit;
  return { p: estimate(params.p, errors?.p), q: estimate(params.q, errors?.q), v: estimate(params.v, errors?.v), log_likelihood: fit.logLikelihood };
}

const usable = (...values: number[]) => values.every((value) => Number.isFinite(value) && value > 0);

/** What the fits read of a buyer. */
export type PurchaseFitInput = Pick<PurchaseHistory, 'x' | 'tx' | 'T' | 'repeatMeanValue' | 'daysSinceLastOrder' | 'orders' | 'revenue'>;

/** The account's fitted models and its buyers' RFM scale: what each buyer's figures are read against. */
export interface PurchaseFits {
  model: PurchaseModel;
  bgNbd: BgNbdParams | null;
  gammaGamma: GammaGammaFit | null;
  rfm: RfmScale | null;
}

/**
 * Fits BG/NBD and Gamma-Gamma on the buyers' histories before `asOf`. Below INSIGHT_MINIMUMS, or
 * when a fit fails, the model's `notes` say what is missing, and the figures that depend on it
 * are null (purchasesOf).
 */
export function fitPurchases(histories: readonly PurchaseFitInput[], asOf: Date, fittedAt: Date): PurchaseFits {
  const repeat = histories.filter((person) => person.x > 0);
  const valuedRepeat = repeat.filter((person) => person.repeatMeanValue !== null && person.repeatMeanValue > 0);
  const notes: string[] = [];

  let bgNbd: BgNbdFit | null = null;
  if (histories.length < INSIGHT_MINIMUMS.customers) notes.push(INSIGHT_MESSAGES.needCustomers(histories.length));
  else if (repeat.length < INSIGHT_MINIMUMS.repeatCustomers) notes.push(INSIGHT_MESSAGES.needRepeatCustomers(repeat.length));
  else {
    const fit = fitBgNbd(histories);
    const { r, alpha, a, b } = fit.params;
    if (fit.converged && usable(r, alpha, a, b, -fit.logLikelihood)) bgNbd = fit;
    else notes.push(INSIGHT_MESSAGES.fitFailed);
  }

  let gammaGamma: GammaGammaFit | null = null;
  if (bgNbd) {
    if (valuedRepeat.length < INSIGHT_MINIMUMS.repeatCustomers) notes.push(INSIGHT_MESSAGES.needValuedRepeatCustomers(valuedRepeat.length));
    else {
      const fit = fitGammaGamma(valuedRepeat.map((person) => ({ x: person.x, m: person.repeatMeanValue! })));
      const { p, q, v } = fit.params;
      // q ≤ 1 leaves the population's mean order value undefined: nothing to predict from.
      if (fit.converged && usable(p, q - 1, v)) gammaGamma = fit;
      else notes.push(INSIGHT_MESSAGES.valueFitFailed);
    }
  }

  const rfm = histories.length >= INSIGHT_MINIMUMS.rfmCustomers ? rfmScale(histories) : null;
  if (!rfm) notes.push(INSIGHT_MESSAGES.needRfmCustomers(histories.length));

  const model: PurchaseModel = {
    as_of: asOf.toISOString(),
    fitted_at: fittedAt.toISOString(),
    customers: histories.length,
    repeat_customers: repeat.length,
    bg_nbd: bgNbd && describeBgNbd(bgNbd),
    gamma_gamma: gammaGamma && describeGammaGamma(gammaGamma),
    notes,
  };
  return { model, bgNbd: bgNbd?.params ?? null, gammaGamma, rfm };
}

/** A buyer's figures under the account's fits. */
export function purchasesOf(history: PurchaseHistory, fits: PurchaseFits, asOf: Date): PurchaseInsights {
  return personFigures(history, asOf, fits.rfm ? rfmScoreOf(fits.rfm, history) : null, fits.bgNbd, fits.gammaGamma, fits.model.notes);
}

/** The fits on the orders before `asOf` and each buyer's figures (tests and benches; a refresh reads summaries). */
export function computePurchaseInsights(orders: Iterable<Order>, asOf: Date, fittedAt: Date): PurchaseInsightsResult {
  const histories = purchaseHistories(orders, asOf);
  const fits = fitPurchases(histories, asOf, fittedAt);
  return { model: fits.model, people: histories.map((history) => ({ subscriberId: history.subscriberId, purchases: purchasesOf(history, fits, asOf) })) };
}

function personFigures(
  history: PurchaseHistory,
  asOf: Date,
  rfm: PurchaseInsights['rfm'],
  bgNbd: BgNbdParams | null,
  gammaGamma: GammaGammaFit | null,
  accountNotes: readonly string[],
): PurchaseInsights {
  const notes = [...accountNotes];
  let alive: number | null = null;
  let next90: number | null = null;
  let next365: number | null = null;
  let nextOrderAt: string | null = null;
  if (bgNbd) {
    alive = probabilityAlive(bgNbd, history);
    next90 = expectedOrders(bgNbd, 90 / DAYS_PER_WEEK, history);
    next365 = expectedOrders(bgNbd, 365 / DAYS_PER_WEEK, history);
    const weeks = weeksToNextOrder(bgNbd, history);
    if (weeks !== null && weeks <= NEXT_ORDER_HORIZON_WEEKS) nextOrderAt = new Date(asOf.getTime() + weeks * WEEK_MS).toISOString();
  }
  let value365: number | null = null;
  if (gammaGamma && next365 !== null) {
    const own = history.repeatMeanValue !== null ? { x: history.x, m: history.repeatMeanValue } : null;
    // A repeat buyer whose orders had no value is valued at the population's mean, as a one-time buyer is.
    const orderValue = own ? expectedOrderValue(gammaGamma.params, own) : populationMeanValue(gammaGamma.params);
    if (orderValue !== null) value365 = round(next365 * orderValue, 2);
  }
  if (history.averageOrderValue === null) notes.push(INSIGHT_MESSAGES.noOrderValues);
  return {
    orders: history.orders,
    revenue: round(history.revenue, 4),
    first_order_at: history.firstOrderAt.toISOString(),
    last_order_at: history.lastOrderAt.toISOString(),
    average_order_value: history.averageOrderValue === null ? null : round(history.averageOrderValue, 4),
    rfm,
    p_alive: alive === null ? null : round(alive),
    expected_orders_90d: next90 === null ? null : round(next90),
    expected_orders_365d: next365 === null ? null : round(next365),
    predicted_value_365d: value365,
    churn_risk: alive === null ? null : round(1 - alive),
    next_order_expected_at: nextOrderAt,
    note: notes.length > 0 ? notes.join(' ') : null,
  };
}

