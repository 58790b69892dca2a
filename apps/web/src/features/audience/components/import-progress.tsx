import type { ImportProgress, RejectionReason } from '@postlark/shared/imports';
import { IMPORT_MESSAGES } from '@postlark/shared/imports';
import { apiHref } from '../../../lib/api-links';
import { formatMoment } from '../audience-content';
import { domainUncheckedNote, formatCount, IMPORT_STATUS_LABELS, REJECTION_LABELS, TOOLS_TEXTS } from '../tools-content';
import { ConsentRecord, ConsentRequest } from './import-consent';
import './import-page.css';

/** How far the file has been read, 0 to 100. */
export function importPercent(progress: ImportProgress): number {
  if (progress.status === 'done') return 100;
  if (progress.total_bytes <= 0) return 0;
  return Math.min(100, Math.floor((progress.bytes_done / progress.total_bytes) * 100));
}

function statusLine(progress: ImportProgress): string {
  if (progress.status === 'done' || progress.status === 'failed') return `Finished ${formatMoment(progress.finished_at ?? progress.created_at)}`;
  if (progress.status === 'awaiting_file') return 'This import never received its file. Start a new import to send it again.';
  if (progress.status === 'needs_consent') return TOOLS_TEXTS.consentStopped;
  return 'You can leave this page: the import goes on, and this page shows it again when you come back.';
}

const rowsLabel = (rows: number) => `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;

interface ImportStatusProps {
  progress: ImportProgress;
  /** Sends the consent confirmation an import stopped for; resolves with a message when it could not be sent. */
  onConfirmConsent(): Promise<string | null>;
}

/** A running import's bar and pace, then its report: what was added, updated, left, and rejected. */
export function ImportStatus({ progress, onConfirmConsent }: ImportStatusProps) {
  const percent = importPercent(progress);
  const pace = progress.rows_per_second === null ? '' : ` · ${formatCount(Math.round(progress.rows_per_second))} rows/s`;
  return (
    <section className="dash-card import-status" aria-labelledby="import-status-title">
      <header className="import-status__head">
        <div>
          <h2 id="import-status-title" className="import-setup__title">
            {progress.file_name}
          </h2>
          <p className="import-setup__lead">{statusLine(progress)}</p>
        </div>
        <span className={`import-status__badge import-status__badge--${progress.status}`}>{IMPORT_STATUS_LABELS[progress.status]}</span>
      </header>
      {/* Stopped before reading a row: a bar at 0 % would only say it is not moving. */}
      {progress.status !== 'needs_consent' && (
        <>
          <div
            className={`import-bar${progress.status === 'failed' ? ' import-bar--failed' : ''}`}
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="import-bar__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="import-status__pace" aria-live="polite">
            {rowsLabel(progress.rows_done)}
            {progress.status === 'running' ? pace : ''} · {percent}%
          </p>
        </>
      )}
      {progress.status === 'failed' && (
        <p className="notice notice--error" role="alert">
          {progress.error ?? IMPORT_MESSAGES.failed}
        </p>
      )}
      {progress.status === 'needs_consent' && <ConsentRequest progress={progress} onConfirm={onConfirmConsent} />}
      {progress.status === 'done' && <ImportReport progress={progress} />}
    </section>
  );
}

const REPORT: readonly { key: 'added' | 'updated' | 'unchanged' | 'rejected'; label: string }[] = [
  { key: 'added', label: 'Added' },
  { key: 'updated', label: 'Updated' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'rejected', label: 'Rejected' },
];

function ImportReport({ progress }: { progress: ImportProgress }) {
  return (
    <div className="import-report" role="region" aria-label="Import report">
      <dl className="import-report__figures">
        {REPORT.map(({ key, label }) => (
          <div key={key} className={`import-report__figure import-report__figure--${key}`}>
            <dt>{label}</dt>
            <dd>{formatCount(progress[key])}</dd>
          </div>
        ))}
      </dl>
      <RejectedByReason progress={progress} />
      {progress.rejected > 0 && progress.rejections_url && (
        <p className="import-report__rejections">
          Rows that could not be imported are listed with the reason.{' '}
          <a href={apiHref(progress.rejections_url)} download>
            Download rejected rows
          </a>
        </p>
      )}
      {progress.domain_unchecked > 0 && <p className="import-report__rejections">{domainUncheckedNote(progress.domain_unchecked)}</p>}
      <ConsentRecord progress={progress} />
    </div>
  );
}

/** The rejected rows counted by reason, the most common first. */
function RejectedByReason({ progress }: { progress: ImportProgress }) {
  const counts = (Object.entries(progress.rejected_by_reason) as [RejectionReason, number][]).filter(([reason, count]) => count > 0 && reason in REJECTION_LABELS).sort((a, b) => b[1] - a[1]);
  if (counts.length === 0) return null;
  return (
    <ul className="import-report__reasons" aria-label="Rejected rows by reason">
      {counts.map(([reason, count]) => (
        <li key={reason}>
          <span className="import-report__reason-count">{formatCount(count)}</span> {REJECTION_LABELS[reason]}
        </li>
      ))}
    </ul>
  );
}
