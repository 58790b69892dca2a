import { useState } from 'react';
import type { Campaign } from '@postlark/shared/campaigns';
import { type CampaignDraft, draftFromCampaign, type DraftField, EMPTY_DRAFT, sameDraft } from '../campaign-draft';

/**
 * The editor's fields over the saved campaign. A campaign read or saved anew replaces them unless
 * the customer has changed something since. `contentVersion` moves whenever the HTML is replaced
 * from outside the rich-text editor, which starts over from it.
 */
export function useCampaignDraft(campaign: Campaign | null, initial: Partial<CampaignDraft>) {
  const base = campaign ? draftFromCampaign(campaign) : { ...EMPTY_DRAFT, ...initial };
  const [draft, setDraft] = useState<CampaignDraft>(base);
  const [synced, setSynced] = useState<string | null>(campaign ? `${campaign.id}@${campaign.updated_at}` : null);
  const [savedDraft, setSavedDraft] = useState<CampaignDraft>(base);
  const [contentVersion, setContentVersion] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});

  // The account's details may arrive after a new campaign opened: they fill what is still empty.
  const [offered, setOffered] = useState(JSON.stringify(initial));
  if (!campaign && JSON.stringify(initial) !== offered) {
    setOffered(JSON.stringify(initial));
    setDraft((current) => ({ ...current, from_email: current.from_email || (initial.from_email ?? ''), from_name: current.from_name || (initial.from_name ?? '') }));
  }

  const identity = campaign ? `${campaign.id}@${campaign.updated_at}` : null;
  if (campaign && identity !== synced) {
    setSynced(identity);
    const fresh = draftFromCampaign(campaign);
    // A first read, or a change made elsewhere (sending moved on): shown, if nothing is being typed.
    if (sameDraft(draft, savedDraft) || synced === null || !synced.startsWith(`${campaign.id}@`)) {
      setDraft(fresh);
      if (fresh.content_html !== draft.content_html) setContentVersion((version) => version + 1);
    }
    setSavedDraft(fresh);
  }

  function set<Field extends keyof CampaignDraft>(field: Field, value: CampaignDraft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    const errorField: DraftField = field === 'list_ids' || field === 'segment_ids' ? 'audience' : field;
    if (errors[errorField]) setErrors(({ [errorField]: _cleared, ...rest }) => rest);
  }

  /** Content from outside the editor (a template): the editor starts over from it. */
  function replaceContent(changes: Partial<CampaignDraft>) {
    setDraft((current) => ({ ...current, ...changes }));
    setContentVersion((version) => version + 1);
  }

  /** The draft as just saved: what is on screen is now the saved state. */
  function markSaved(saved: Campaign) {
    const fresh = draftFromCampaign(saved);
    setSynced(`${saved.id}@${saved.updated_at}`);
    setSavedDraft(fresh);
    setDraft(fresh);
  }

  return { draft, set, replaceContent, markSaved, dirty: !sameDraft(draft, savedDraft), errors, setErrors, contentVersion };
}
