import { useCallback, useEffect, useState } from 'react';
import type { AbStatus, AbTestSummary } from '@postlark/shared/ab-tests';
import type { EmailPlatformId } from '@postlark/shared/integrations';
import { fetchAbTests } from '../features/ab-tests/ab-tests-thunks';
import { AB_TEXTS } from '../features/ab-tests/ab-tests-content';
import { useAppDispatch } from './store-hooks';

// While a test runs, the page reads again this often so its status moves on its own.
const RUNNING_POLL_MS = 10_000;

/** The A/B tests page's rows, of one status or all, of one delivering platform or all; read again by `reload`, and while one runs. */
export function useAbTests(status: AbStatus | null, platform: EmailPlatformId | null = null) {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; tests: AbTestSummary[] } | null>(null);
  const key = `${status ?? ''}|${platform ?? ''}`;
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchAbTests({ status, platform }))
      .unwrap()
      .then(
        (tests) => {
          if (!live) return;
          setLoaded({ key, tests });
          setError(null);
        },
        (reason: unknown) => live && setError((reason as { message?: string } | null)?.message ?? AB_TEXTS.testsFailed),
      );
    return () => {
      live = false;
    };
  }, [dispatch, status, platform, key, attempt]);

  const tests = loaded?.key === key ? loaded.tests : null;
  const running = tests?.some((test) => test.status === 'testing') ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(reload, RUNNING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, tests, reload]);

  return { tests, error, reload };
}
