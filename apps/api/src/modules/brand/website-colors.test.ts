import { describe, expect, it } from 'vitest';
import { contrastRatio, declaredColors, isChromatic, parseColor, pickColors, textOn } from './website-colors';

describe('reading a site’s colours', () => {
  it('parses the CSS colour syntaxes, leaving out what is mostly transparent', () => {
    expect(parseColor('#0F766E')).toBe('#0f766e');
    expect(parseColor('#abc')).toBe('#aabbcc');
    expect(parseColor('#0f766e80')).toBe('#0f766e');
    expect(parseColor('#0f766e10')).toBeNull();
    expect(parseColor('rgb(15, 118, 110)')).toBe('#0f766e');
    expect(parseColor('rgb(15 118 110 / 0.9)')).toBe('#0f766e');
    expect(parseColor('rgba(15, 118, 110, 0.1)')).toBeNull();
    expect(parseColor('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(parseColor('red')).toBeNull();
    expect(parseColor('#12345')).toBeNull();
  });

  it('finds each declared colour with its selector and property, through comments, strings and @media', () => {
    const css = `/* a { color: #ff0000 } */ body{color:#222;background:#fafafa}
      @media (min-width: 600px) { a.nav, .x > a { color: rgb(15 118 110); border: 1px solid #0f766e } }
      .hero::after { content: "}{#123456"; background-image: linear-gradient(#fff, hsl(240 50% 40%)) }
      :root { --brand-primary: #e11d48 }`;
    expect(declaredColors(css)).toEqual([
      { hex: '#222222', selector: 'body', property: 'color' },
      { hex: '#fafafa', selector: 'body', property: 'background' },
      { hex: '#0f766e', selector: 'a.nav, .x > a', property: 'color' },
      { hex: '#0f766e', selector: 'a.nav, .x > a', property: 'border' },
      { hex: '#ffffff', selector: '.hero::after', property: 'background-image' },
      { hex: '#333399', selector: '.hero::after', property: 'background-image' },
      { hex: '#e11d48', selector: ':root', property: '--brand-primary' },
    ]);
    // Input of any shape ends the walk without an error.
    expect(declaredColors('}}}{{{;;:#fff')).toEqual([]);
    expect(declaredColors('a { color: "#fff')).toEqual([]);
  });

  it('tells brand colours from white, black and greys', () => {
    expect(['#4f46e5', '#0f766e', '#e11d48'].map(isChromatic)).toEqual([true, true, true]);
    expect(['#ffffff', '#fafafa', '#000000', '#111827', '#6b7280', '#f3f4f6'].map(isChromatic)).toEqual([false, false, false, false, false, false]);
  });

  it('puts white or near-black on a button, whichever contrasts more', () => {
    expect(textOn('#4f46e5')).toBe('#ffffff');
    expect(textOn('#facc15')).toBe('#111111');
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});

describe('picking the kit’s colours', () => {
  const css = `body { color: #1c1917; background-color: #fffbeb }
    a { color: #b45309 } a:hover { color: #78350f }
    .btn-primary { background: #b45309; color: #fff }
    .card { border-color: #e5e7eb; color: #57534e } .badge { background: #b45309 } .tag { color: #2563eb }`;

  it('takes the most used brand-looking colour, the page’s text and background, and the links’ and buttons’ own', () => {
    const picked = pickColors({ declared: declaredColors(css), themeColor: null });
    expect(picked.colors).toEqual({ primary: '#b45309', link: '#b45309', button: '#b45309', button_text: '#ffffff', text: '#1c1917', background: '#fffbeb' });
    expect(picked.sources).toMatchObject({ primary: 'mostUsed', link: 'links', button: 'buttons', button_text: 'contrast', text: 'pageText', background: 'pageBackground' });
  });

  it('prefers a brand-looking theme colour, then a custom property named for the brand, and ignores a white theme colour', () => {
    expect(pickColors({ declared: declaredColors(css), themeColor: '#7c3aed' }).colors.primary).toBe('#7c3aed');
    expect(pickColors({ declared: declaredColors(`${css} :root { --color-brand: #0891b2 }`), themeColor: '#ffffff' }).colors.primary).toBe('#0891b2');
  });

  it('falls back on the logo’s colour, and leaves out what nothing said', () => {
    expect(pickColors({ declared: [], themeColor: null, logoColor: '#16a34a' }).colors).toEqual({ primary: '#16a34a', link: '#16a34a', button: '#16a34a', button_text: '#111111' });
    expect(pickColors({ declared: declaredColors('p { color: #333 }'), themeColor: null }).colors).toEqual({});
    // A text colour that does not read on the page's background is not suggested.
    expect(pickColors({ declared: declaredColors('body { color: #eeeeee; background: #ffffff }'), themeColor: null }).colors).toEqual({ background: '#ffffff' });
  });
});
