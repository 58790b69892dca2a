import { useCallback, useEffect, useState } from 'react';
import type { Segment, SegmentCreate, SegmentDefinition } from '@postlark/shared/segments';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { AUDIENCE_TEXTS } from '../../features/audience/audience-content';
import { CardLoadState, PageState } from '../../components/ui/page-state';
import { SegmentBuilder } from '../../features/audience/components/segment-builder';
import { SegmentCards } from '../../features/audience/components/segment-cards';
import { TOOLS_TEXTS } from '../../features/audience/tools-content';
import { asAudienceFailure, fetchSegments } from '../../features/audience/audience-thunks';
import { addSegment, previewSegment, removeSegment, saveSegment } from '../../features/audience/tools-thunks';
import { fetchReports } from '../../features/reports/reports-thunks';
import { useAppDispatch } from '../store-hooks';
import { useAudienceChanges } from '../use-audience-changes';
import { useAudienceLists } from '../use-audience-lists';
import { useAttributeKeys } from '../use-attribute-keys';
import { PageHeader } from '../../components/ui/page-header';

/** The builder open on a new segment or a saved one. */
type Editing = { kind: 'new' } | { kind: 'edit'; segment: Segment } | null;

/** /dashboard/segments: saved filters over the audience, each with who matches now; build, edit, delete. */
export default function SegmentsRoute() {
  const dispatch = useAppDispatch();
  const { lists } = useAudienceLists();
  const [segments, setSegments] = useState<Segment[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  // The campaigns that went out, for "campaign activity" conditions; none if they cannot be read.
  const [campaigns, setCampaigns] = useState<{ id: string; name: string }[]>([]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const editedSegment = editing?.kind === 'edit' ? editing.segment : undefined;
  // A fresh builder for each segment opened, and its attribute keys read once for it.
  const builderKey = editedSegment?.id ?? 'new';
  const attributeKeys = useAttributeKeys(editing ? builderKey : null);

  useEffect(() => {
    let live = true;
    dispatch(fetchSegments())
      .unwrap()
      .then(
        (found) => {
          if (!live) return;
          setSegments(found);
          setError('');
        },
        (reason: unknown) => live && setError(asAudienceFailure(reason, AUDIENCE_TEXTS.segmentsFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  useEffect(() => {
    let live = true;
    dispatch(fetchReports())
      .unwrap()
      .then(
        (reports) => live && setCampaigns(reports.map((report) => ({ id: report.campaign.id, name: report.campaign.name }))),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [dispatch]);

  const preview = useCallback(
    async (definition: SegmentDefinition) => {
      try {
        return await dispatch(previewSegment(definition)).unwrap();
      } catch (reason) {
        throw new Error(asAudienceFailure(reason, TOOLS_TEXTS.previewFailed).message, { cause: reason });
      }
    },
    [dispatch],
  );

  const { save, erase, deleting: busy, deleteError, clearDeleteError } = useAudienceChanges(() => {
    setEditing(null);
    setDeleting(null);
    reload();
  });

  let content;
  if (segments && segments.length > 0) {
    content = <SegmentCards segments={segments} lists={lists ?? []} onEdit={(segment) => setEditing({ kind: 'edit', segment })} onDelete={setDeleting} />;
  } else if (segments) {
    content = editing ? null : (
      <div className="dash-card">
        <PageState
          icon="search"
          title="No segments yet"
          text="A segment picks subscribers by what you know about them: where they signed up, when, what they told you. It stays up to date by itself."
          action={<Button onClick={() => setEditing({ kind: 'new' })}>Build your first segment</Button>}
        />
      </div>
    );
  } else {
    content = <CardLoadState error={error} failedTitle={AUDIENCE_TEXTS.segmentsFailed} loadingText={TOOLS_TEXTS.loadingSegments} onRetry={reload} />;
  }

  return (
    <div className="segments-page">
      <PageHeader
        title="Segments"
        lead="Saved filters over your audience, always up to date: send to them, or look at who is in them."
        actions={
          <Button onClick={() => setEditing({ kind: 'new' })} disabled={editing !== null}>
            New segment
          </Button>
        }
      />
      {segments && error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {editing && (
        <SegmentBuilder
          key={builderKey}
          segment={editedSegment}
          lists={lists ?? []}
          campaigns={campaigns}
          attributeKeys={attributeKeys}
          preview={preview}
          onSave={(body: SegmentCreate) =>
            save(() => (editedSegment ? dispatch(saveSegment({ id: editedSegment.id, body })).unwrap() : dispatch(addSegment(body)).unwrap()))
          }
          onCancel={() => setEditing(null)}
        />
      )}
      {content}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}”?` : ''}
        description="The segment is removed. Its subscribers stay in your audience and on their lists."
        confirmLabel="Delete segment"
        busyLabel="Deleting..."
        busy={busy}
        error={deleteError}
        onConfirm={() => deleting && void erase(() => dispatch(removeSegment(deleting.id)).unwrap())}
        onClose={() => {
          setDeleting(null);
          clearDeleteError();
        }}
      />
    </div>
  );
}
