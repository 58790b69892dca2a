import { useCallback, useEffect, useState } from 'react';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { fetchHomeOverview } from '../features/dashboard/home-api';
import { HOME_TEXTS } from '../features/dashboard/home-content';
import { useAppDispatch } from './store-hooks';

export interface HomeOverviewState {
  overview: HomeOverview | null;
  /** Why it could not be had, while none is shown. */
  error: string;
  retry(): void;
}

/** Home's data, read when the page opens and again on "Try again". */
export function useHomeOverview(): HomeOverviewState {
  const dispatch = useAppDispatch();
  const [read, setRead] = useState(0);
  const [overview, setOverview] = useState<HomeOverview | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    dispatch(fetchHomeOverview())
      .unwrap()
      .then(
        (loaded) => {
          if (!live) return;
          setOverview(loaded);
          setError('');
        },
        (reason: { message?: unknown } | null) => live && setError(typeof reason?.message === 'string' ? reason.message : HOME_TEXTS.failed),
      );
    return () => {
      live = false;
    };
  }, [dispatch, read]);

  const retry = useCallback(() => {
    setError('');
    setRead((count) => count + 1);
  }, []);
  return { overview, error, retry };
}
