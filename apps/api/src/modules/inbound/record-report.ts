import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import type { BounceSource } from '../../db/schema/campaigns';
import { recordBounce, type SoftBounceRule } from '../campaigns/bounces.repository';
import type { ReportOutcome } from './report-outcome';

// The one place a receiver's word about a delivery is written (ARCHITECTURE: the inbound receiver
// and the relays' webhooks both hand their classified reports here). In one transaction: the
// report is kept (delivery_reports, unique by its key, so a report received twice counts once),
// and what it says is done to the reader of the delivery it names:
//   dead       a hard bounce: suppressed at once;
//   soft       a soft bounce: counted (SoftBounceRule);
//   complaint  unsubscribed as `complained`, for this customer only (the delivery's subscriber);
//   sender     nothing to the reader: it counts toward the account's health (modules/deliverability);
//   none       nothing (an auto-reply; a delivered report resets the soft count).
// A report that names no delivery of ours changes no one: a relay's webhook could otherwise
// suppress an address for every customer who has it on a forged or mistaken Message-ID.

export type ReportSource = Exclude<BounceSource, 'smtp' | 'webhook'>;

/**
 * Which delivery a report is about: a ledger row (a VERP address names it), or a Message-ID with
 * the recipient it went to (what a relay gives). `email` null only for a Message-ID read from a
 * correlation header whose MAC was checked (delivery-headers.ts): no one can make one up.
 */
export type DeliveryRef = { ledgerId: number } | { messageId: string; email: string | null } | null;

export interface ReceivedReport {
  /** Unique per report and recipient at its source (e.g. `inbound:<sha256>:<recipient>`, `sendgrid:<sg_event_id>`). */
  key: string;
  source: ReportSource;
  outcome: ReportOutcome;
  /** A short word for why (unknown-user, mailbox-full, policy, complaint, delivered…). */
  reason: string;
  /** The recipient the report names, lower case ('' when it names none). */
  email: string;
  delivery: DeliveryRef;
  /** The enhanced status code (5.1.1), when the report gives one. */
  status: string | null;
  /** The receiver's own words (an SMTP reply, a diagnostic). */
  diagnostic: string;
  subject: string;
  /** The report as received; cut to REPORT_KEEP_CHARS. */
  report: string;
  at: Date;
}

export type RecordedAs = 'recorded' | 'duplicate' | 'unmatched';

/** What is kept of a report: enough for its headers and status part, not a returned newsletter. */
export const REPORT_KEEP_CHARS = 16_000;
const DIAGNOSTIC_CHARS = 1_000;

interface Delivery {
  customerId: string;
  campaignId: string;
  /** Null when the reader was erased (the ledger row outlives them). */
  subscriberId: string | null;
}

async function deliveryOf(db: Db, ref: DeliveryRef): Promise<Delivery | undefined> {
  if (!ref) return undefined;
  const where =
    'ledgerId' in ref
      ? sql`m.id = ${ref.ledgerId}::bigint`
      : sql`m.message_id = ${ref.messageId.trim().startsWith('<') ? ref.messageId.trim() : `<${ref.messageId.trim()}>`} and (${ref.email}::text is null or m.email = ${ref.email})`;
  return rowsOf<Delivery>(
    await db.execute(sql`select c.customer_id as "customerId", m.campaign_id as "campaignId", s.id as "subscriberId"
      from campaign_messages m join campaigns c on c.id = m.campaign_id left join subscribers s on s.id = m.subscriber_id
      where ${where} limit 1`),
  )[0];
}

const BOUNCE_KIND: Partial<Record<ReportOutcome, 'hard' | 'soft' | 'complaint'>> = { dead: 'hard', soft: 'soft', complaint: 'complaint' };

/** Keeps a report and does what it says to the reader of its delivery, exactly once. */
export async function recordReport(db: Db, report: ReceivedReport, rule: SoftBounceRule): Promise<RecordedAs> {
  return db.transaction(async (tx) => {
    // The subscriber may be gone (erased) while the ledger row stays: the report is kept unattached.
    const delivery = await deliveryOf(tx, report.delivery);
    const subscriberId = delivery?.subscriberId ?? null;
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into delivery_reports (key, customer_id, campaign_id, subscriber_id, source, outcome, reason, status, diagnostic, email, subject, report, received_at)
        values (${report.key.slice(0, 300)}, ${delivery?.customerId ?? null}::uuid, ${delivery?.campaignId ?? null}::uuid, ${subscriberId}::uuid,
          ${report.source}, ${report.outcome}, ${report.reason.slice(0, 60)}, ${report.status?.slice(0, 20) ?? null}, ${report.diagnostic.slice(0, DIAGNOSTIC_CHARS)},
          ${report.email.slice(0, 320)}, ${report.subject.slice(0, 200)}, ${report.report.slice(0, REPORT_KEEP_CHARS)}, ${report.at.toISOString()}::timestamptz)
        on conflict (key) do nothing returning id`),
    );
    const reportId = inserted[0]?.id;
    if (reportId === undefined) return 'duplicate';
    if (!delivery || !subscriberId) return 'unmatched';
    const kind = BOUNCE_KIND[report.outcome];
    if (kind) {
      await recordBounce(
        tx,
        { subscriberId, campaignId: delivery.campaignId, kind, source: report.source, detail: report.diagnostic, status: report.status, reportId: Number(reportId), at: report.at },
        rule,
      );
    }
    return 'recorded';
  });
}

/** How long a report is kept: long enough for the timeline, the campaign report and the soft-bounce window. */
export const REPORT_KEEP_DAYS = 30;

/** Drops reports received before `before` (housekeeping); the bounces they made stay, with their status and words. */
export async function dropReportsBefore(db: Db, before: Date): Promise<number> {
  return changedRows(await db.execute(sql`delete from delivery_reports where received_at < ${before.toISOString()}::timestamptz`));
}
