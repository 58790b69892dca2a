import { SYNC_DROP_REASONS, type SyncRunView } from '@postlark/shared/integrations';

/** A connection's last sync: its progress bar while it runs, its counts, the platform's first errors, and what the subscriber rules left out. */
export function SyncRunSummary({ name, run, active }: { name: string; run: SyncRunView; active: boolean }) {
  const percent = run.total ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0;
  return (
    <div className="profile-integration__run">
      {active && (
        <div className="profile-integration__bar" role="progressbar" aria-label={`${name} sync progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className="profile-integration__bar-fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="profile-integration__meta" aria-live="polite">
        Last sync ({run.kind}, {run.status}): {run.processed}
        {run.total !== null ? ` of ${run.total}` : ''} read, {run.added} added, {run.updated} updated, {run.suppressed} suppressed
        {run.errors.length > 0 ? `, ${run.errors.length} errors` : ''}.
      </p>
      {run.errors.length > 0 && (
        <ul className="profile-integration__errors">
          {run.errors.slice(0, 5).map((each, index) => (
            <li key={index}>{each.email ? `${each.email}: ${each.message}` : each.message}</li>
          ))}
        </ul>
      )}
      {run.dropped.count > 0 && (
        <>
          <p className="profile-integration__meta">{SYNC_DROP_REASONS.summary(run.dropped.count)}</p>
          <ul className="profile-integration__errors" aria-label={`Left out of the last ${name} sync`}>
            {run.dropped.reasons.map((each) => (
              <li key={each.reason}>
                {each.count} × {each.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
