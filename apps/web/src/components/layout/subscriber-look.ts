import type { CSSProperties } from 'react';
import type { PageLook } from '@postlark/shared/brand-kit';

/**
 * The page's design tokens in the sender's brand kit: its buttons, text and card in the kit's
 * colours, corners and fonts. Everything else (spacing, the notices' colours) stays the product's,
 * so a kit cannot make an error unreadable.
 */
export function subscriberLookStyle(look: PageLook | null): CSSProperties | undefined {
  if (!look) return undefined;
  const { colors } = look;
  return {
    '--color-primary': colors.button,
    '--color-primary-strong': colors.button,
    '--color-on-primary': colors.button_text,
    '--color-ink': colors.text,
    '--color-text': colors.text,
    '--color-surface': colors.background,
    '--color-link': colors.link,
    '--radius-pill': look.button_radius,
    '--font-heading': look.heading_stack,
    fontFamily: look.font_stack,
  } as CSSProperties;
}
