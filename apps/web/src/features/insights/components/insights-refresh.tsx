import type { InsightsRefresh } from '@postlark/shared/insights';
import { INSIGHTS_DASHBOARD_MESSAGES } from '@postlark/shared/insights-dashboard';
import { Button } from '../../../components/ui/button';
import { isPending, refreshProgress } from '../insights-charts';
import { INSIGHTS_TEXTS } from '../insights-content';

/** "Refresh now", disabled while a refresh is under way. */
export function RefreshButton({ refresh, starting, onRefresh }: { refresh: InsightsRefresh | null; starting: boolean; onRefresh(): void }) {
  const busy = starting || isPending(refresh);
  return (
    <Button variant="secondary" onClick={onRefresh} disabled={busy} aria-describedby="insights-refresh-status">
      {busy ? INSIGHTS_TEXTS.refreshing : INSIGHTS_TEXTS.refreshNow}
    </Button>
  );
}

/** How far the refresh got (a bar and a sentence), announced as it moves; what failed, if it did. */
export function RefreshStatus({ refresh, error }: { refresh: InsightsRefresh | null; error: string }) {
  const progress = refresh ? refreshProgress(refresh) : null;
  const pending = isPending(refresh);
  return (
    <div id="insights-refresh-status" className="insights-refresh" role="status">
      {error && <p className="insights-refresh__error">{error}</p>}
      {progress && pending && (
        <div className="insights-refresh__panel">
          <p className="insights-refresh__text">
            <span className="insights-refresh__pulse" aria-hidden="true" />
            {progress.text}
          </p>
          <span className={`insights-refresh__track${progress.fraction === null ? ' insights-refresh__track--waiting' : ''}`} aria-hidden="true">
            <span className="insights-refresh__bar" style={{ width: `${Math.round((progress.fraction ?? 0.15) * 100)}%` }} />
          </span>
        </div>
      )}
      {refresh?.status === 'done' && <p className="insights-refresh__done">{INSIGHTS_DASHBOARD_MESSAGES.refreshDone}</p>}
      {refresh?.status === 'failed' && <p className="insights-refresh__error">{progress?.text}</p>}
    </div>
  );
}
