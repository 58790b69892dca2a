// The CDNOW sample's purchases as orders, for the tests that fit it (datasets/cdnow in the
// repository, README there): 2,357 customers, calibration to 1997-09-30.
import { readFileSync } from 'node:fs';
import type { Order } from './purchase-history';

const SAMPLE = new URL('../../../../../datasets/cdnow/CDNOW_sample.txt', import.meta.url);

export const CDNOW_AS_OF = new Date('1997-10-01T00:00:00Z');

export function cdnowSampleOrders(): Order[] {
  return readFileSync(SAMPLE, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [customer, , date, , dollars] = line.trim().split(/\s+/);
      return {
        subscriberId: customer!,
        occurredAt: new Date(`${date!.slice(0, 4)}-${date!.slice(4, 6)}-${date!.slice(6, 8)}T00:00:00Z`),
        value: Number(dollars),
      };
    });
}
