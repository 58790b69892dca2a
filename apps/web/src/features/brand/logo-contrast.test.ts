import { describe, expect, it } from 'vitest';
import { fadesOnDark } from './logo-contrast';

/** A logo of `size` pixels: `drawn` of them in the colour, the rest transparent (or `backdrop`). */
function logo(size: number, drawn: number, color: [number, number, number], backdrop: [number, number, number, number] = [0, 0, 0, 0]): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(size * 4);
  for (let i = 0; i < size; i += 1) pixels.set(i < drawn ? [...color, 255] : backdrop, i * 4);
  return pixels;
}

describe('a logo on a dark background', () => {
  it('fades when it is dark and see-through', () => {
    expect(fadesOnDark(logo(1000, 300, [17, 24, 39]))).toBe(true);
    // Indigo (#4f46e5) on #1e1e1e is below 3:1 too.
    expect(fadesOnDark(logo(1000, 300, [79, 70, 229]))).toBe(true);
  });

  it('stays visible when it is light, or carries its own background', () => {
    expect(fadesOnDark(logo(1000, 300, [255, 255, 255]))).toBe(false);
    expect(fadesOnDark(logo(1000, 300, [250, 204, 21]))).toBe(false);
    // A dark mark on its own white box: nothing of it is see-through.
    expect(fadesOnDark(logo(1000, 300, [17, 24, 39], [255, 255, 255, 255]))).toBe(false);
  });

  it('judges a mark that is half light, half dark by its share: mostly dark fades, mostly light does not', () => {
    const mixed = (dark: number) => {
      const pixels = logo(1000, 400, [255, 255, 255]);
      for (let i = 0; i < dark; i += 1) pixels.set([17, 24, 39, 255], i * 4);
      return pixels;
    };
    expect(fadesOnDark(mixed(300))).toBe(true);
    expect(fadesOnDark(mixed(100))).toBe(false);
  });

  it('has nothing to judge in an empty or fully transparent image', () => {
    expect(fadesOnDark(new Uint8ClampedArray(0))).toBe(false);
    expect(fadesOnDark(logo(100, 0, [0, 0, 0]))).toBe(false);
  });
});
