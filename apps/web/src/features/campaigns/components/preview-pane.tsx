import { type ReactNode, useRef, useState } from 'react';
import type { CampaignPreview } from '@postlark/shared/campaigns';
import { DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { useElementWidth } from '../../../lib/use-element-width';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { darkPreviewHtml } from '../dark-preview';

type Device = 'desktop' | 'phone';

// A desktop inbox's reading pane: the 600 px email, its padding and a margin either side. Drawn
// at that width and scaled down to fit a narrower panel, so lines break where the reader's do.
const DESKTOP_WIDTH = 680;

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
  const [dark, setDark] = useState(false);
  const html = preview?.html ? (dark ? darkPreviewHtml(preview.html) : preview.html) : '';
  const fitRef = useRef<HTMLDivElement>(null);
  const available = useElementWidth(fitRef, DESKTOP_WIDTH);
  // Whole percents, so the note and the drawing agree.
  const percent = device === 'desktop' ? Math.min(100, Math.floor((available / DESKTOP_WIDTH) * 100)) : 100;
  const scale = percent / 100;
  return (
    <section className="dash-card campaign-preview" aria-labelledby="campaign-preview-title">
      <header className="campaign-preview__head">
        <h2 id="campaign-preview-title" className="campaign-card__title">
          Preview
        </h2>
        <div className="campaign-preview__modes">
          <div className="campaign-segmented" role="group" aria-label="Preview width">
            {(['desktop', 'phone'] as const).map((option) => (
              <button key={option} type="button" className="campaign-segmented__option" aria-pressed={device === option} onClick={() => setDevice(option)}>
                {option === 'desktop' ? 'Desktop' : 'Phone'}
              </button>
            ))}
          </div>
          {/* As a mail client in dark mode draws it, from the message's own dark-mode styles. */}
          <button type="button" className="campaign-preview__dark" aria-pressed={dark} onClick={() => setDark(!dark)}>
            Dark mode
          </button>
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
        <div ref={fitRef} className="campaign-preview__fit">
          {html ? (
            device === 'desktop' ? (
              <div className="campaign-preview__scaled" style={{ width: DESKTOP_WIDTH * scale, ['--preview-scale' as string]: scale }}>
                <iframe className="campaign-preview__frame" title={`Email preview (desktop${dark ? ', dark mode' : ''})`} sandbox="" srcDoc={html} style={{ width: DESKTOP_WIDTH }} />
              </div>
            ) : (
              <iframe className="campaign-preview__frame" title={`Email preview (phone${dark ? ', dark mode' : ''})`} sandbox="" srcDoc={html} />
            )
          ) : (
            <p className="campaign-preview__empty">{CAMPAIGN_TEXTS.previewEmpty}</p>
          )}
        </div>
      </div>
      {preview?.html && percent < 100 && <p className="campaign-card__text campaign-preview__scale-note">{CAMPAIGN_TEXTS.previewScaled(percent, DESKTOP_WIDTH)}</p>}
      {platform && <p className="campaign-card__text campaign-preview__platform-footer">{DELIVERY_TEXTS.platformFooter(platform)}</p>}
    </section>
  );
}
