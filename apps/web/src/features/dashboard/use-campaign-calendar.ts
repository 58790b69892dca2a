import { useEffect, useState } from 'react';
import type { CalendarCampaign } from '@postlark/shared/campaign-calendar';
import { getCalendar } from './top-bar-api';

export type CalendarState = { phase: 'loading' } | { phase: 'done'; campaigns: CalendarCampaign[] } | { phase: 'failed' };

/** The campaigns going out in [from, to), asked again when the span changes; a stale answer is cancelled. */
export function useCampaignCalendar(from: Date, to: Date): CalendarState {
  const key = `${from.toISOString()}/${to.toISOString()}`;
  // The span last answered and its campaigns (null: it failed).
  const [settled, setSettled] = useState<{
    key: string;
    campaigns: CalendarCampaign[] | null;
  } | null>(null);

  useEffect(() => {
    const [fromIso, toIso] = key.split('/') as [string, string];
    const controller = new AbortController();
    getCalendar(new Date(fromIso), new Date(toIso), controller.signal).then(
      (result) => {
        // Cancelled for another span (or the dialog closing): its answer, if any, is stale.
        if (controller.signal.aborted) return;
        const campaigns = result.body?.payload?.campaigns;
        setSettled({
          key,
          campaigns: result.ok && Array.isArray(campaigns) ? campaigns : null,
        });
      },
      () => {
        if (!controller.signal.aborted) setSettled({ key, campaigns: null });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (settled?.key !== key) return { phase: 'loading' };
  return settled.campaigns ? { phase: 'done', campaigns: settled.campaigns } : { phase: 'failed' };
}
