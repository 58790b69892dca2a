import { useState } from 'react';
import type { Campaign, CampaignSchedule, CampaignTestSend } from '@postlark/shared/campaigns';
import { showToast } from '../../../components/ui/toasts';
import { type CampaignDraft, draftErrors, draftToRequest, type DraftField, errorsByField } from '../campaign-draft';
import type { CampaignAction } from '../campaigns-api';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { asCampaignFailure, type CampaignChange, type CampaignFailure, createCampaign, runCampaignAction, saveCampaign, scheduleCampaign, sendTest } from '../campaigns-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

type Busy = 'save' | 'test' | 'schedule' | CampaignAction | null;

interface ActionsInput {
  campaign: Campaign | null;
  draft: CampaignDraft;
  dirty: boolean;
  setErrors(errors: Partial<Record<DraftField, string>>): void;
  markSaved(campaign: Campaign): void;
  /** A new campaign's first save: the page moves to its address. */
  onCreated(campaign: Campaign): void;
  replace(campaign: Campaign): void;
}

/**
 * What the editor's buttons do. Every action on a campaign first saves what is on screen, so a
 * test, a schedule or a send is of the campaign as the customer sees it. Outcomes are toasts;
 * a field's problem goes beside the field; a dialog's failure stays in the dialog.
 */
export function useCampaignActions({ campaign, draft, dirty, setErrors, markSaved, onCreated, replace }: ActionsInput) {
  const dispatch = useCampaignDispatch();
  const [busy, setBusy] = useState<Busy>(null);
  const [dialogError, setDialogError] = useState<CampaignFailure | null>(null);

  function showFailure(failure: CampaignFailure, inDialog: boolean) {
    const byField = errorsByField(failure.errors);
    if (Object.keys(byField).length > 0) setErrors(byField);
    if (inDialog) setDialogError(failure);
    else void showToast('error', failure.message);
  }

  /** Saves when needed; the campaign as stored, or null when it could not be saved. */
  async function persist(quiet: boolean): Promise<Campaign | null> {
    if (campaign && !dirty) return campaign;
    const problems = draftErrors(draft);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      void showToast('error', Object.values(problems)[0] ?? CAMPAIGN_TEXTS.saveFailed);
      return null;
    }
    try {
      const body = draftToRequest(draft);
      const saved: CampaignChange = campaign ? await dispatch(saveCampaign({ id: campaign.id, body })).unwrap() : await dispatch(createCampaign(body)).unwrap();
      markSaved(saved.campaign);
      replace(saved.campaign);
      setErrors({});
      if (!quiet) void showToast('success', saved.message);
      if (!campaign) onCreated(saved.campaign);
      return saved.campaign;
    } catch (reason) {
      showFailure(asCampaignFailure(reason, CAMPAIGN_TEXTS.saveFailed), false);
      return null;
    }
  }

  async function run<T>(kind: Busy, inDialog: boolean, step: (saved: Campaign) => Promise<T>): Promise<T | null> {
    setBusy(kind);
    setDialogError(null);
    try {
      const saved = await persist(true);
      if (!saved) return null;
      return await step(saved);
    } catch (reason) {
      showFailure(asCampaignFailure(reason, CAMPAIGN_TEXTS.actionFailed), inDialog);
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function changed(answer: CampaignChange) {
    markSaved(answer.campaign);
    replace(answer.campaign);
    void showToast('success', answer.message);
    return answer.campaign;
  }

  return {
    busy,
    dialogError,
    clearDialogError: () => setDialogError(null),
    save: async () => {
      setBusy('save');
      await persist(false);
      setBusy(null);
    },
    test: (body: CampaignTestSend) =>
      run('test', true, async (saved) => {
        void showToast('success', await dispatch(sendTest({ id: saved.id, body })).unwrap());
        return true;
      }),
    schedule: (body: CampaignSchedule) => run('schedule', true, async (saved) => changed(await dispatch(scheduleCampaign({ id: saved.id, body })).unwrap())),
    act: (action: CampaignAction, inDialog = false) => run(action, inDialog, async (saved) => changed(await dispatch(runCampaignAction({ id: saved.id, action })).unwrap())),
    duplicate: async (id: string) => {
      setBusy('duplicate');
      try {
        const answer = await dispatch(runCampaignAction({ id, action: 'duplicate' })).unwrap();
        void showToast('success', answer.message);
        return answer.campaign;
      } catch (reason) {
        void showToast('error', asCampaignFailure(reason, CAMPAIGN_TEXTS.actionFailed).message);
        return null;
      } finally {
        setBusy(null);
      }
    },
  };
}
