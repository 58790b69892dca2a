import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  BRAND_COLOR_KEYS,
  BRAND_COLOR_LABELS,
  BRAND_FONT_KEYS,
  BRAND_FONTS,
  BRAND_LIMITS,
  type BrandFont,
  type BrandKit,
  type BrandKitInput,
  brandKitInputSchema,
  BUTTON_SHAPE_LABELS,
  BUTTON_SHAPES,
} from '@postlark/shared/brand-kit';
import { CONTACT_TAB_PATH } from '@postlark/shared/routes';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toasts';
import { payloadErrors, payloadMessage } from '../../../lib/api-client';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { putBrandKit } from '../brand-api';
import { BRAND_TEXTS } from '../brand-content';
import { BrandPreview } from './brand-preview';
import { ColorField } from './color-field';
import { type LogoChoice, LogoField } from './logo-field';
import { SocialLinksField } from './social-links-field';
import { type WebsiteFill, WebsiteFillSection } from './website-fill';
import './brand.css';

type Draft = Omit<BrandKitInput, 'logo'> & { logo: LogoChoice | null };

function draftOf(kit: BrandKit): Draft {
  const { updated_at: _updated, logo, ...rest } = kit;
  return { ...rest, logo: logo && { media_id: logo.media_id, url: logo.url, alt: logo.alt, width: logo.width, naturalWidth: logo.width, naturalHeight: logo.height } };
}

function inputOf(draft: Draft): BrandKitInput {
  const { logo, ...rest } = draft;
  return { ...rest, logo: logo && { media_id: logo.media_id, alt: logo.alt, width: logo.width } };
}

/** The Brand page's form beside its preview: checked by the API's own schema before it is sent. */
export function BrandKitEditor({ kit, onSaved }: { kit: BrandKit; onSaved(kit: BrandKit): void }) {
  const [saved, setSaved] = useState(() => draftOf(kit));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useUnsavedChangesPrompt(dirty, BRAND_TEXTS.leaveUnsaved);

  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => setDraft((current) => ({ ...current, [key]: value }));

  // The site's suggestion fills the form as the customer would by hand: shown in the preview, saved with Save.
  function fill({ colors, logo }: WebsiteFill) {
    setDraft((current) => ({ ...current, colors: { ...current.colors, ...colors }, logo: logo ?? current.logo }));
    void showToast('success', BRAND_TEXTS.websiteUsed);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = brandKitInputSchema.safeParse(inputOf(draft));
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setSaving(true);
    const answer = await putBrandKit(checked.data).catch(() => null);
    setSaving(false);
    if (answer?.ok && answer.body) {
      const fresh = draftOf(answer.body.payload);
      setSaved(fresh);
      setDraft(fresh);
      onSaved(answer.body.payload);
      void showToast('success', answer.body.payload.message);
    } else {
      setErrors(payloadErrors(answer?.body));
      void showToast('error', payloadMessage(answer?.body) ?? BRAND_TEXTS.saveFailed);
    }
  }

  const fontOptions = BRAND_FONT_KEYS.map((key) => (
    <option key={key} value={key}>
      {BRAND_FONTS[key].label}
    </option>
  ));
  const { web_font: webFont } = draft.fonts;

  return (
    <form className="brand-editor" noValidate onSubmit={(event) => void save(event)} aria-label={BRAND_TEXTS.title}>
      <div className="brand-editor__fields">
        <WebsiteFillSection onUse={fill} />
        <LogoField logo={draft.logo} errors={errors} onChange={(logo) => set('logo', logo)} />

        <fieldset className="dash-card brand-section">
          <legend className="brand-section__title">{BRAND_TEXTS.colorsTitle}</legend>
          <p className="brand-section__intro">{BRAND_TEXTS.colorsIntro}</p>
          <div className="brand-colors">
            {BRAND_COLOR_KEYS.map((key) => (
              <ColorField key={key} label={BRAND_COLOR_LABELS[key]} value={draft.colors[key]} error={errors[`colors.${key}`]} onChange={(value) => set('colors', { ...draft.colors, [key]: value })} />
            ))}
          </div>
        </fieldset>

        <fieldset className="dash-card brand-section">
          <legend className="brand-section__title">{BRAND_TEXTS.fontsTitle}</legend>
          <p className="brand-section__intro">{BRAND_TEXTS.fontsIntro}</p>
          <div className="brand-fonts">
            <SelectField label={BRAND_TEXTS.bodyFont} value={draft.fonts.body} onChange={(event) => set('fonts', { ...draft.fonts, body: event.target.value as BrandFont })}>
              {fontOptions}
            </SelectField>
            <SelectField label={BRAND_TEXTS.headingFont} value={draft.fonts.heading} onChange={(event) => set('fonts', { ...draft.fonts, heading: event.target.value as BrandFont })}>
              {fontOptions}
            </SelectField>
          </div>
          <label className="brand-check">
            <input type="checkbox" checked={webFont !== null} onChange={(event) => set('fonts', { ...draft.fonts, web_font: event.target.checked ? { family: '', css_url: '' } : null })} />
            {BRAND_TEXTS.useWebFont}
          </label>
          {webFont && (
            <div className="brand-fonts">
              <TextField
                label={BRAND_TEXTS.webFontFamily}
                hint={BRAND_TEXTS.webFontFamilyHint}
                value={webFont.family}
                maxLength={BRAND_LIMITS.webFontName}
                error={errors['fonts.web_font.family']}
                onChange={(event) => set('fonts', { ...draft.fonts, web_font: { ...webFont, family: event.target.value } })}
              />
              <TextField
                label={BRAND_TEXTS.webFontUrl}
                hint={BRAND_TEXTS.webFontUrlHint}
                type="url"
                inputMode="url"
                value={webFont.css_url}
                maxLength={BRAND_LIMITS.url}
                error={errors['fonts.web_font.css_url']}
                onChange={(event) => set('fonts', { ...draft.fonts, web_font: { ...webFont, css_url: event.target.value } })}
              />
            </div>
          )}
        </fieldset>

        <fieldset className="dash-card brand-section">
          <legend className="brand-section__title">{BRAND_TEXTS.buttonsTitle}</legend>
          <div className="brand-shapes" role="radiogroup" aria-label={BRAND_TEXTS.buttonShape}>
            {BUTTON_SHAPES.map((shape) => (
              <label key={shape} className={`brand-shape brand-shape--${shape}${draft.button_shape === shape ? ' brand-shape--chosen' : ''}`}>
                <input type="radio" name="button-shape" value={shape} checked={draft.button_shape === shape} onChange={() => set('button_shape', shape)} />
                <span className="brand-shape__sample" aria-hidden="true" />
                {BUTTON_SHAPE_LABELS[shape]}
              </label>
            ))}
          </div>
        </fieldset>

        <SocialLinksField links={draft.social_links} errors={errors} onChange={(links) => set('social_links', links)} />
        <p className="brand-editor__address">
          {BRAND_TEXTS.addressNote} <Link to={CONTACT_TAB_PATH}>{BRAND_TEXTS.addressLink}</Link>.
        </p>

        <div className="brand-editor__actions">
          {dirty && <span className="brand-editor__unsaved">{BRAND_TEXTS.unsaved}</span>}
          <Button type="submit" disabled={saving}>
            {saving ? BRAND_TEXTS.saving : BRAND_TEXTS.save}
          </Button>
        </div>
      </div>
      <div className="brand-editor__preview">
        <BrandPreview kit={draft} logo={draft.logo} />
      </div>
    </form>
  );
}
