import { useCallback, useEffect, useState } from 'react';
import type { DeliverabilityOverview } from '@postlark/shared/deliverability';
import { showToast } from '../components/ui/toasts';
import { DELIVERABILITY_PAGE_TEXTS } from '../features/deliverability/deliverability-content';
import { deliverabilityFailureMessage, fetchDeliverabilityOverview, resumeSending } from '../features/deliverability/deliverability-thunks';
import { useAppDispatch } from './store-hooks';

export interface Deliverability {
  overview: DeliverabilityOverview | null;
  /** Why it could not be had, while none is shown. */
  error: string;
  resuming: boolean;
  retry(): void;
  resume(): void;
}

/**
 * The Deliverability page's data, read when it opens and on "Try again"; resuming says how it went
 * in a toast (the server's own sentence either way) and reads the page again, whose pause is then gone
 * (or, refused, shows what the server knows now).
 */
export function useDeliverability(): Deliverability {
  const dispatch = useAppDispatch();
  const [read, setRead] = useState(0);
  const [overview, setOverview] = useState<DeliverabilityOverview | null>(null);
  const [error, setError] = useState('');
  const [resuming, setResuming] = useState(false);

  useEffect(() => {
    let live = true;
    dispatch(fetchDeliverabilityOverview())
      .unwrap()
      .then(
        (loaded) => {
          if (!live) return;
          setOverview(loaded);
          setError('');
        },
        (reason: unknown) => live && setError(deliverabilityFailureMessage(reason, DELIVERABILITY_PAGE_TEXTS.failed)),
      );
    return () => {
      live = false;
    };
  }, [dispatch, read]);

  const retry = useCallback(() => {
    setError('');
    setRead((count) => count + 1);
  }, []);

  const resume = useCallback(() => {
    setResuming(true);
    dispatch(resumeSending())
      .unwrap()
      .then(
        (message) => void showToast('success', message),
        (reason: unknown) => void showToast('error', deliverabilityFailureMessage(reason, DELIVERABILITY_PAGE_TEXTS.resumeFailed)),
      )
      .finally(() => {
        setResuming(false);
        setRead((count) => count + 1);
      });
  }, [dispatch]);

  return { overview, error, resuming, retry, resume };
}
