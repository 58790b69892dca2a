import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyShort, formatMonth, formatShare, NO_VALUE } from './insights-format';

describe('insights formats', () => {
  it('writes money in the orders’ currency, a plain amount without one, a dash for none', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, null)).toBe('1,234.5');
    expect(formatMoney(null, 'EUR')).toBe(NO_VALUE);
    expect(formatMoneyShort(12500, 'GBP')).toBe('£12.5k');
  });

  it('writes shares and months', () => {
    expect(formatShare(0.734)).toBe('73%');
    expect(formatShare(null)).toBe(NO_VALUE);
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-01', false)).toBe('Jan');
  });
});
