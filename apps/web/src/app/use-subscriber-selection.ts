import { useCallback, useState } from 'react';
import { AUDIENCE_LIMITS, type BulkAction, type BulkActionRequest } from '@postlark/shared/audience';
import { showToast } from '../components/ui/toasts';
import { AUDIENCE_TEXTS } from '../features/audience/audience-content';
import { applyBulkAction, asAudienceFailure } from '../features/audience/audience-thunks';
import { apiFilter, apiQuery, type SubscriberFilters } from '../features/audience/subscriber-query';
import { useAppDispatch } from './store-hooks';

interface Selection {
  /** The filters the selection was made under: other filters start with none chosen. */
  filtersKey: string;
  ids: ReadonlySet<string>;
  /** Every subscriber the filters match, on any page, rather than `ids`. */
  allMatching: boolean;
}

/** An action waiting for its confirmation (Unsubscribe, Delete), with how many it would change. */
export interface PendingAction {
  action: BulkAction;
  count: number;
  error?: string;
}

const EMPTY: ReadonlySet<string> = new Set();
// Asked about first: they cannot be undone from here.
const CONFIRMED: readonly BulkAction[] = ['unsubscribe', 'delete'];

/**
 * The subscribers table's chosen rows and the bulk actions on them. The choice survives paging
 * (up to the API's limit), and is dropped when the filters change or an action is done.
 */
export function useSubscriberSelection(filters: SubscriberFilters, total: number | null, onDone: () => void) {
  const dispatch = useAppDispatch();
  const filtersKey = apiQuery(filters, null);
  const [selection, setSelection] = useState<Selection>({ filtersKey, ids: EMPTY, allMatching: false });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  let current = selection;
  if (selection.filtersKey !== filtersKey) {
    current = { filtersKey, ids: EMPTY, allMatching: false };
    setSelection(current);
  }
  const count = current.allMatching ? (total ?? 0) : current.ids.size;

  const select = useCallback(
    (ids: readonly string[], chosen: boolean) =>
      setSelection((before) => {
        // Leaving "all matching" by unticking a row keeps the rest of what is shown chosen.
        const next = new Set(before.allMatching ? [] : before.ids);
        for (const id of ids) {
          if (chosen) {
            if (next.size < AUDIENCE_LIMITS.bulkSelection) next.add(id);
          } else next.delete(id);
        }
        return { ...before, ids: next, allMatching: false };
      }),
    [],
  );

  const clear = useCallback(() => setSelection((before) => ({ ...before, ids: EMPTY, allMatching: false })), []);

  async function run(action: BulkAction, listId?: string) {
    const target = current.allMatching ? { filter: apiFilter(filters) } : { ids: [...current.ids] };
    const body: BulkActionRequest = { action, ...(listId ? { list_id: listId } : {}), ...target };
    setBusy(true);
    try {
      const message = await dispatch(applyBulkAction(body)).unwrap();
      void showToast('success', message);
      setPending(null);
      clear();
      onDone();
    } catch (reason) {
      const { message } = asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed);
      // In the dialog when one is open (it stays open), else as a toast.
      if (CONFIRMED.includes(action)) setPending({ action, count, error: message });
      else void showToast('error', message);
    } finally {
      setBusy(false);
    }
  }

  return {
    count,
    allMatching: current.allMatching,
    busy,
    pending,
    isSelected: (id: string) => current.allMatching || current.ids.has(id),
    select,
    clear,
    selectAllMatching: () => setSelection((before) => ({ ...before, allMatching: true })),
    /** Lists act at once; Unsubscribe and Delete wait for `confirm`. */
    act: (action: BulkAction, listId?: string) => (CONFIRMED.includes(action) ? setPending({ action, count }) : void run(action, listId)),
    confirm: () => {
      if (pending) void run(pending.action);
    },
    cancel: () => setPending(null),
  };
}
