import { useEffect, useState } from 'react';
import type { AudienceList } from '@postlark/shared/audience';
import type { Segment } from '@postlark/shared/segments';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { asCampaignFailure, fetchAudienceChoices } from '../campaigns-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

/** The customer's lists and segments for the audience picker; null until they are read. */
export function useAudienceChoices() {
  const dispatch = useCampaignDispatch();
  const [choices, setChoices] = useState<{ lists: AudienceList[]; segments: Segment[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(fetchAudienceChoices())
      .unwrap()
      .then(
        (found) => live && setChoices(found),
        (reason: unknown) => live && setError(asCampaignFailure(reason, CAMPAIGN_TEXTS.audienceFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch]);

  return { choices, error };
}
