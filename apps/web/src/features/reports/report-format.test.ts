import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatDate, formatDateTime, formatRate, isPersonalisedLink, NO_VALUE } from './report-format';

describe('report formatting', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });

  it('writes rates as percentages with one decimal, and a dash where there is none', () => {
    expect(formatRate(0.2534)).toBe('25.3%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0.00049)).toBe('0.0%');
    expect(formatRate(0.0005)).toBe('0.1%');
    expect(formatRate(12.5)).toBe('1,250.0%');
    expect(formatRate(null)).toBe(NO_VALUE);
    expect(formatRate(Number.NaN)).toBe(NO_VALUE);
    expect(NO_VALUE).toBe('—');
  });

  it('writes times, and a dash for a time not reached or unreadable', () => {
    expect(formatDateTime('2026-11-23T09:30:00.000Z')).toMatch(/^2[34] Nov 2026, \d\d:\d\d$/);
    expect(formatDate('2026-11-23T12:00:00.000Z')).toMatch(/^2[34] Nov 2026$/);
    expect(formatDateTime(null)).toBe(NO_VALUE);
    expect(formatDate('soon')).toBe(NO_VALUE);
  });

  it('names a count with its noun', () => {
    expect(countOf(1, 'recipient')).toBe('1 recipient');
    expect(countOf(2500, 'recipient')).toBe('2,500 recipients');
    expect(countOf(0, 'reply', 'replies')).toBe('0 replies');
  });
});

describe('isPersonalisedLink', () => {
  it('tells a link with a merge tag in its address from a plain one', () => {
    expect(isPersonalisedLink('https://shop.example/?ref={{ email }}')).toBe(true);
    expect(isPersonalisedLink('https://shop.example/{% if x %}a{% endif %}')).toBe(true);
    expect(isPersonalisedLink('https://shop.example/?q={a}')).toBe(false);
  });
});
