import { buttonClass } from '../../../components/ui/button';
import { apiHref } from '../../../lib/api-links';
import { type DataExportsPayload, type DataExportStatus, type DataExportSummary, EXPORT_KINDS, EXPORT_PERIODS, formatExportTime } from '@postlark/shared/data-export';
import { EmptyNote } from '../../../components/ui/page-state';

export type LoadedExports = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; payload: DataExportsPayload };

const STATUS_LABELS: Record<DataExportStatus, string> = {
  preparing: 'Preparing',
  ready: 'Ready',
  expired: 'Link expired',
  failed: 'Failed',
};

function kindsLabel(entry: DataExportSummary): string {
  const chosen = EXPORT_KINDS.filter((kind) => entry.kinds.includes(kind.id)).map((kind) => kind.label);
  return ['Account', ...chosen].join(', ');
}

function periodLabel(days: number): string {
  return EXPORT_PERIODS.find((period) => Number(period.value) === days)?.label ?? `Last ${days} days`;
}

function sizeLabel(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024)} KB`;
}

/** What became of the customer's exports, newest first, with the download while its link works. */
export function DataExportList({ loaded, onRetry }: { loaded: LoadedExports; onRetry(): void }) {
  return (
    <div className="data-export__history" aria-labelledby="export-history-title" aria-busy={loaded.state === 'loading'}>
      <h3 id="export-history-title" className="data-export__history-title">
        Your exports
      </h3>
      {loaded.state === 'failed' && (
        <div className="notice notice--error" role="alert">
          <span>{loaded.message}</span>
          <button type="button" className="notice__action" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {loaded.state === 'ready' && loaded.payload.exports.length === 0 && <EmptyNote>You have not exported your data yet.</EmptyNote>}
      {loaded.state === 'ready' && loaded.payload.exports.length > 0 && (
        <ul className="data-export__list">
          {loaded.payload.exports.map((entry) => (
            <li key={entry.id} className="data-export__item" aria-label={`Export of ${formatExportTime(new Date(entry.requested_at))}`}>
              <div className="data-export__what">
                <span className="data-export__when">{formatExportTime(new Date(entry.requested_at))}</span>
                <span className="data-export__detail">
                  {kindsLabel(entry)} · {periodLabel(entry.period_days)}
                </span>
              </div>
              <span className={`data-export__status data-export__status--${entry.status}`}>{STATUS_LABELS[entry.status]}</span>
              {entry.download_url && entry.expires_at && (
                <div className="data-export__download">
                  <a className={buttonClass('secondary')} href={apiHref(entry.download_url)} download>
                    Download Zip{entry.size_bytes !== null ? ` (${sizeLabel(entry.size_bytes)})` : ''}
                  </a>
                  <span className="data-export__expires">Link works until {formatExportTime(new Date(entry.expires_at))}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
