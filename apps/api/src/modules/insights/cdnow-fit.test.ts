import { describe, expect, it } from 'vitest';
import { CDNOW_AS_OF, cdnowSampleOrders } from './cdnow-sample';
import { computePurchaseInsights } from './purchase-insights';

// The CDNOW sample (cdnow-sample.ts): 2,357 customers, calibration to 1997-09-30. Published: BG/NBD
// r 0.243, α 4.414, a 0.793, b 2.426 (Fader, Hardie and Lee 2005a); Gamma-Gamma p 6.25, q 3.74,
// v 15.44 on the 946 repeat buyers' mean repeat spend (2005b).

const within1Percent = (fitted: number, published: number) => expect(Math.abs(fitted - published) / published).toBeLessThan(0.01);

describe('the CDNOW sample', () => {
  it('fits BG/NBD and Gamma-Gamma to the published estimates, with standard errors', () => {
    const { model, people } = computePurchaseInsights(cdnowSampleOrders(), CDNOW_AS_OF, new Date());
    expect(model.customers).toBe(2357);
    expect(model.repeat_customers).toBe(946);
    expect(model.notes).toEqual([]);
    const bgNbd = model.bg_nbd!;
    within1Percent(bgNbd.r.value, 0.243);
    within1Percent(bgNbd.alpha.value, 4.414);
    within1Percent(bgNbd.a.value, 0.793);
    within1Percent(bgNbd.b.value, 2.426);
    // The published log-likelihood is −9582.4.
    expect(bgNbd.log_likelihood).toBeCloseTo(-9582.4, 0);
    const gammaGamma = model.gamma_gamma!;
    within1Percent(gammaGamma.p.value, 6.25);
    within1Percent(gammaGamma.q.value, 3.74);
    within1Percent(gammaGamma.v.value, 15.44);
    for (const estimate of [bgNbd.r, bgNbd.alpha, bgNbd.a, bgNbd.b, gammaGamma.p, gammaGamma.q, gammaGamma.v]) {
      expect(estimate.standard_error).toBeGreaterThan(0);
      expect(estimate.standard_error).toBeLessThan(estimate.value);
    }
    // Customer 00004 is the paper's worked example (x = 2, t_x = 30.43, T = 38.86).
    const example = people.find((person) => person.subscriberId === '00004')!.purchases;
    expect(example).toMatchObject({ orders: 3, revenue: 74.02, rfm: { group: expect.any(String) as string } });
    expect(example.p_alive! + example.churn_risk!).toBeCloseTo(1, 10);
    expect(example.expected_orders_365d!).toBeGreaterThan(example.expected_orders_90d!);
    expect(example.predicted_value_365d).toBeGreaterThan(0);
    expect(example.note).toBeNull();
  });
});
