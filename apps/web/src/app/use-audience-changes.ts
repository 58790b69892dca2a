import { useState } from 'react';
import { showToast } from '../components/ui/toasts';
import { AUDIENCE_TEXTS } from '../features/audience/audience-content';
import { asAudienceFailure } from '../features/audience/audience-thunks';
import type { FormOutcome } from '../lib/form-state';

/**
 * Saving and deleting on an audience page (lists, segments, forms): on success the server's
 * message as a toast, then `done` (close the dialog, read the page again); a failure stays in the
 * form that was saved, or in the delete dialog.
 */
export function useAudienceChanges(done: () => void) {
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  async function save(run: () => Promise<{ message: string }>): Promise<FormOutcome> {
    try {
      const { message } = await run();
      void showToast('success', message);
      done();
      return { ok: true };
    } catch (reason) {
      const failure = asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed);
      return { ok: false, message: failure.message, errors: failure.errors };
    }
  }

  async function erase(run: () => Promise<string>) {
    setDeleting(true);
    setDeleteError('');
    try {
      void showToast('success', await run());
      done();
    } catch (reason) {
      setDeleteError(asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed).message);
    }
    setDeleting(false);
  }

  return { save, erase, deleting, deleteError, clearDeleteError: () => setDeleteError('') };
}
