import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { SoftBounceRule } from '../campaigns/bounces.repository';
import type { DeliveryHeaders } from '../campaigns/delivery-headers';
import { unsubscribeSubscriber } from '../preferences/preferences.service';
import { type DeliveryRef, type RecordedAs, recordReport } from './record-report';
import { type ReadReport, type ReportRecipient, readReport } from './report-reader';
import type { IssuedAddress } from './return-paths';

// What the inbound receiver does with one message, for each address of ours it was sent to
// (return-paths.ts): a report to a delivery's return path is read (report-reader.ts) and recorded
// for that delivery; a mail to a delivery's unsubscribe address unsubscribes its reader, whatever
// it says; a complaint sent to abuse@ is matched through the original message it quotes.

export interface InboundDeps {
  db: Db;
  now: () => Date;
  softBounces: SoftBounceRule;
  /** Reads the correlation header of a quoted original (a complaint to abuse@ names no delivery otherwise). */
  delivery: DeliveryHeaders;
}

export type InboundOutcome = RecordedAs | 'unsubscribed';

/** The recipient a report is about: the one the delivery went to, else its most serious one. */
function recipientFor(report: ReadReport, email: string | null): ReportRecipient | undefined {
  const named = email ? report.recipients.find((recipient) => recipient.email === email) : undefined;
  return named ?? report.recipients.find((recipient) => recipient.outcome === report.outcome) ?? report.recipients[0];
}

async function ledgerRow(db: Db, ledgerId: number): Promise<{ email: string; subscriberId: string; status: string | null } | undefined> {
  return rowsOf<{ email: string; subscriberId: string; status: string | null }>(
    await db.execute(sql`select m.email, m.subscriber_id as "subscriberId", s.status
      from campaign_messages m left join subscribers s on s.id = m.subscriber_id where m.id = ${ledgerId}::bigint`),
  )[0];
}

async function recordFor(deps: InboundDeps, raw: Buffer, report: ReadReport, delivery: DeliveryRef, email: string | null, key: string): Promise<RecordedAs> {
  const recipient = recipientFor(report, email);
  return recordReport(
    deps.db,
    {
      key,
      source: 'inbound',
      outcome: recipient?.outcome ?? report.outcome,
      reason: recipient?.reason ?? report.kind,
      email: email ?? recipient?.email ?? '',
      delivery,
      status: recipient?.status ?? null,
      diagnostic: recipient?.diagnostic ?? '',
      subject: report.subject,
      report: raw.toString('utf8', 0, Math.min(raw.length, 64_000)),
      at: deps.now(),
    },
    deps.softBounces,
  );
}

/** Handles one received message for one of the addresses it was sent to. */
export async function handleInbound(deps: InboundDeps, raw: Buffer, to: IssuedAddress): Promise<InboundOutcome> {
  const digest = createHash('sha256').update(raw).digest('hex');
  if (to.kind === 'unsubscribe') {
    const row = await ledgerRow(deps.db, to.ledgerId);
    // An erased reader (the ledger row outlives them) has nothing left to unsubscribe.
    if (!row?.status) return 'unmatched';
    await unsubscribeSubscriber(deps.db, { id: row.subscriberId, status: row.status }, deps.now());
    return 'unsubscribed';
  }
  const report = await readReport(raw);
  if (to.kind === 'bounce') {
    const row = await ledgerRow(deps.db, to.ledgerId);
    return recordFor(deps, raw, report, { ledgerId: to.ledgerId }, row?.email ?? null, `inbound:${digest}:${to.ledgerId}`);
  }
  // abuse@, postmaster@, fbl@: only a complaint is acted on, through the signed correlation header
  // of the original it quotes; anything else is kept and changes no one.
  const messageId = report.outcome === 'complaint' && report.correlation ? deps.delivery.messageIdOf(report.correlation) : null;
  return recordFor(deps, raw, report, messageId ? { messageId, email: null } : null, null, `inbound:${digest}:feedback`);
}
