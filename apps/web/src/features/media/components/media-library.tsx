import { useCallback, useEffect, useState } from 'react';
import { MEDIA_LIMITS, MEDIA_SORTS, type MediaAsset, type MediaSort } from '@postlark/shared/media';
import { Button } from '../../../components/ui/button';
import { EmptyNote, PageLoading, PageLoadFailed } from '../../../components/ui/page-state';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { payloadMessage } from '../../../lib/api-client';
import { getMediaPage, type MediaPage } from '../media-api';
import { formatBytes, MEDIA_TEXTS } from '../media-content';
import { useMediaUploads } from '../use-media-uploads';
import { DeleteImageDialog } from './delete-image-dialog';
import { MediaCard } from './media-card';
import { UploadZone } from './upload-zone';
import './media.css';

interface MediaLibraryProps {
  /** In the editor's picker: each image offers Insert, and the library edits nothing else. */
  onPick?(asset: MediaAsset): void;
}

/** The account's images: upload (drop or choose), search, sort, page, alt text, copy and delete; or, in the picker, choose one. */
export function MediaLibrary({ onPick }: MediaLibraryProps) {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<MediaSort>('newest');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; page: MediaPage | null; error: string | null } | null>(null);
  const [deleting, setDeleting] = useState<MediaAsset | null>(null);
  const { uploads, start, dismiss } = useMediaUploads();
  const key = `${q}#${sort}#${page}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    // A search waits for a pause in typing, so each key is not a request.
    const timer = window.setTimeout(() => {
      getMediaPage({ q, sort, page }, controller.signal).then(
        (answered) => setAnswer({ key, page: answered.ok && answered.body ? answered.body.payload : null, error: answered.ok ? null : (payloadMessage(answered.body) ?? MEDIA_TEXTS.loadFailed) }),
        () => !controller.signal.aborted && setAnswer({ key, page: null, error: MEDIA_TEXTS.loadFailed }),
      );
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, sort, page, key]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  async function uploadFiles(files: File[]) {
    const stored = await start(files);
    if (stored.length > 0) {
      setPage(1);
      reload();
    }
  }

  const shown = answer?.page ?? null;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / MEDIA_LIMITS.pageSize)) : 1;
  const loading = answer?.key !== key;

  return (
    <div className="media-library">
      {/* The picker has an Upload tab of its own, which asks the alt text first. */}
      {!onPick && <UploadZone uploads={uploads} onFiles={(files) => void uploadFiles(files)} onDismiss={dismiss} />}
      <div className="media-library__toolbar">
        <TextField
          label={MEDIA_TEXTS.search}
          type="search"
          value={q}
          maxLength={MEDIA_LIMITS.searchChars}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label={MEDIA_TEXTS.sort}
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as MediaSort);
            setPage(1);
          }}
        >
          {MEDIA_SORTS.map((option) => (
            <option key={option} value={option}>
              {MEDIA_TEXTS.sorts[option]}
            </option>
          ))}
        </SelectField>
        {shown && (
          <div className="media-library__storage">
            <span>{MEDIA_TEXTS.storage(formatBytes(shown.storage.used_bytes), formatBytes(shown.storage.limit_bytes))}</span>
            <meter min={0} max={shown.storage.limit_bytes} value={shown.storage.used_bytes} aria-label="Storage used" />
          </div>
        )}
      </div>
      {!answer && <PageLoading text={MEDIA_TEXTS.loading} />}
      {answer?.error && <PageLoadFailed title={MEDIA_TEXTS.loadFailed} message={answer.error} onRetry={reload} />}
      {shown && shown.media.length === 0 && <EmptyNote framed>{q.trim() ? MEDIA_TEXTS.noMatch : `${MEDIA_TEXTS.empty}. ${MEDIA_TEXTS.emptyText}`}</EmptyNote>}
      {shown && shown.media.length > 0 && (
        <ul className={`media-grid${loading ? ' media-grid--loading' : ''}`} aria-label="Images" aria-busy={loading}>
          {shown.media.map((asset) => (
            <MediaCard key={asset.id} asset={asset} onPick={onPick} onDelete={setDeleting} onSaved={reload} />
          ))}
        </ul>
      )}
      {shown && pages > 1 && (
        <nav className="media-library__pager" aria-label="Pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {MEDIA_TEXTS.previous}
          </Button>
          <span>{MEDIA_TEXTS.pageOf(page, pages)}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {MEDIA_TEXTS.next}
          </Button>
        </nav>
      )}
      <DeleteImageDialog
        asset={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          reload();
        }}
      />
    </div>
  );
}
