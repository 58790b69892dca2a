import { useState } from 'react';
import { showToast } from '../components/ui/toasts';

/**
 * A delete asked about first (ConfirmDialog): what is to be removed, the call's progress, and why
 * it failed (shown in the dialog, which stays open). Success is a toast, then `done`.
 */
export function useRemoval<Item>(remove: (item: Item) => Promise<string>, failureOf: (reason: unknown) => string, done: () => void) {
  const [item, setItem] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function confirm(target: Item) {
    setBusy(true);
    setError('');
    try {
      void showToast('success', await remove(target));
      setItem(null);
      done();
    } catch (reason) {
      setError(failureOf(reason));
    }
    setBusy(false);
  }

  return {
    item,
    busy,
    error,
    ask: setItem,
    confirm: () => item !== null && void confirm(item),
    close: () => {
      setItem(null);
      setError('');
    },
  };
}
