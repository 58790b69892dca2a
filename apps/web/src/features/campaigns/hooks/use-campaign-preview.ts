import { useEffect, useState } from 'react';
import type { CampaignPreview, CampaignPreviewRequest } from '@postlark/shared/campaigns';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { asCampaignFailure, previewCampaign } from '../campaigns-thunks';
import { onSectionsSaved } from '../saved-sections-store';
import { useCampaignDispatch } from './use-campaign-dispatch';

// Asked once typing pauses this long, not on every key.
const PREVIEW_DEBOUNCE_MS = 500;

/**
 * The server's rendering of the fields on screen, with the real footer and the merge-tag problems,
 * asked again shortly after they change. An older answer arriving late never replaces a newer one.
 */
export function useCampaignPreview(request: CampaignPreviewRequest) {
  const dispatch = useCampaignDispatch();
  // A saved section edited from its block changes the message though the draft's reference does not.
  const [sectionEdits, setSectionEdits] = useState(0);
  useEffect(() => onSectionsSaved(() => setSectionEdits((count) => count + 1)), []);
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Which fields the shown preview answers; it is pending while they differ from those on screen.
  const [answered, setAnswered] = useState<string | null>(null);
  const { from_name: fromName, subject, preheader, content_html: html, content_text: text, subscriber_id: subscriberId, platform_footer: platformFooter } = request;
  const asked = JSON.stringify([fromName, subject, preheader, html, text, subscriberId, platformFooter, sectionEdits]);

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      // "Preview as": rendered for that subscriber, their products and blocks included.
      dispatch(previewCampaign({ from_name: fromName, subject, preheader, content_html: html, content_text: text, ...(subscriberId && { subscriber_id: subscriberId }), ...(platformFooter && { platform_footer: true }) }))
        .unwrap()
        .then(
          (answer) => {
            if (!live) return;
            setPreview(answer);
            setError(null);
            setAnswered(asked);
          },
          (reason: unknown) => {
            if (!live) return;
            setError(asCampaignFailure(reason, CAMPAIGN_TEXTS.previewFailed).message);
            setAnswered(asked);
          },
        );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [dispatch, asked, fromName, subject, preheader, html, text, subscriberId, platformFooter]);

  return { preview, error, pending: answered !== asked };
}
