import { useCallback, useState } from 'react';
import type { FlowDefinition } from '@postlark/shared/automations';
import type { FlowVersionSummary } from '@postlark/shared/automations-views';
import { AUTOMATION_TEXTS } from '../features/automations/automations-content';
import { asFlowFailure, fetchFlowVersion, fetchFlowVersions } from '../features/automations/automations-thunks';
import { useAppDispatch } from './store-hooks';

/** A flow's saved versions (read when the history opens), and one version's definition. */
export function useFlowVersions(flowId: string) {
  const dispatch = useAppDispatch();
  const [versions, setVersions] = useState<FlowVersionSummary[] | null>(null);
  const [error, setError] = useState('');
  const fail = useCallback((reason: unknown) => setError(asFlowFailure(reason, AUTOMATION_TEXTS.actionFailed).message), []);

  const load = useCallback(() => {
    setVersions(null);
    setError('');
    dispatch(fetchFlowVersions(flowId)).unwrap().then(setVersions, fail);
  }, [dispatch, flowId, fail]);

  const definition = useCallback(
    (version: number): Promise<FlowDefinition | null> =>
      dispatch(fetchFlowVersion({ id: flowId, version }))
        .unwrap()
        .catch((reason: unknown) => {
          fail(reason);
          return null;
        }),
    [dispatch, flowId, fail],
  );

  return { versions, error, load, definition };
}
