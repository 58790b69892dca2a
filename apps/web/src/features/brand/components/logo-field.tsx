import { useEffect, useState } from 'react';
import { MEDIA_LIMITS } from '@postlark/shared/media';
import { type PickedImage, useImageSource } from '../../../components/media/image-source';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { BRAND_TEXTS } from '../brand-content';
import { logoFadesOnDark } from '../logo-contrast';
import '../../../components/ui/notice.css';

/** The logo as the editor holds it: the library image and how it is shown. */
export interface LogoChoice {
  media_id: string;
  url: string;
  alt: string;
  width: number;
  /** The image's own width and height, in pixels: the shown width is never more. */
  naturalWidth: number;
  naturalHeight: number;
}

interface LogoFieldProps {
  logo: LogoChoice | null;
  errors: Record<string, string>;
  onChange(logo: LogoChoice | null): void;
}

/** The logo: an image of the media library (chosen in the picker the editor uses), its alt text and width. */
export function LogoField({ logo, errors, onChange }: LogoFieldProps) {
  const source = useImageSource();
  const [picking, setPicking] = useState(false);
  // Judged from the image itself, each time another logo is chosen.
  const [fades, setFades] = useState<{ url: string; fades: boolean } | null>(null);
  const url = logo?.url;
  useEffect(() => {
    if (!url) return;
    let live = true;
    void logoFadesOnDark(url).then((result) => live && setFades({ url, fades: result }));
    return () => {
      live = false;
    };
  }, [url]);
  const fadesOnDark = Boolean(url && fades?.url === url && fades.fades);

  function pick(image: PickedImage) {
    setPicking(false);
    if (!image.id) return;
    // The picker gives the size shown in a 600 px column; the logo starts at most 200 px wide.
    onChange({ media_id: image.id, url: image.url, alt: image.alt || logo?.alt || '', width: Math.min(200, image.width), naturalWidth: image.width, naturalHeight: image.height });
  }

  return (
    <fieldset className="dash-card brand-section">
      <legend className="brand-section__title">{BRAND_TEXTS.logoTitle}</legend>
      <p className="brand-section__intro">{BRAND_TEXTS.logoIntro}</p>
      <div className="brand-logo">
        <div className="brand-logo__frame">{logo ? <img src={logo.url} alt={logo.alt} width={Math.min(logo.width, 240)} /> : <span>{BRAND_TEXTS.logoNone}</span>}</div>
        {logo && (
          <figure className="brand-logo__frame brand-logo__frame--dark">
            <img src={logo.url} alt="" width={Math.min(logo.width, 240)} />
            <figcaption>{BRAND_TEXTS.logoOnDark}</figcaption>
          </figure>
        )}
        <div className="brand-logo__actions">
          {source && (
            <Button variant="secondary" onClick={() => setPicking(true)}>
              {logo ? BRAND_TEXTS.logoChange : BRAND_TEXTS.logoChoose}
            </Button>
          )}
          {logo && (
            <Button variant="ghost" onClick={() => onChange(null)}>
              {BRAND_TEXTS.logoRemove}
            </Button>
          )}
        </div>
      </div>
      <FieldError id="brand-logo-error" message={errors['logo.media_id']} />
      {fadesOnDark && (
        <p className="notice notice--warning" role="status">
          {BRAND_TEXTS.logoFadesOnDark}
        </p>
      )}
      {logo && (
        <div className="brand-logo__fields">
          <TextField
            label={BRAND_TEXTS.logoAlt}
            hint={BRAND_TEXTS.logoAltHint}
            value={logo.alt}
            maxLength={MEDIA_LIMITS.altChars}
            error={errors['logo.alt']}
            onChange={(event) => onChange({ ...logo, alt: event.target.value })}
          />
          <TextField
            label={BRAND_TEXTS.logoWidth}
            hint={BRAND_TEXTS.logoWidthHint}
            type="number"
            inputMode="numeric"
            min={40}
            max={600}
            value={String(logo.width)}
            error={errors['logo.width']}
            onChange={(event) => onChange({ ...logo, width: Math.round(Number(event.target.value) || 0) })}
          />
        </div>
      )}
      {source && (
        <Modal open={picking} title={BRAND_TEXTS.logoPickTitle} onClose={() => setPicking(false)} variant="side">
          <source.Library onPick={pick} />
        </Modal>
      )}
    </fieldset>
  );
}
