import { type KeyboardEvent, useState } from 'react';
import { BRAND_COLOR_KEYS, BRAND_COLOR_LABELS, BRAND_LIMITS, BRAND_MESSAGES, type BrandColorKey, brandFromWebsiteSchema, type BrandWebsiteSuggestion } from '@postlark/shared/brand-kit';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { payloadErrors, payloadMessage } from '../../../lib/api-client';
import { postFromWebsite, postImageFromUrl } from '../brand-api';
import { BRAND_TEXTS } from '../brand-content';
import type { LogoChoice } from './logo-field';

/** What "Use these" puts in the form: the colours found, and the logo once it is in the library. */
export interface WebsiteFill {
  colors: Partial<Record<BrandColorKey, string>>;
  logo: LogoChoice | null;
}

/**
 * The site's image as it is on the site. The page loads images over https only (its security
 * policy, and no mixed content): a plain-http one is named by its file instead.
 */
function Thumbnail({ url, alt, size }: { url: string; alt: string; size?: number }) {
  if (url.startsWith('https:')) return <img src={url} alt={alt} width={size} height={size} />;
  return <span className="brand-website__file">{new URL(url).pathname.split('/').pop() || url}</span>;
}

/**
 * "Fill from my website": the customer's address read by the server, its suggestion shown with
 * where each part came from, and on "Use these" the form filled in (the logo copied into the media
 * library first, since the kit's logo is a library image). Nothing is saved until the form is.
 */
export function WebsiteFillSection({ onUse }: { onUse(fill: WebsiteFill): void }) {
  const [url, setUrl] = useState('');
  const [phase, setPhase] = useState<'idle' | 'reading' | 'using'>('idle');
  const [error, setError] = useState<string | undefined>();
  const [suggestion, setSuggestion] = useState<BrandWebsiteSuggestion | null>(null);

  async function read() {
    const checked = brandFromWebsiteSchema.safeParse({ url });
    if (!checked.success) {
      setError(fieldErrors(checked.error).url ?? BRAND_MESSAGES.websiteUrl);
      return;
    }
    setError(undefined);
    setSuggestion(null);
    setPhase('reading');
    const answer = await postFromWebsite(checked.data.url).catch(() => null);
    setPhase('idle');
    if (answer?.ok && answer.body) {
      setSuggestion(answer.body.payload);
      if (answer.body.payload.found.length === 0) setError(BRAND_MESSAGES.websiteNothing);
    } else {
      setError(payloadErrors(answer?.body).url ?? payloadMessage(answer?.body) ?? BRAND_TEXTS.websiteFailed);
    }
  }

  async function use(found: BrandWebsiteSuggestion) {
    setError(undefined);
    let logo: LogoChoice | null = null;
    if (found.logo) {
      setPhase('using');
      const answer = await postImageFromUrl(found.logo.url, found.site_name ?? '').catch(() => null);
      setPhase('idle');
      const asset = answer?.ok ? answer.body?.payload : undefined;
      if (asset) logo = { media_id: asset.id, url: asset.url, alt: asset.alt, width: Math.min(200, asset.width), naturalWidth: asset.width, naturalHeight: asset.height };
      else setError(`${BRAND_TEXTS.websiteLogoFailed} ${payloadMessage(answer?.body) ?? ''}`.trim());
    }
    onUse({ colors: found.colors, logo });
    setSuggestion(null);
  }

  // The field sits in the kit's form: Enter reads the site instead of saving the kit.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (phase === 'idle') void read();
  }

  const busy = phase !== 'idle';
  const colorKeys = suggestion ? BRAND_COLOR_KEYS.filter((key) => suggestion.colors[key]) : [];
  return (
    <fieldset className="dash-card brand-section brand-website">
      <legend className="brand-section__title">{BRAND_TEXTS.websiteTitle}</legend>
      <p className="brand-section__intro">{BRAND_TEXTS.websiteIntro}</p>
      <div className="brand-website__ask">
        <TextField
          label={BRAND_TEXTS.websiteUrl}
          hint={BRAND_TEXTS.websiteUrlHint}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={url}
          maxLength={BRAND_LIMITS.url}
          error={error}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" disabled={busy} onClick={() => void read()}>
          {phase === 'reading' ? BRAND_TEXTS.websiteReading : BRAND_TEXTS.websiteRead}
        </Button>
      </div>
      <p className="brand-section__intro" role="status">
        {phase === 'reading' ? BRAND_TEXTS.websiteReading : phase === 'using' ? BRAND_TEXTS.websiteUsing : ''}
      </p>
      {suggestion && suggestion.found.length > 0 && (
        <section className="brand-website__found" aria-label={BRAND_TEXTS.websiteFoundTitle(suggestion.site_name ?? new URL(suggestion.url).hostname)}>
          <h3 className="brand-website__title">{BRAND_TEXTS.websiteFoundTitle(suggestion.site_name ?? new URL(suggestion.url).hostname)}</h3>
          <div className="brand-website__images">
            {suggestion.logo && (
              <figure className="brand-website__image">
                <Thumbnail url={suggestion.logo.url} alt={BRAND_TEXTS.websiteLogo} />
                <figcaption>{BRAND_TEXTS.websiteLogo}</figcaption>
              </figure>
            )}
            {suggestion.icon && (
              <figure className="brand-website__image brand-website__image--icon">
                <Thumbnail url={suggestion.icon.url} alt={BRAND_TEXTS.websiteIcon} size={48} />
                <figcaption>{BRAND_TEXTS.websiteIcon}</figcaption>
              </figure>
            )}
          </div>
          {colorKeys.length > 0 && (
            <ul className="brand-website__swatches">
              {suggestion.theme_color && (
                <li>
                  <span className="brand-website__swatch" style={{ background: suggestion.theme_color }} aria-hidden="true" />
                  {BRAND_TEXTS.websiteTheme} <code>{suggestion.theme_color}</code>
                </li>
              )}
              {colorKeys.map((key) => (
                <li key={key}>
                  <span className="brand-website__swatch" style={{ background: suggestion.colors[key] }} aria-hidden="true" />
                  {BRAND_COLOR_LABELS[key]} <code>{suggestion.colors[key]}</code>
                </li>
              ))}
            </ul>
          )}
          <details className="brand-website__where">
            <summary>{BRAND_TEXTS.websiteWhere}</summary>
            <ul>
              {suggestion.found.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
          <div className="brand-logo__actions">
            <Button disabled={busy} onClick={() => void use(suggestion)}>
              {BRAND_TEXTS.websiteUse}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setSuggestion(null)}>
              {BRAND_TEXTS.websiteDismiss}
            </Button>
          </div>
        </section>
      )}
    </fieldset>
  );
}
