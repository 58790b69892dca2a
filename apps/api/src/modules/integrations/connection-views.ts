import { type AudienceLinkView, type ConnectionView, PLATFORM_ABILITIES, type SyncRunView } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import { type ConnectionRow, linksOf, type RunRow, runsOf } from './connections.repository';

// How the Integrations tab sees a connection: its links, its last run's counts and its history.

export function runView(row: RunRow): SyncRunView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    processed: row.processed,
    total: row.total,
    added: row.added,
    updated: row.updated,
    suppressed: row.suppressed,
    errors: row.errors,
    dropped: { count: row.dropped, reasons: Object.entries(row.droppedReasons).map(([reason, count]) => ({ reason, count })) },
  };
}

export async function connectionView(deps: { db: Db }, row: ConnectionRow): Promise<ConnectionView> {
  // The people's last run (an import or a poll): a push or the history import after it would hide its counts.
  const [links, recent] = await Promise.all([linksOf(deps.db, row.id), runsOf(deps.db, row.id, 20)]);
  const lastRun = recent.find((run) => run.kind === 'import' || run.kind === 'poll') ?? recent[0];
  const linkViews: AudienceLinkView[] = links.map((link) => ({
    id: link.id,
    remote_audience_id: link.remoteAudienceId,
    remote_name: link.remoteName,
    list_id: link.listId,
    list_name: link.listName,
    last_polled_at: link.lastPolledAt?.toISOString() ?? null,
  }));
  return {
    id: row.id,
    platform: row.platform,
    account_name: row.accountName,
    status: row.status,
    health_message: row.healthMessage,
    connected_at: row.connectedAt.toISOString(),
    checked_at: row.checkedAt?.toISOString() ?? null,
    links: linkViews,
    last_run: lastRun ? runView(lastRun) : null,
    history: { imported: links.reduce((sum, link) => sum + link.historyCount, 0), offered: PLATFORM_ABILITIES[row.platform].history !== null },
  };
}
