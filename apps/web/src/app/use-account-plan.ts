import { useCallback, useEffect, useState } from 'react';
import type { AccountPlanView } from '@postlark/shared/plans';
import { type AccountPlanState, getAccountPlan } from '../features/dashboard/dashboard-api';

const LOADING: AccountPlanState = { status: 'loading' };

const isPlanView = (value: unknown): value is AccountPlanView =>
  typeof value === 'object' && value !== null && typeof (value as AccountPlanView).trial_days_left === 'number' && typeof (value as AccountPlanView).plan === 'string';

/**
 * The account's plan and trial for the Upgrade panel, read each time the panel opens: the days
 * left change with the clock, and one small read per opening keeps them true.
 */
export function useAccountPlan(customerId: string | null, open: boolean) {
  const [wasOpen, setWasOpen] = useState(open);
  const [openings, setOpenings] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: AccountPlanState } | null>(null);
  // Each opening (and each retry) is a read of its own; until its answer it is loading.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings((count) => count + 1);
  }
  const key = `${customerId ?? ''}:${openings}:${attempt}`;

  useEffect(() => {
    if (!open || !customerId) return;
    let current = true;
    const settle = (state: AccountPlanState) => {
      if (current) setResult({ key, state });
    };
    getAccountPlan(customerId)
      .then((answer) => {
        const view = answer.body?.payload;
        settle(answer.ok && isPlanView(view) ? { status: 'ready', view } : { status: 'failed' });
      })
      .catch(() => settle({ status: 'failed' }));
    return () => {
      current = false;
    };
  }, [customerId, open, key]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: result?.key === key ? result.state : LOADING, retry };
}
