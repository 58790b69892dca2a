import type { PurchaseInsights } from '@postlark/shared/insights';
import { describe, expect, it } from 'vitest';
import { CDNOW_AS_OF, cdnowSampleOrders } from './cdnow-sample';
import { FitWorker, FitWorkerError } from './fit-worker';
import { packHistories, transferablesOf } from './purchase-columns';
import { purchaseHistories } from './purchase-history';
import { computePurchaseInsights } from './purchase-insights';

const FITTED_AT = new Date('2026-01-01T00:00:00Z');
const NO_AUDIENCE = { ids: [], timezones: [], rows: [] };

/** The CDNOW sample's buyers sent to a worker in pages of 500, as a refresh sends its pages. */
async function sampleInto(worker: FitWorker): Promise<void> {
  const histories = purchaseHistories(cdnowSampleOrders(), CDNOW_AS_OF);
  await worker.call('refresh-start', { asOf: CDNOW_AS_OF.getTime() });
  for (let start = 0; start < histories.length; start += 500) {
    const purchases = packHistories(histories.slice(start, start + 500));
    await worker.call('refresh-page', { audience: NO_AUDIENCE, purchases }, transferablesOf(purchases));
  }
}

/** Every buyer's figures as the worker gives them to be stored (the rows storePurchases reads). */
async function everyBuyer(worker: FitWorker): Promise<{ subscriber_id: string; purchases: PurchaseInsights }[]> {
  const rows: { subscriber_id: string; purchases: PurchaseInsights }[] = [];
  for (let batch = await worker.call('refresh-purchases', { size: 1_000 }); batch; batch = await worker.call('refresh-purchases', { size: 1_000 })) rows.push(...JSON.parse(batch.json));
  return rows;
}

describe('the insights worker thread', () => {
  it('fits the CDNOW sample to exactly the figures of the in-memory path', async () => {
    const worker = new FitWorker(256);
    try {
      await sampleInto(worker);
      const fitted = await worker.call('refresh-fit', { fittedAt: FITTED_AT.getTime() });
      const expected = computePurchaseInsights(cdnowSampleOrders(), CDNOW_AS_OF, FITTED_AT);
      expect(fitted.purchases).toEqual(expected.model);
      expect(fitted.purchases.bg_nbd!.r.value).toBeCloseTo(0.243, 2);
      expect(await everyBuyer(worker)).toEqual(expected.people.map((person) => ({ subscriber_id: person.subscriberId, purchases: person.purchases })));
    } finally {
      await worker.close();
    }
  }, 60_000);

  it('leaves the event loop free while it fits: a timer set as the fit starts runs before the fit is done', async () => {
    const worker = new FitWorker(256);
    try {
      await sampleInto(worker);
      const order: string[] = [];
      const fit = worker.call('refresh-fit', { fittedAt: FITTED_AT.getTime() }).then(() => order.push('fit done'));
      setTimeout(() => order.push('timer'), 0);
      await fit;
      // In this thread the fit (BG/NBD and Gamma-Gamma on 2,357 buyers) would run to its end before any timer.
      expect(order).toEqual(['timer', 'fit done']);
    } finally {
      await worker.close();
    }
  }, 60_000);

  it('fails every call, saying so, when the fit outgrows its heap, and the next worker fits as before', async () => {
    const tiny = new FitWorker(1);
    try {
      const failure = await sampleInto(tiny).then(
        () => tiny.call('refresh-fit', { fittedAt: FITTED_AT.getTime() }),
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FitWorkerError);
      expect(failure).toMatchObject({ outOfMemory: true, message: 'the fit ran out of its 1 MB heap (INSIGHTS_FIT_HEAP_MB)' });
      await expect(tiny.call('refresh-purchases', { size: 1 })).rejects.toBe(failure);
    } finally {
      await tiny.close();
    }
    const worker = new FitWorker(256);
    try {
      await sampleInto(worker);
      expect((await worker.call('refresh-fit', { fittedAt: FITTED_AT.getTime() })).purchases.customers).toBe(2357);
    } finally {
      await worker.close();
    }
  }, 60_000);
});
