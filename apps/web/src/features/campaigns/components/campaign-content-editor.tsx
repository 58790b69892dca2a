import { lazy, Suspense } from 'react';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import type { RichTextEditorProps } from './rich-text-editor';

// Fetched when the editor first shows: TipTap stays out of the dashboard's shared chunk.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function CampaignContentEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="campaign-editor__loading-editor" role="status">
          {CAMPAIGN_TEXTS.loadingEditor}
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
