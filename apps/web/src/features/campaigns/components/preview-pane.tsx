import { type ReactNode, useState } from 'react';
import type { CampaignPreview } from '@postlark/shared/campaigns';
import { DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { CAMPAIGN_TEXTS } from '../campaigns-content';

type Device = 'desktop' | 'phone';

interface PreviewPaneProps {
  preview: CampaignPreview | null;
  preheader: string;
  fromName: string;
  error: string | null;
  pending: boolean;
  /** "Preview as" a chosen subscriber (issue 21): shown above the inbox line. */
  readerPicker?: ReactNode;
  /** The platform delivering it (issue 22): its own footer replaces ours, which the preview leaves out. */
  platform?: string | null;
}

/**
 * The email as a sample subscriber gets it, footer and all, at a desktop client's width or a
 * phone's. A sandboxed frame: the customer's HTML can neither run scripts nor style this page.
 */
export function PreviewPane({ preview, preheader, fromName, error, pending, readerPicker, platform = null }: PreviewPaneProps) {
  const [device, setDevice] = useState<Device>('desktop');
  return (
    <section className="dash-card campaign-preview" aria-labelledby="campaign-preview-title">
      <header className="campaign-preview__head">
        <h2 id="campaign-preview-title" className="campaign-card__title">
          Preview
        </h2>
        <div className="campaign-segmented" role="group" aria-label="Preview width">
          {(['desktop', 'phone'] as const).map((option) => (
            <button key={option} type="button" className="campaign-segmented__option" aria-pressed={device === option} onClick={() => setDevice(option)}>
              {option === 'desktop' ? 'Desktop' : 'Phone'}
            </button>
          ))}
        </div>
      </header>
      {readerPicker}
      <div className="campaign-preview__inbox" aria-label="As the inbox shows it">
        <span className="campaign-preview__avatar" aria-hidden="true">
          {(fromName.trim()[0] ?? '?').toUpperCase()}
        </span>
        <span className="campaign-preview__envelope">
          <span className="campaign-preview__from">{fromName || 'Your name'}</span>
          <span className="campaign-preview__subject">{preview?.subject || 'No subject yet'}</span>
          {preheader && <span className="campaign-preview__preheader">{preheader}</span>}
        </span>
        {pending && <span className="campaign-preview__pending" role="status" aria-label="Updating preview" />}
      </div>
      {error && (
        <p className="notice notice--error campaign-preview__error" role="alert">
          {error}
        </p>
      )}
      <div className={`campaign-preview__stage campaign-preview__stage--${device}`}>
        {preview?.html ? (
          <iframe className="campaign-preview__frame" title={`Email preview (${device === 'desktop' ? 'desktop' : 'phone'})`} sandbox="" srcDoc={preview.html} />
        ) : (
          <p className="campaign-preview__empty">{CAMPAIGN_TEXTS.previewEmpty}</p>
        )}
      </div>
      {platform && <p className="campaign-card__text campaign-preview__platform-footer">{DELIVERY_TEXTS.platformFooter(platform)}</p>}
    </section>
  );
}
