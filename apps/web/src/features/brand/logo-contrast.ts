// Dark mode (issue 33, point 4): Apple Mail, Outlook and Gmail's apps draw the message on a dark
// background, and a dark logo on a transparent background vanishes there. The logo's pixels are
// judged against that background by WCAG's contrast ratio: a logo with a background of its own,
// or with enough light parts, stays visible.

/** The background dark-mode clients draw on (Apple Mail's and Outlook's are within a shade of it). */
export const DARK_BACKGROUND = { r: 0x1e, g: 0x1e, b: 0x1e };

/** A pixel this transparent shows the background through it. */
const SEE_THROUGH_ALPHA = 128;
/** Below this share of see-through pixels the logo carries its own background. */
const OWN_BACKGROUND = 0.05;
/** WCAG's least contrast for graphics that must be seen (1.4.11, non-text contrast). */
const VISIBLE_CONTRAST = 3;
/** More than this share of the logo's drawn pixels lost on the dark background is a warning. */
const LOST_SHARE = 0.6;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(r: number, g: number, b: number): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const DARK_LUMINANCE = luminance(DARK_BACKGROUND.r, DARK_BACKGROUND.g, DARK_BACKGROUND.b);

/**
 * Whether a logo (its RGBA pixels, as a canvas reads them) mostly disappears on a dark
 * background: it is see-through and most of what it draws is too dark to stand out there.
 */
export function fadesOnDark(pixels: ArrayLike<number>): boolean {
  let seeThrough = 0;
  let drawn = 0;
  let lost = 0;
  const count = Math.floor(pixels.length / 4);
  for (let at = 0; at < count * 4; at += 4) {
    if (pixels[at + 3]! < SEE_THROUGH_ALPHA) {
      seeThrough += 1;
      continue;
    }
    drawn += 1;
    const contrast = (luminance(pixels[at]!, pixels[at + 1]!, pixels[at + 2]!) + 0.05) / (DARK_LUMINANCE + 0.05);
    if (contrast < VISIBLE_CONTRAST) lost += 1;
  }
  if (count === 0 || drawn === 0 || seeThrough / count < OWN_BACKGROUND) return false;
  return lost / drawn > LOST_SHARE;
}

/** The pixels sampled: a logo is judged at this width at most, so a large one costs no more. */
const SAMPLE_WIDTH = 200;

/** Reads a same-origin image's pixels through a canvas and judges them; false if it cannot be read. */
export async function logoFadesOnDark(url: string): Promise<boolean> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    return false;
  }
  const width = Math.min(SAMPLE_WIDTH, image.naturalWidth);
  const height = Math.max(1, Math.round((image.naturalHeight * width) / Math.max(1, image.naturalWidth)));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context || width === 0) return false;
  context.drawImage(image, 0, 0, width, height);
  try {
    return fadesOnDark(context.getImageData(0, 0, width, height).data);
  } catch {
    // A canvas tainted by an image from elsewhere cannot be read: no judgement rather than a wrong one.
    return false;
  }
}
