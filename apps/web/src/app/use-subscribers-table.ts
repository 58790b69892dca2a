import { useCallback, useEffect, useState } from 'react';
import type { SubscribersPage } from '@postlark/shared/audience';
import { AUDIENCE_TEXTS } from '../features/audience/audience-content';
import { type AudienceFailure, asAudienceFailure, fetchSubscribers } from '../features/audience/audience-thunks';
import { apiQuery, type SubscriberFilters } from '../features/audience/subscriber-query';
import { useAppDispatch } from './store-hooks';

interface Answer {
  /** The request this answers: the query and the attempt. */
  request: string;
  pageIndex: number;
  page: SubscribersPage | null;
  error: AudienceFailure | null;
}

/**
 * The subscribers table's keyset pages. Next pushes the page's cursor on a stack and Previous pops
 * it, so going back needs no cursor the server would have to make; other filters start again from
 * the first page. While a page loads, the last one stays shown.
 */
export function useSubscribersTable(filters: SubscriberFilters) {
  const dispatch = useAppDispatch();
  const filtersKey = apiQuery(filters, null);
  const [paging, setPaging] = useState<{ filtersKey: string; cursors: readonly string[] }>({ filtersKey, cursors: [] });
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const refresh = useCallback(() => setAttempt((count) => count + 1), []);

  let cursors = paging.cursors;
  if (paging.filtersKey !== filtersKey) {
    cursors = [];
    setPaging({ filtersKey, cursors });
  }
  const pageIndex = cursors.length;
  const query = apiQuery(filters, cursors.at(-1) ?? null);
  const request = `${query}#${attempt}`;

  useEffect(() => {
    let live = true;
    dispatch(fetchSubscribers(query))
      .unwrap()
      .then(
        (page) => live && setAnswer({ request, pageIndex, page, error: null }),
        (reason: unknown) => live && setAnswer({ request, pageIndex, page: null, error: asAudienceFailure(reason, AUDIENCE_TEXTS.subscribersFailed) }),
      );
    return () => {
      live = false;
    };
  }, [dispatch, query, request, pageIndex]);

  const loading = answer?.request !== request;
  const nextCursor = !loading ? (answer?.page?.next_cursor ?? null) : null;
  return {
    /** The page shown: the answer to this request, or while it loads the one before. */
    page: answer?.page ?? null,
    shownPageIndex: answer?.pageIndex ?? 0,
    error: loading ? null : (answer?.error ?? null),
    loading,
    hasNext: nextCursor !== null,
    next: () => {
      if (nextCursor) setPaging({ filtersKey, cursors: [...cursors, nextCursor] });
    },
    previous: () => setPaging({ filtersKey, cursors: cursors.slice(0, -1) }),
    firstPage: () => setPaging({ filtersKey, cursors: [] }),
    refresh,
  };
}
