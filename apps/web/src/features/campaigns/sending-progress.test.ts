import { describe, expect, it } from 'vitest';
import { sendingProgress } from './sending-progress';

const counts = (values: Partial<Record<'pending' | 'sending' | 'sent' | 'failed' | 'unknown' | 'skipped' | 'held', number>>) => ({
  pending: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  unknown: 0,
  skipped: 0,
  held: 0,
  ...values,
});

describe('sending progress', () => {
  it('counts every message whose turn is over as done', () => {
    expect(sendingProgress(counts({ pending: 4, sending: 1, sent: 3, failed: 1, unknown: 1 }))).toEqual({
      total: 10,
      done: 5,
      sent: 3,
      failed: 1,
      unknown: 1,
      skipped: 0,
      percent: 50,
    });
  });

  it('shows 100% only once the last message is through', () => {
    expect(sendingProgress(counts({ pending: 1, sent: 999 })).percent).toBe(99);
    expect(sendingProgress(counts({ sent: 999, skipped: 1 })).percent).toBe(100);
  });

  it('calls a campaign with nobody to reach complete', () => {
    expect(sendingProgress(counts({})).percent).toBe(100);
  });
});
