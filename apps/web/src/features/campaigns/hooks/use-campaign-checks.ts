import { useCallback, useRef, useState } from 'react';
import type { CampaignCheck } from '@postlark/shared/campaign-checks';
import { CAMPAIGN_CHECK_TEXTS } from '@postlark/shared/campaign-checks';
import { runCampaignChecks } from '../campaign-checks-api';
import { useCampaignDispatch } from './use-campaign-dispatch';

export type ChecksState =
  | { phase: 'idle' }
  | { phase: 'running'; previous: CampaignCheck[] | null }
  | { phase: 'done'; checks: CampaignCheck[] }
  | { phase: 'failed'; message: string; previous: CampaignCheck[] | null };

/** The checks of the saved campaign `id`, run when asked; one run at a time, a late answer for another campaign dropped. */
export function useCampaignChecks(id: string | null) {
  const dispatch = useCampaignDispatch();
  const [state, setState] = useState<ChecksState>({ phase: 'idle' });
  const asking = useRef<string | null>(null);
  const run = useCallback(() => {
    if (!id || asking.current === id) return;
    asking.current = id;
    setState((now) => ({ phase: 'running', previous: now.phase === 'done' ? now.checks : now.phase === 'idle' ? null : now.previous }));
    dispatch(runCampaignChecks(id))
      .unwrap()
      .then(
        (checks) => asking.current === id && setState({ phase: 'done', checks }),
        (reason: { message?: string } | undefined) =>
          asking.current === id && setState((now) => ({ phase: 'failed', message: reason?.message ?? CAMPAIGN_CHECK_TEXTS.failed, previous: now.phase === 'running' ? now.previous : null })),
      )
      .finally(() => {
        if (asking.current === id) asking.current = null;
      });
  }, [dispatch, id]);
  return { state, run };
}
