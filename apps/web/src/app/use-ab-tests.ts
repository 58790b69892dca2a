import { useCallback, useEffect, useState } from 'react';
import type { AbStatus, AbTestSummary } from '@postlark/shared/ab-tests';
import { fetchAbTests } from '../features/ab-tests/ab-tests-thunks';
import { AB_TEXTS } from '../features/ab-tests/ab-tests-content';
import { useAppDispatch } from './store-hooks';

// While a test runs, the page reads again this often so its status moves on its own.
const RUNNING_POLL_MS = 10_000;

/** The A/B tests page's rows, of one status or all; read again by `reload`, and while one runs. */
export function useAbTests(status: AbStatus | null) {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ status: AbStatus | null; tests: AbTestSummary[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchAbTests(status))
      .unwrap()
      .then(
        (tests) => {
          if (!live) return;
          setLoaded({ status, tests });
          setError(null);
        },
        (reason: unknown) => live && setError((reason as { message?: string } | null)?.message ?? AB_TEXTS.testsFailed),
      );
    return () => {
      live = false;
    };
  }, [dispatch, status, attempt]);

  const tests = loaded?.status === status ? loaded.tests : null;
  const running = tests?.some((test) => test.status === 'testing') ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(reload, RUNNING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, tests, reload]);

  return { tests, error, reload };
}
