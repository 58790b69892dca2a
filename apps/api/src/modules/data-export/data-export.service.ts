import { API_PREFIX } from '@postlark/shared/routes';
import { allCampaigns } from '../campaigns/campaigns.service';
import { allReports } from '../reports/reports.service';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_RULES,
  type DataExportRequest,
  type DataExportsPayload,
  type DataExportStatus,
  type DataExportSummary,
  EXPORT_KIND_IDS,
  type ExportKind,
} from '@postlark/shared/data-export';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import type { MailService } from '../../mail/mail-service';
import { notify } from '../notifications/notify';
import {
  deleteExport,
  dropExpiredArchives,
  type ExportRecord,
  findExport,
  insertExport,
  latestCountingExport,
  listExports,
  lockCustomer,
  markMailQueued,
  notificationsSince,
  readAccount,
  readArchive,
  storeArchive,
} from './data-export.repository';
import { subscriberCsv } from '../audience/subscriber-export.service';
import { zipExport } from './export-archive';
import { exportFiles } from './export-files';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface DataExportDeps {
  db: Db;
  now: () => Date;
}

/** The API path that downloads an export; the notification links here, the email to APP_URL + this. */
export function downloadPath(customerId: string, exportId: string): string {
  return `${API_PREFIX}/home/v1/user/${customerId}/exports/${exportId}/download`;
}

function statusOf(record: ExportRecord, now: Date): DataExportStatus {
  if (record.readyAt) return record.expiresAt && record.expiresAt > now ? 'ready' : 'expired';
  return now.getTime() - record.requestedAt.getTime() > DATA_EXPORT_RULES.buildHours * HOUR_MS ? 'failed' : 'preparing';
}

function summarise(record: ExportRecord, now: Date): DataExportSummary {
  const status = statusOf(record, now);
  return {
    id: record.id,
    status,
    kinds: EXPORT_KIND_IDS.filter((kind) => record.kinds.includes(kind)),
    period_days: record.periodDays,
    requested_at: record.requestedAt.toISOString(),
    ready_at: record.readyAt?.toISOString() ?? null,
    expires_at: record.expiresAt?.toISOString() ?? null,
    size_bytes: record.sizeBytes,
    download_url: status === 'ready' ? downloadPath(record.customerId, record.id) : null,
  };
}

/** When the customer may export again, or null if they may now. */
async function nextAllowedAt(db: Db, customerId: string, now: Date): Promise<Date | null> {
  const counting = await latestCountingExport(
    db,
    customerId,
    new Date(now.getTime() - DATA_EXPORT_RULES.intervalDays * DAY_MS),
    new Date(now.getTime() - DATA_EXPORT_RULES.buildHours * HOUR_MS),
  );
  return counting ? new Date(counting.requestedAt.getTime() + DATA_EXPORT_RULES.intervalDays * DAY_MS) : null;
}

/**
 * Records an export request and queues its build; a second within 30 days is refused with the
 * date of the next. The check and the insert run under a lock on the customer, so two requests
 * at once cannot both pass; the build is queued after the commit (see MailService.enqueue).
 */
export async function requestExport(
  deps: DataExportDeps & { startBuild(exportId: string): Promise<void> },
  customerId: string,
  request: DataExportRequest,
): Promise<DataExportSummary> {
  const now = deps.now();
  const kinds = EXPORT_KIND_IDS.filter((kind: ExportKind) => request[kind]);
  const record = await deps.db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, customerId))) throw new HttpError(404, DATA_EXPORT_MESSAGES.notFound);
    const next = await nextAllowedAt(tx, customerId, now);
    if (next) {
      const retryAfter = Math.ceil((next.getTime() - now.getTime()) / 1000);
      throw new HttpError(429, DATA_EXPORT_MESSAGES.tooSoon(next), undefined, { 'retry-after': String(retryAfter) });
    }
    return insertExport(tx, { customerId, kinds, periodDays: Number(request.period), requestedAt: now });
  });
  try {
    await deps.startBuild(record.id);
  } catch (error) {
    // Unqueued, it would never be built yet would block the customer for a month.
    await deleteExport(deps.db, record.id);
    throw error;
  }
  return summarise(record, now);
}

export async function listCustomerExports(deps: DataExportDeps, customerId: string): Promise<DataExportsPayload> {
  const now = deps.now();
  const [records, next] = await Promise.all([listExports(deps.db, customerId), nextAllowedAt(deps.db, customerId, now)]);
  return { exports: records.map((record) => summarise(record, now)), next_allowed_at: next?.toISOString() ?? null };
}

/** The ZIP to download: only the customer's own, only while its link works. */
export async function exportArchive(deps: DataExportDeps, customerId: string, exportId: string): Promise<{ archive: Buffer; fileName: string }> {
  const record = isUuid(exportId) ? await findExport(deps.db, exportId) : undefined;
  if (!record || record.customerId !== customerId) throw new HttpError(404, DATA_EXPORT_MESSAGES.notFound);
  const status = statusOf(record, deps.now());
  if (status === 'expired') throw new HttpError(410, DATA_EXPORT_MESSAGES.linkExpired);
  const archive = status === 'ready' ? await readArchive(deps.db, customerId, exportId) : undefined;
  if (!archive) throw new HttpError(409, DATA_EXPORT_MESSAGES.notReady);
  return { archive, fileName: `postlark-export-${record.requestedAt.toISOString().slice(0, 10)}.zip` };
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** Housekeeping: drops the Zips whose links have expired (they can no longer be downloaded). */
export async function purgeExpiredArchives(deps: DataExportDeps): Promise<number> {
  return dropExpiredArchives(deps.db, deps.now());
}

/** The campaigns written in the period (emails.csv) and those sent in it with their figures (reports.csv). */
async function campaignRows(deps: DataExportDeps, customerId: string, kinds: readonly string[], since: Date) {
  const emailRows = kinds.includes('emails')
    ? (await allCampaigns(deps, customerId))
        .filter((campaign) => new Date(campaign.created_at) >= since)
        .map((campaign) => [
          campaign.id,
          campaign.subject,
          campaign.from_name,
          campaign.from_email,
          campaign.status,
          campaign.created_at,
          campaign.started_at,
          campaign.messages ? Object.values(campaign.messages).reduce((sum, count) => sum + count, 0) : 0,
        ])
    : [];
  const reportRows = kinds.includes('reports')
    ? (await allReports(deps, customerId))
        .filter((report) => report.campaign.started_at && new Date(report.campaign.started_at) >= since)
        .map(({ campaign, totals }) => [
          campaign.id,
          campaign.subject,
          campaign.started_at,
          totals.recipients,
          totals.sent,
          totals.unique_opens,
          totals.unique_clicks,
          totals.bounces,
          totals.unsubscribes,
          totals.complaints,
        ])
    : [];
  return { emailRows, reportRows };
}

/**
 * The background build: reads the account's data, zips the CSV files, stores the archive, tells
 * the customer in the panel and by email. Safe to run again after a failure part-way: a stored
 * archive is not rebuilt, a queued email not queued twice.
 */
export async function buildExport(deps: DataExportDeps & { mail: MailService; appUrl: string }, exportId: string): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  let record = await findExport(db, exportId);
  if (!record) return; // the customer closed their account meanwhile
  const account = await readAccount(db, record.customerId);
  if (!account) return;
  const link = downloadPath(record.customerId, record.id);

  if (!record.readyAt) {
    const since = new Date(record.requestedAt.getTime() - record.periodDays * DAY_MS);
    const notifications = await notificationsSince(db, record.customerId, since);
    const audiencesCsv = record.kinds.includes('audiences') ? await collect(subscriberCsv(deps, record.customerId, { q: '', joinedSince: since })) : '';
    const { emailRows, reportRows } = await campaignRows(deps, record.customerId, record.kinds, since);
    const archive = zipExport(exportFiles({ account, notifications, audiencesCsv, emailRows, reportRows, kinds: record.kinds }), now);
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_RULES.linkHours * HOUR_MS);
    const exportRecord = record;
    await db.transaction(async (tx) => {
      await storeArchive(tx, exportRecord.id, archive, now, expiresAt);
      await notify(tx, exportRecord.customerId, 'export-ready', now, link);
    });
    record = { ...record, readyAt: now, expiresAt };
  }

  if (!record.mailQueuedAt && record.expiresAt) {
    await deps.mail.enqueue({
      template: 'data-export-ready',
      to: account.email,
      firstName: account.firstName,
      link: `${deps.appUrl}${link}`,
      expiresAt: record.expiresAt.toISOString(),
    });
    await markMailQueued(db, record.id, now);
  }
}
