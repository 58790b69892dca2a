import { useCallback, useEffect, useState } from 'react';
import type { Flow, FlowStats } from '@postlark/shared/automations-views';
import type { FlowTemplate } from '../features/automations/automations-api';
import { AUTOMATION_TEXTS } from '../features/automations/automations-content';
import { asFlowFailure, fetchFlowChoices, fetchFlows, fetchFlowStats, fetchTemplates, type FlowChoices } from '../features/automations/automations-thunks';
import { useAppDispatch } from './store-hooks';

/** The Automations page's data: the flows, each one's counts, the starter templates and the names a trigger may point at. */
export function useFlows() {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [flows, setFlows] = useState<Flow[] | null>(null);
  const [stats, setStats] = useState<Record<string, FlowStats | undefined>>({});
  const [templates, setTemplates] = useState<FlowTemplate[] | null>(null);
  const [choices, setChoices] = useState<FlowChoices | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchFlows())
      .unwrap()
      .then(
        (list) => {
          if (!live) return;
          setFlows(list);
          setError('');
          // The list answer has no send counts yet (REQUESTS.md): each flow's stats fill them in.
          for (const flow of list)
            void dispatch(fetchFlowStats(flow.id))
              .unwrap()
              .then(
                (flowStats) => live && setStats((current) => ({ ...current, [flow.id]: flowStats })),
                () => undefined,
              );
        },
        (reason: unknown) => live && setError(asFlowFailure(reason, AUTOMATION_TEXTS.flowsFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  useEffect(() => {
    void dispatch(fetchTemplates())
      .unwrap()
      .then(setTemplates, () => setTemplates([]));
    void dispatch(fetchFlowChoices())
      .unwrap()
      .then(setChoices, () => undefined);
  }, [dispatch]);

  return { flows, stats, templates, choices, error, reload };
}

/** A list's, segment's or form's name by its id. */
export function choiceNames(choices: FlowChoices | null): (id: string) => string | undefined {
  return (id) => [...(choices?.lists ?? []), ...(choices?.segments ?? []), ...(choices?.forms ?? [])].find((item) => item.id === id)?.name;
}
