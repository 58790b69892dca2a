import { useCallback, useEffect, useState } from 'react';
import type { FlowDefinition } from '@postlark/shared/automations';
import type { Flow } from '@postlark/shared/automations-views';
import { showToast } from '../components/ui/toasts';
import { AUTOMATION_TEXTS } from '../features/automations/automations-content';
import { activateFlow, asFlowFailure, fetchFlow, type FlowChange, pauseFlow, saveFlow } from '../features/automations/automations-thunks';
import { useAppDispatch } from './store-hooks';

export type FlowBusy = 'save' | 'activate' | 'pause' | null;

/**
 * One flow in the builder: as saved, and the draft on screen. Save makes a new version;
 * Activate saves first when there are changes. The server's problems come back by field path.
 */
export function useFlowBuilder(flowId: string) {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [flow, setFlow] = useState<Flow | null>(null);
  const [loadError, setLoadError] = useState('');
  const [draft, setDraft] = useState<FlowDefinition | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<FlowBusy>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  const adopt = useCallback((saved: Flow) => {
    setFlow(saved);
    setDraft(saved.definition);
    setName(saved.name);
  }, []);

  useEffect(() => {
    let live = true;
    dispatch(fetchFlow(flowId))
      .unwrap()
      .then(
        (loaded) => {
          if (!live) return;
          adopt(loaded);
          setLoadError('');
        },
        (reason: unknown) => live && setLoadError(asFlowFailure(reason, AUTOMATION_TEXTS.flowFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, flowId, attempt, adopt]);

  const dirty = flow !== null && draft !== null && (name.trim() !== flow.name || JSON.stringify(draft) !== JSON.stringify(flow.definition));

  async function run(kind: Exclude<FlowBusy, null>, call: () => Promise<FlowChange>): Promise<boolean> {
    setBusy(kind);
    try {
      const change = await call();
      adopt(change.flow);
      setErrors({});
      setMessage('');
      void showToast('success', change.message);
      return true;
    } catch (reason) {
      const failure = asFlowFailure(reason, AUTOMATION_TEXTS.actionFailed);
      setErrors(failure.errors);
      setMessage(failure.message);
      void showToast('error', failure.message);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const save = () => (draft ? run('save', () => dispatch(saveFlow({ id: flowId, body: { name: name.trim(), definition: draft } })).unwrap()) : Promise.resolve(false));

  async function activate() {
    if (dirty && !(await save())) return;
    await run('activate', () => dispatch(activateFlow(flowId)).unwrap());
  }

  const pause = () => run('pause', () => dispatch(pauseFlow(flowId)).unwrap());

  return { flow, loadError, reload, draft, setDraft, name, setName, dirty, errors, message, busy, save, activate, pause };
}
