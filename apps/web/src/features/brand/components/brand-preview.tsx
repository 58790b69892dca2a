import { BRAND_FONTS, BUTTON_RADIUS, type BrandKitInput, SOCIAL_LABELS } from '@postlark/shared/brand-kit';
import { BRAND_TEXTS } from '../brand-content';
import type { LogoChoice } from './logo-field';

interface BrandPreviewProps {
  kit: Omit<BrandKitInput, 'logo'>;
  logo: LogoChoice | null;
}

/**
 * A sample email drawn with the kit as it is on screen: the logo, a heading and text in their
 * fonts, a link, a button in its shape, and the footer's social links. The web font is not loaded
 * here (the page's Content-Security-Policy loads no outside style sheet): its fallback is shown,
 * as most inboxes show it.
 */
export function BrandPreview({ kit, logo }: BrandPreviewProps) {
  const { colors, fonts } = kit;
  const heading = fonts.web_font ? `'${fonts.web_font.family}', ${BRAND_FONTS[fonts.heading].stack}` : BRAND_FONTS[fonts.heading].stack;
  return (
    <section className="dash-card brand-preview" aria-label={BRAND_TEXTS.previewTitle}>
      <h2 className="brand-preview__title">{BRAND_TEXTS.previewTitle}</h2>
      <div className="brand-preview__mail" style={{ background: colors.background, color: colors.text, fontFamily: BRAND_FONTS[fonts.body].stack }}>
        {logo && <img className="brand-preview__logo" src={logo.url} alt={logo.alt} width={logo.width} />}
        <h3 style={{ fontFamily: heading, color: colors.text }}>{BRAND_TEXTS.previewHeading}</h3>
        <p>{BRAND_TEXTS.previewText}</p>
        <p>
          <a href="#preview" style={{ color: colors.link }} onClick={(event) => event.preventDefault()}>
            {BRAND_TEXTS.previewLink}
          </a>
        </p>
        <p>
          <span className="brand-preview__button" style={{ background: colors.button, color: colors.button_text, borderRadius: BUTTON_RADIUS[kit.button_shape] }}>
            {BRAND_TEXTS.previewButton}
          </span>
        </p>
        <hr style={{ borderColor: colors.primary }} />
        {kit.social_links.length > 0 && (
          <p className="brand-preview__social">
            {kit.social_links.map((link, index) => (
              <span key={index} style={{ color: colors.link }}>
                {SOCIAL_LABELS[link.network]}
              </span>
            ))}
          </p>
        )}
        <p className="brand-preview__footer">{BRAND_TEXTS.previewFooter}</p>
      </div>
    </section>
  );
}
