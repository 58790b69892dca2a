import { useEffect, useState } from 'react';
import type { FlowRunView, FlowStats, StepStats } from '@postlark/shared/automations-views';
import { AUTOMATION_TEXTS } from '../features/automations/automations-content';
import { fetchFlowRuns, fetchFlowStats } from '../features/automations/automations-thunks';
import { useAppDispatch } from './store-hooks';

// People move through a live flow on their own: the counts are read again every few seconds.
const POLL_MS = 3_000;

/** A flow's counts and its latest people, kept fresh while the page is open. */
export function useFlowStats(flowId: string) {
  const dispatch = useAppDispatch();
  const [stats, setStats] = useState<FlowStats | null>(null);
  const [runs, setRuns] = useState<FlowRunView[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const people = dispatch(fetchFlowRuns(flowId))
        .unwrap()
        .then((next) => live && setRuns(next), () => undefined);
      const counts = dispatch(fetchFlowStats(flowId))
        .unwrap()
        .then(
          (next) => {
            if (!live) return;
            setStats(next);
            setError('');
          },
          () => live && setError(AUTOMATION_TEXTS.statsFailed),
        );
      void Promise.all([people, counts]).finally(() => {
        if (live) timer = setTimeout(read, POLL_MS);
      });
    };
    read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dispatch, flowId]);

  const byStep = new Map<string, StepStats>((stats?.steps ?? []).map((step) => [step.step_id, step]));
  return { stats, byStep, runs, error };
}
