import { useCallback, useEffect, useState } from 'react';
import type { InsightsRefresh } from '@postlark/shared/insights';
import type { InsightsSummary } from '@postlark/shared/insights-dashboard';
import { isPending } from '../features/insights/insights-charts';
import { INSIGHTS_TEXTS } from '../features/insights/insights-content';
import { fetchInsightsRefresh, fetchInsightsSummary, insightsFailureMessage, startInsightsRefresh } from '../features/insights/insights-thunks';
import { useAppDispatch } from './store-hooks';

/** How often a refresh under way is asked how far it got. */
const PROGRESS_POLL_MS = 1_000;

export interface Insights {
  summary: InsightsSummary | null;
  /** Why the summary could not be had (while none is shown). */
  error: string;
  /** The refresh being followed: pending, or the one that just ended. */
  refresh: InsightsRefresh | null;
  refreshError: string;
  starting: boolean;
  retry(): void;
  refreshNow(): void;
}

/**
 * The Insights page's data: the summary, and a refresh followed until it ends (one the page asked
 * for, or one already under way when it opened), after which the summary is read again.
 */
export function useInsights(): Insights {
  const dispatch = useAppDispatch();
  const [read, setRead] = useState(0);
  const [summary, setSummary] = useState<InsightsSummary | null>(null);
  const [error, setError] = useState('');
  const [refresh, setRefresh] = useState<InsightsRefresh | null>(null);
  const [refreshError, setRefreshError] = useState('');
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let live = true;
    dispatch(fetchInsightsSummary())
      .unwrap()
      .then(
        (loaded) => {
          if (!live) return;
          setSummary(loaded);
          setError('');
          // A refresh already under way (the nightly one, another tab's) is followed too.
          if (isPending(loaded.refresh)) setRefresh(loaded.refresh);
        },
        (reason: unknown) => live && setError(insightsFailureMessage(reason, INSIGHTS_TEXTS.failed)),
      );
    return () => {
      live = false;
    };
  }, [dispatch, read]);

  const followedId = isPending(refresh) ? refresh!.id : null;
  useEffect(() => {
    if (!followedId) return;
    let live = true;
    const timer = window.setInterval(() => {
      void dispatch(fetchInsightsRefresh(followedId))
        .unwrap()
        .then(
          (state) => {
            if (!live) return;
            setRefresh(state);
            if (state.status === 'done') setRead((count) => count + 1);
          },
          // A failed poll is tried again at the next tick; the bar stays where it was.
          () => undefined,
        );
    }, PROGRESS_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [dispatch, followedId]);

  const refreshNow = useCallback(() => {
    setStarting(true);
    setRefreshError('');
    dispatch(startInsightsRefresh())
      .unwrap()
      .then(
        (started) => setRefresh(started),
        (reason: unknown) => setRefreshError(insightsFailureMessage(reason, INSIGHTS_TEXTS.refreshFailed)),
      )
      .finally(() => setStarting(false));
  }, [dispatch]);

  const retry = useCallback(() => {
    setError('');
    setRead((count) => count + 1);
  }, []);

  return { summary, error, refresh, refreshError, starting, retry, refreshNow };
}
