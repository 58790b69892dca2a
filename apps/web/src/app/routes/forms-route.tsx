import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FormCreate, FormUpdate, SignupForm } from '@postlark/shared/forms';
import { ROUTES } from '@postlark/shared/routes';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { showToast } from '../../components/ui/toasts';
import { asAudienceFailure } from '../../features/audience/audience-thunks';
import { CardLoadState, PageState } from '../../components/ui/page-state';
import { SignupFormCards } from '../../features/audience/components/signup-form-cards';
import { SignupFormEditor } from '../../features/audience/components/signup-form-editor';
import { TOOLS_TEXTS } from '../../features/audience/tools-content';
import { addForm, fetchForms, removeForm, saveForm } from '../../features/audience/tools-thunks';
import { useAppDispatch } from '../store-hooks';
import { useAudienceChanges } from '../use-audience-changes';
import { useAudienceLists } from '../use-audience-lists';
import { PageHeader } from '../../components/ui/page-header';

type Dialog = { kind: 'new' } | { kind: 'edit'; form: SignupForm } | { kind: 'delete'; form: SignupForm } | null;

/** /dashboard/forms: sign-up forms, each with a hosted page and a snippet for the customer's own site. */
export default function FormsRoute() {
  const dispatch = useAppDispatch();
  const { lists } = useAudienceLists();
  const [forms, setForms] = useState<SignupForm[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchForms())
      .unwrap()
      .then(
        (found) => {
          if (!live) return;
          setForms(found);
          setError('');
        },
        (reason: unknown) => live && setError(asAudienceFailure(reason, TOOLS_TEXTS.formsFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  const { save, erase, deleting: busy, deleteError, clearDeleteError } = useAudienceChanges(() => {
    setDialog(null);
    reload();
  });

  async function copy(form: SignupForm) {
    try {
      await navigator.clipboard.writeText(form.embed_html);
      void showToast('success', TOOLS_TEXTS.copied);
    } catch {
      void showToast('error', TOOLS_TEXTS.copyFailed);
    }
  }

  const noLists = lists !== null && lists.length === 0;
  let content;
  if (forms && forms.length > 0) {
    content = <SignupFormCards forms={forms} onCopy={(form) => void copy(form)} onEdit={(form) => setDialog({ kind: 'edit', form })} onDelete={(form) => setDialog({ kind: 'delete', form })} />;
  } else if (forms) {
    content = (
      <div className="dash-card">
        <PageState
          icon="people"
          title="No forms yet"
          text={
            noLists ? (
              <>
                A form adds people to one of your lists. <Link to={ROUTES.lists}>Create a list first</Link>.
              </>
            ) : (
              'A form gives you a page to share and a snippet for your own site; everyone who signs up joins the list you choose.'
            )
          }
          action={noLists ? undefined : <Button onClick={() => setDialog({ kind: 'new' })}>Create your first form</Button>}
        />
      </div>
    );
  } else {
    content = <CardLoadState error={error} failedTitle={TOOLS_TEXTS.formsFailed} loadingText={TOOLS_TEXTS.loadingForms} onRetry={reload} />;
  }

  const editing = dialog?.kind === 'edit' ? dialog.form : undefined;
  const deleting = dialog?.kind === 'delete' ? dialog.form : null;

  return (
    <div className="forms-page">
      <PageHeader
        title="Forms"
        lead="Sign-up forms to share as a page or embed on your site. Each one adds people to a list."
        actions={
          <Button onClick={() => setDialog({ kind: 'new' })} disabled={noLists}>
            New form
          </Button>
        }
      />
      {forms && error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {content}
      <Modal open={dialog?.kind === 'new' || dialog?.kind === 'edit'} title={editing ? 'Edit form' : 'New form'} onClose={() => setDialog(null)}>
        <SignupFormEditor
          key={editing?.id ?? 'new'}
          form={editing}
          lists={lists ?? []}
          onCancel={() => setDialog(null)}
          onSave={(body: FormCreate | FormUpdate) =>
            save(() => (editing ? dispatch(saveForm({ id: editing.id, body })).unwrap() : dispatch(addForm(body as FormCreate)).unwrap()))
          }
        />
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}”?` : ''}
        description="The form and its hosted page stop working. People who signed up through it stay on its list."
        confirmLabel="Delete form"
        busyLabel="Deleting..."
        busy={busy}
        error={deleteError}
        onConfirm={() => deleting && void erase(() => dispatch(removeForm(deleting.id)).unwrap())}
        onClose={() => {
          setDialog(null);
          clearDeleteError();
        }}
      />
    </div>
  );
}
