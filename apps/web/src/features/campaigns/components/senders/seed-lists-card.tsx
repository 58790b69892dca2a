import { useState } from 'react';
import { SEED_LIST_TEXTS, type SeedList, type SeedListCreate } from '@postlark/shared/seed-lists';
import type { FieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyNote } from '../../../../components/ui/page-state';
import { showToast } from '../../../../components/ui/toasts';
import { asCampaignFailure } from '../../campaigns-thunks';
import { useCampaignDispatch } from '../../hooks/use-campaign-dispatch';
import { useSeedLists } from '../../hooks/use-seed-lists';
import { createSeedList, removeSeedList } from '../../seed-lists-thunks';
import { SeedListForm } from './seed-list-form';
import { SenderCard } from './sender-card';
import { SenderRow } from './sender-row';

/** Seed lists (issue 30, point 5): named sets of the customer's own addresses a test goes to at once. */
export function SeedListsCard() {
  const dispatch = useCampaignDispatch();
  const { lists, error, reload } = useSeedLists();
  const [busy, setBusy] = useState<string | null>(null);
  const [removal, setRemoval] = useState<SeedList | null>(null);
  const [removeError, setRemoveError] = useState('');

  async function create(body: SeedListCreate): Promise<FieldErrors | undefined> {
    setBusy('create');
    try {
      void showToast('success', await dispatch(createSeedList(body)).unwrap());
      reload();
      return undefined;
    } catch (reason) {
      const failure = asCampaignFailure(reason, SEED_LIST_TEXTS.changeFailed);
      if (!failure.errors.name && !failure.errors.emails) void showToast('error', failure.message);
      return failure.errors;
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!removal) return;
    setBusy(removal.id);
    setRemoveError('');
    try {
      void showToast('success', await dispatch(removeSeedList(removal.id)).unwrap());
      setRemoval(null);
      reload();
    } catch (reason) {
      setRemoveError(asCampaignFailure(reason, SEED_LIST_TEXTS.changeFailed).message);
    }
    setBusy(null);
  }

  return (
    <SenderCard id="seed-lists-title" title={SEED_LIST_TEXTS.title} text={SEED_LIST_TEXTS.text}>
      <SeedListForm busy={busy === 'create'} onCreate={create} />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {lists && lists.length === 0 && <EmptyNote framed>{SEED_LIST_TEXTS.empty}</EmptyNote>}
      {lists && lists.length > 0 && (
        <ul className="sender-list" aria-label={SEED_LIST_TEXTS.title}>
          {lists.map((list) => (
            <SenderRow key={list.id} as="li" name={list.name} meta={list.emails.join(', ')} badge={SEED_LIST_TEXTS.count(list.emails.length)}>
              <Button variant="ghost" className="sender-row__remove" disabled={busy !== null} aria-label={`Delete ${list.name}`} onClick={() => setRemoval(list)}>
                Delete
              </Button>
            </SenderRow>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removal !== null}
        title={removal ? `Delete ${removal.name}?` : ''}
        description="Tests can no longer be sent to this list. Its addresses stay your senders."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy !== null && removal !== null}
        error={removeError}
        onConfirm={() => void remove()}
        onClose={() => {
          setRemoval(null);
          setRemoveError('');
        }}
      />
    </SenderCard>
  );
}
