import { startTransition, useCallback, useEffect, useOptimistic, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ListCreate } from '@postlark/shared/audience';
import type { ImportCreate, ImportKind, ImportProgress } from '@postlark/shared/imports';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../../components/ui/button';
import { showToast } from '../../components/ui/toasts';
import { AUDIENCE_TEXTS } from '../../features/audience/audience-content';
import { addList, asAudienceFailure } from '../../features/audience/audience-thunks';
import type { CreatedList } from '../../features/audience/components/import-new-list';
import { ImportHistory } from '../../features/audience/components/import-history';
import { ImportStatus } from '../../features/audience/components/import-progress';
import { ImportSetup } from '../../features/audience/components/import-setup';
import { IMPORT_KIND_TEXTS, TOOLS_TEXTS } from '../../features/audience/tools-content';
import { confirmImportConsent, fetchImport, fetchImports, startImport } from '../../features/audience/tools-thunks';
import type { FormOutcome } from '../../lib/form-state';
import { useAppDispatch } from '../store-hooks';
import { useAudienceLists } from '../use-audience-lists';
import { PageHeader } from '../../components/ui/page-header';

// The import being followed is in the address (?import=id), so a reload keeps following it.
const IMPORT_PARAM = 'import';
// What the new import's file holds (?kind=products), so the Products page can link straight to it.
const KIND_PARAM = 'kind';
const POLL_MS = 1000;

// An import left waiting for its file (its upload failed) will not move either, nor one waiting for
// the customer's consent confirmation until they give it: no use asking again.
const settled = (progress: ImportProgress) => progress.status === 'done' || progress.status === 'failed' || progress.status === 'awaiting_file' || progress.status === 'needs_consent';

/** /dashboard/import: map a CSV file's columns, send it, follow the import, and see recent ones. */
export default function ImportRoute() {
  const dispatch = useAppDispatch();
  const { lists, reload: reloadLists } = useAudienceLists();
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM);
  // The router commits a new address in a transition; until it does, the choice just made is shown,
  // or the radio would flip back under the pointer for a moment.
  const [kind, showKind] = useOptimistic<ImportKind>(params.get(KIND_PARAM) === 'products' ? 'products' : 'subscribers');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState('');
  const [recent, setRecent] = useState<ImportProgress[] | null>(null);
  // Bumped when a confirmation sends a stopped import on, so polling starts again.
  const [followRound, setFollowRound] = useState(0);

  const loadRecent = useCallback(() => {
    dispatch(fetchImports())
      .unwrap()
      .then(setRecent, () => setRecent((current) => current ?? []));
  }, [dispatch]);

  useEffect(loadRecent, [loadRecent]);

  // Polls the followed import every second until it is done or failed.
  useEffect(() => {
    if (!importId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await dispatch(fetchImport(importId)).unwrap();
        if (!live) return;
        setProgress(next);
        setError('');
        if (settled(next)) return loadRecent();
      } catch (reason) {
        if (!live) return;
        const failure = asAudienceFailure(reason, TOOLS_TEXTS.importFailed);
        setError(failure.message);
        if (failure.status === 404) return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dispatch, importId, loadRecent, followRound]);

  async function start(body: ImportCreate, file: File): Promise<FormOutcome> {
    try {
      const { message, item } = await dispatch(startImport({ body, file })).unwrap();
      void showToast('success', message);
      setProgress(item);
      setParams({ [IMPORT_PARAM]: item.id });
      return { ok: true };
    } catch (reason) {
      const failure = asAudienceFailure(reason, TOOLS_TEXTS.importFailed);
      return { ok: false, message: failure.message, errors: failure.errors };
    }
  }

  async function createList(body: ListCreate): Promise<CreatedList> {
    try {
      const { message, item } = await dispatch(addList(body)).unwrap();
      void showToast('success', message);
      reloadLists();
      return { ok: true, list: item };
    } catch (reason) {
      const failure = asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed);
      return { ok: false, message: failure.message, errors: failure.errors };
    }
  }

  async function confirmConsent(): Promise<string | null> {
    if (!importId) return null;
    try {
      const { message, item } = await dispatch(confirmImportConsent(importId)).unwrap();
      void showToast('success', message);
      setProgress(item);
      setFollowRound((round) => round + 1);
      return null;
    } catch (reason) {
      return asAudienceFailure(reason, TOOLS_TEXTS.importFailed).message;
    }
  }

  function newImport() {
    const shownKind = progress?.kind ?? kind;
    setProgress(null);
    setError('');
    setParams(shownKind === 'subscribers' ? {} : { [KIND_PARAM]: shownKind });
  }

  const shown = progress && progress.id === importId ? progress : null;
  const texts = IMPORT_KIND_TEXTS[shown?.kind ?? kind];
  const chooseKind = (next: ImportKind) =>
    startTransition(() => {
      showKind(next);
      setParams(next === 'subscribers' ? {} : { [KIND_PARAM]: next }, { replace: true });
    });

  return (
    <div className="import-page">
      <PageHeader
        title={texts.title}
        lead={texts.lead}
        actions={
          <>
            <Link className={buttonClass('secondary')} to={(shown?.kind ?? kind) === 'products' ? ROUTES.products : ROUTES.subscribers}>
              {texts.allLink}
            </Link>
            {importId && <Button onClick={newImport}>New import</Button>}
          </>
        }
      />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {importId ? shown ? <ImportStatus progress={shown} onConfirmConsent={confirmConsent} /> : !error && <div className="dash-card import-status import-status--loading" aria-busy="true" /> : <ImportSetup kind={kind} onKindChange={chooseKind} lists={lists} onStart={start} onCreateList={createList} />}
      {recent && <ImportHistory imports={recent} onOpen={(id) => setParams({ [IMPORT_PARAM]: id })} />}
    </div>
  );
}
