import { type Dispatch, type SetStateAction, useEffect } from 'react';
import { REPORT_POLL_MS } from './reports-content';

/**
 * While a campaign sends, asks for another read REPORT_POLL_MS after each answer: armed again
 * whenever `answer` changes, so reads never overlap; gone when sending ends or the page does.
 * `setRead` bumps the counter the page's read effect depends on.
 */
export function useReadAgainWhileLive(sending: boolean, answer: unknown, setRead: Dispatch<SetStateAction<number>>) {
  useEffect(() => {
    if (!sending) return;
    const timer = window.setTimeout(() => setRead((count) => count + 1), REPORT_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [sending, answer, setRead]);
}
