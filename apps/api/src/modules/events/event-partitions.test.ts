import { describe, expect, it } from 'vitest';
import { partitionOf } from './event-partitions';

describe('event partitions', () => {
  it('are calendar months (UTC) from 2020, and one archive before', () => {
    expect(partitionOf(new Date('2026-11-30T23:59:59.999Z'))).toEqual({ name: 'events_m2026_11', from: '2026-11-01', to: '2026-12-01' });
    expect(partitionOf(new Date('2026-12-01T00:00:00Z'))).toEqual({ name: 'events_m2026_12', from: '2026-12-01', to: '2027-01-01' });
    expect(partitionOf(new Date('2020-01-01T00:00:00Z')).name).toBe('events_m2020_01');
    expect(partitionOf(new Date('1997-03-04T00:00:00Z'))).toEqual({ name: 'events_before_2020', from: null, to: '2020-01-01' });
  });
});
