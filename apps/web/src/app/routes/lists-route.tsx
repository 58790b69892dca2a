import { useState } from 'react';
import { Link } from 'react-router';
import type { AudienceList, ListCreate, ListUpdate } from '@postlark/shared/audience';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { AUDIENCE_TEXTS } from '../../features/audience/audience-content';
import { addList, removeList, saveList } from '../../features/audience/audience-thunks';
import { CardLoadState, PageState } from '../../components/ui/page-state';
import { ListCards } from '../../features/audience/components/list-cards';
import { ListForm } from '../../features/audience/components/list-form';
import { useAppDispatch } from '../store-hooks';
import { useAudienceChanges } from '../use-audience-changes';
import { useAudienceLists } from '../use-audience-lists';
import { PageHeader } from '../../components/ui/page-header';
import { FromAddressField } from '../../features/campaigns/components/from-address-field';
import { useSenders } from '../../features/campaigns/hooks/use-senders';

/** Which dialog is open: the new list's form, one list's form, or one list's delete. */
type Dialog = { kind: 'new' } | { kind: 'edit'; list: AudienceList } | { kind: 'delete'; list: AudienceList } | null;

function deleteDescription(members: number): string {
  if (members === 0) return 'The list is removed. Nobody is on it, so no subscriber is affected.';
  const who = members === 1 ? 'Its 1 subscriber stays' : `Its ${members} subscribers stay`;
  return `The list and its memberships are removed. ${who} in your audience and on their other lists.`;
}

/** /dashboard/lists: the customer's lists with their members by status; new, edit and delete. */
export default function ListsRoute() {
  const dispatch = useAppDispatch();
  const { lists, error, reload } = useAudienceLists();
  const { overview: senders } = useSenders();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { save, erase, deleting, deleteError, clearDeleteError } = useAudienceChanges(() => {
    setDialog(null);
    reload();
  });

  function closeDelete() {
    setDialog(null);
    clearDeleteError();
  }

  let content;
  if (lists && lists.length > 0) {
    content = <ListCards lists={lists} onEdit={(list) => setDialog({ kind: 'edit', list })} onDelete={(list) => setDialog({ kind: 'delete', list })} />;
  } else if (lists) {
    content = (
      <div className="dash-card">
        <PageState
          icon="lists"
          title="No lists yet"
          text="Lists group your subscribers by what they signed up for: a weekly digest, product news, a course."
          action={<Button onClick={() => setDialog({ kind: 'new' })}>Create your first list</Button>}
        />
      </div>
    );
  } else {
    content = <CardLoadState error={error} failedTitle={AUDIENCE_TEXTS.listsFailed} loadingText={AUDIENCE_TEXTS.loadingLists} onRetry={reload} />;
  }

  const editing = dialog?.kind === 'edit' ? dialog.list : undefined;
  const deletingList = dialog?.kind === 'delete' ? dialog.list : null;
  const members = deletingList ? deletingList.counts.confirmed + deletingList.counts.unconfirmed : 0;

  return (
    <div className="lists-page">
      <PageHeader
        title="Lists"
        lead="Group your subscribers; each list keeps its own confirmations and unsubscribes."
        actions={
          <>
            <Link className={buttonClass('secondary')} to={ROUTES.subscribers}>
              All subscribers
            </Link>
            <Button onClick={() => setDialog({ kind: 'new' })}>New list</Button>
          </>
        }
      />
      {lists && error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {content}
      <Modal open={dialog?.kind === 'new' || dialog?.kind === 'edit'} title={editing ? 'Edit list' : 'New list'} onClose={() => setDialog(null)}>
        <ListForm
          // A fresh form for each list opened.
          key={editing?.id ?? 'new'}
          list={editing}
          onCancel={() => setDialog(null)}
          fromField={({ value, error: fromError, onChange }) => <FromAddressField value={value} senders={senders} error={fromError} readOnly={false} onChange={onChange} />}
          onSave={(body: ListCreate | ListUpdate) =>
            save(() => (editing ? dispatch(saveList({ id: editing.id, body })).unwrap() : dispatch(addList(body as ListCreate)).unwrap()))
          }
        />
      </Modal>
      <ConfirmDialog
        open={deletingList !== null}
        title={deletingList ? `Delete “${deletingList.name}”?` : ''}
        description={deleteDescription(members)}
        confirmLabel="Delete list"
        busyLabel="Deleting..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => deletingList && void erase(() => dispatch(removeList(deletingList.id)).unwrap())}
        onClose={closeDelete}
      />
    </div>
  );
}
