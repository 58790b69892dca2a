import { describe, expect, it } from 'vitest';
import { rfmGroup, rfmScores } from './rfm';

describe('rfmScores', () => {
  it('scores 1–5 by quintile, most recent and most frequent highest, ties sharing a score', () => {
    const people = Array.from({ length: 10 }, (_, i) => ({ daysSinceLastOrder: i * 10, orders: i < 6 ? 1 : i, revenue: (i + 1) * 10 }));
    const scores = rfmScores(people);
    expect(scores.map((score) => score.recency)).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1, 1]);
    expect(scores.map((score) => score.monetary)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    // Six one-order people tie at the bottom; the others rank above them.
    expect(scores.map((score) => score.frequency)).toEqual([1, 1, 1, 1, 1, 1, 4, 4, 5, 5]);
    expect(scores.map((score) => score.group)).toEqual(['New', 'New', 'New', 'New', 'Hibernating', 'Hibernating', 'At risk', 'At risk', 'At risk', 'At risk']);
  });

  it('puts every score pair in exactly one group', () => {
    expect(rfmGroup(5, 5)).toBe('Champions');
    expect(rfmGroup(4, 4)).toBe('Champions');
    expect(rfmGroup(3, 5)).toBe('Loyal');
    expect(rfmGroup(5, 3)).toBe('Loyal');
    expect(rfmGroup(2, 5)).toBe('At risk');
    expect(rfmGroup(5, 1)).toBe('New');
    expect(rfmGroup(3, 2)).toBe('Hibernating');
    expect(rfmGroup(1, 1)).toBe('Hibernating');
  });
});
