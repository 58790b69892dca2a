import { useState } from 'react';
import type { SubscriberSummary } from '@postlark/shared/audience';
import type { PersonEvent } from '@postlark/shared/events';
import { AUTOMATION_TEXTS } from '../features/automations/automations-content';
import { asFlowFailure, fetchPersonEvents, findPeople, runFlowTest } from '../features/automations/automations-thunks';
import type { TestPersonState } from '../features/automations/components/test-person-dialog';
import { useAppDispatch } from './store-hooks';

const EMPTY: TestPersonState = { people: null, person: null, events: null, result: null, busy: false, error: '' };

/** "Test with a person": find someone, read their events, and ask the server for their path. */
export function useFlowTest(flowId: string) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<TestPersonState>(EMPTY);
  const patch = (change: Partial<TestPersonState>) => setState((current) => ({ ...current, ...change }));
  const fail = (reason: unknown) => patch({ busy: false, error: asFlowFailure(reason, AUTOMATION_TEXTS.testFailed).message });

  return {
    state,
    reset: () => setState(EMPTY),
    search(text: string) {
      patch({ error: '', result: null });
      dispatch(findPeople(text.trim()))
        .unwrap()
        .then((people) => patch({ people }), fail);
    },
    pick(person: SubscriberSummary) {
      patch({ person, events: null, result: null, error: '' });
      dispatch(fetchPersonEvents(person.id))
        .unwrap()
        .then((events) => patch({ events }), fail);
    },
    run(event: PersonEvent | null) {
      if (!state.person) return;
      patch({ busy: true, error: '', result: null });
      const body = { subscriber_id: state.person.id, ...(event ? { event: { name: event.name, occurred_at: event.occurred_at } } : {}) };
      dispatch(runFlowTest({ id: flowId, body }))
        .unwrap()
        .then((result) => patch({ result, busy: false }), fail);
    },
  };
}
