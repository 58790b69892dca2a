import { describe, expect, it } from 'vitest';
import { bars, labelEvery, linePath, niceScale, xFor, yFor } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to whole, round steps', () => {
    expect(niceScale(7)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(100)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(101)).toEqual({ max: 150, step: 50, ticks: [0, 50, 100, 150] });
    expect(niceScale(12_345).max).toBe(15_000);
  });

  it('never has fractional steps for small counts', () => {
    expect(niceScale(1)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(9).step).toBe(5);
  });

  it('has an axis even with nothing to show', () => {
    expect(niceScale(0)).toEqual({ max: 4, step: 1, ticks: [0, 1, 2, 3, 4] });
  });
});

describe('positions', () => {
  it('put values on the y-axis from the bottom, clamped to the plot', () => {
    expect(yFor(0, 100, 200)).toBe(200);
    expect(yFor(50, 100, 200)).toBe(100);
    expect(yFor(100, 100, 200)).toBe(0);
    expect(yFor(150, 100, 200)).toBe(0);
    expect(yFor(-5, 100, 200)).toBe(200);
    expect(yFor(5, 0, 200)).toBe(200);
  });

  it('put each bucket in the middle of its slot', () => {
    expect(xFor(0, 4, 400)).toBe(50);
    expect(xFor(3, 4, 400)).toBe(350);
    expect(xFor(0, 0, 400)).toBe(0);
  });

  it('draw a line through the middles', () => {
    expect(linePath([0, 50, 100], 100, 300, 100)).toBe('M50,100 L150,50 L250,0');
    expect(linePath([], 100, 300, 100)).toBe('');
  });

  it('draw bars centred in their slots, standing on the axis', () => {
    expect(bars([0, 50], 100, 200, 100, 0.5)).toEqual([
      { x: 25, y: 100, width: 50, height: 0 },
      { x: 125, y: 50, width: 50, height: 50 },
    ]);
  });

  it('space the x labels so they do not touch', () => {
    expect(labelEvery(48, 960, 60)).toBe(3);
    expect(labelEvery(6, 960, 60)).toBe(1);
    expect(labelEvery(0, 960, 60)).toBe(1);
  });
});
