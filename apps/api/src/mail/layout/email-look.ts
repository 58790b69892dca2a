import { BRAND_FONTS, BUTTON_RADIUS, type BrandKit, brandButtonStyle, DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';

// What a message is drawn with: the account's brand kit as the layout needs it (colours, the font
// stacks, the button's corners, the footer's social links). An account without a kit gets the
// product's own look, the defaults of the Brand page.

export interface EmailLook {
  colors: BrandKit['colors'];
  bodyFont: string;
  /** The heading stack, led by the web font where the kit names one (clients that load none fall back). */
  headingFont: string;
  webFont: { family: string; cssUrl: string } | null;
  buttonRadius: string;
  /** The inline style a button without its own is given. */
  buttonStyle: string;
  socialLinks: BrandKit['social_links'];
}

export function emailLook(kit: Pick<BrandKit, 'colors' | 'fonts' | 'button_shape' | 'social_links'> = DEFAULT_BRAND_KIT): EmailLook {
  const { fonts } = kit;
  const headingStack = BRAND_FONTS[fonts.heading].stack;
  return {
    colors: kit.colors,
    bodyFont: BRAND_FONTS[fonts.body].stack,
    headingFont: fonts.web_font ? `'${fonts.web_font.family}', ${headingStack}` : headingStack,
    webFont: fonts.web_font ? { family: fonts.web_font.family, cssUrl: fonts.web_font.css_url } : null,
    buttonRadius: BUTTON_RADIUS[kit.button_shape],
    buttonStyle: brandButtonStyle(kit),
    socialLinks: kit.social_links,
  };
}

export const DEFAULT_EMAIL_LOOK = emailLook();
