import { useMemo } from 'react';
import { AltSuggestion } from '../../features/ai-assistant/components/alt-suggestion';
import { DraftWithAi } from '../../features/ai-assistant/components/draft-dialog';
import { FieldSuggestions } from '../../features/ai-assistant/components/field-suggestions';
import { RewriteMenu } from '../../features/ai-assistant/components/rewrite-menu';
import type { EditorAssistant } from '../../features/campaigns/editor-assistant';
import { useAiProvider } from '../use-ai-provider';

/** The writing assistant in the campaign editor's slots: ideas under the fields, a draft, and Rewrite. */
export function useEditorAssistant(): EditorAssistant {
  const { view, generate } = useAiProvider();
  return useMemo(() => {
    const api = { view, generate };
    return {
      field: ({ field, context, disabled, onUse, onMakeVariants }) => (
        <FieldSuggestions api={api} field={field} context={context} disabled={disabled} onUse={onUse} onMakeVariants={onMakeVariants} />
      ),
      content: ({ context, hasContent, onDraft }) => <DraftWithAi api={api} hasContent={hasContent} campaignId={context.campaign_id} onDraft={onDraft} />,
      selection: ({ handle, campaignId }) => <RewriteMenu api={api} selection={handle} campaignId={campaignId} />,
      alt: ({ around, imageName, campaignId, onUse }) => <AltSuggestion api={api} around={around} imageName={imageName} campaignId={campaignId} onUse={onUse} />,
    };
  }, [view, generate]);
}
