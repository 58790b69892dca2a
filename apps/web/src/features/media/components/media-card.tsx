import { type FormEvent, useState } from 'react';
import { MEDIA_LIMITS, type MediaAsset } from '@postlark/shared/media';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toasts';
import { payloadMessage } from '../../../lib/api-client';
import { patchMediaAlt } from '../media-api';
import { formatBytes, MEDIA_TEXTS } from '../media-content';

interface MediaCardProps {
  asset: MediaAsset;
  onPick?(asset: MediaAsset): void;
  onDelete(asset: MediaAsset): void;
  onSaved(): void;
}

/** One image: its thumbnail (the phone width), size, alt text to edit, and what can be done with it. */
export function MediaCard({ asset, onPick, onDelete, onSaved }: MediaCardProps) {
  const [alt, setAlt] = useState(asset.alt);
  const [saving, setSaving] = useState(false);
  const thumbnail = asset.variants.at(-1)?.url ?? asset.url;
  const altId = `media-alt-${asset.id}`;

  async function saveAlt(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const answer = await patchMediaAlt(asset.id, alt).catch(() => null);
    setSaving(false);
    if (answer?.ok) {
      void showToast('success', payloadMessage(answer.body) ?? 'Saved.');
      onSaved();
    } else {
      void showToast('error', payloadMessage(answer?.body) ?? MEDIA_TEXTS.uploadFailed);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(asset.url);
      void showToast('success', MEDIA_TEXTS.copied);
    } catch {
      void showToast('error', MEDIA_TEXTS.copyFailed);
    }
  }

  return (
    <li className="media-card">
      <div className="media-card__frame">
        <img src={thumbnail} alt={asset.alt} loading="lazy" width={asset.variants.at(-1)?.width} height={asset.variants.at(-1)?.height} />
      </div>
      <div className="media-card__body">
        <p className="media-card__name" title={asset.name}>
          {asset.name}
        </p>
        <p className="media-card__facts">
          {MEDIA_TEXTS.dimensions(asset.width, asset.height)} · {asset.format.toUpperCase()}
          {asset.animated ? ' · animated' : ''} · {formatBytes(asset.bytes)}
        </p>
        {onPick ? (
          <>
            <p className={`media-card__alt${asset.alt ? '' : ' media-card__alt--missing'}`}>{asset.alt || MEDIA_TEXTS.altMissing}</p>
            <Button onClick={() => onPick(asset)} aria-label={`${MEDIA_TEXTS.insert} ${asset.name}`}>
              {MEDIA_TEXTS.insert}
            </Button>
          </>
        ) : (
          <>
            <form className="media-card__alt-form" onSubmit={(event) => void saveAlt(event)}>
              <label htmlFor={altId} className="media-card__label">
                {MEDIA_TEXTS.altLabel}
              </label>
              <input id={altId} className="form-field__input" value={alt} maxLength={MEDIA_LIMITS.altChars} placeholder={MEDIA_TEXTS.altMissing} onChange={(event) => setAlt(event.target.value)} />
              <Button type="submit" variant="secondary" disabled={saving || alt === asset.alt} aria-label={`${MEDIA_TEXTS.saveAlt} alt text of ${asset.name}`}>
                {MEDIA_TEXTS.saveAlt}
              </Button>
            </form>
            <div className="media-card__actions">
              <Button variant="ghost" onClick={() => void copy()} aria-label={`${MEDIA_TEXTS.copy} of ${asset.name}`}>
                {MEDIA_TEXTS.copy}
              </Button>
              <Button variant="ghost" className="media-card__delete" onClick={() => onDelete(asset)} aria-label={`${MEDIA_TEXTS.remove} ${asset.name}`}>
                {MEDIA_TEXTS.remove}
              </Button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}
