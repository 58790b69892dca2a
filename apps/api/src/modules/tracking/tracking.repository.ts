import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MACHINE_OPEN_WINDOW_SECONDS } from './machine-opens';

export interface OpenHit {
  rowId: number;
  at: Date;
  /** Known to be a machine by its user agent or address. */
  machine: boolean;
}

export interface ClickHit extends OpenHit {
  url: string;
  /** Which of the campaign's links (null for a link made before links were numbered). */
  link: number | null;
}

/**
 * Writes a batch of opens in one statement, each sent with its message's campaign and
 * subscriber. An open that came before the message was marked sent, or within seconds of it,
 * is a machine's: no person reads that fast. A row id that names no message is dropped.
 */
export async function insertOpens(db: Db, hits: readonly OpenHit[]): Promise<void> {
  if (hits.length === 0) return;
  await db.execute(sql`insert into campaign_opens (campaign_id, message_row_id, subscriber_id, at, machine)
    select m.campaign_id, m.id, m.subscriber_id, hit.at,
      hit.machine or m.sent_at is null or hit.at < m.sent_at + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})
    from unnest(${sql.param(hits.map((hit) => hit.rowId))}::bigint[], ${sql.param(hits.map((hit) => hit.at.toISOString()))}::timestamptz[],
      ${sql.param(hits.map((hit) => hit.machine))}::boolean[]) as hit(row_id, at, machine)
    join campaign_messages m on m.id = hit.row_id`);
}

/** Writes a batch of clicks in one statement; scanners are flagged by what they say they are. */
export async function insertClicks(db: Db, hits: readonly ClickHit[]): Promise<void> {
  if (hits.length === 0) return;
  await db.execute(sql`insert into campaign_clicks (campaign_id, message_row_id, subscriber_id, url, link_number, at, machine)
    select m.campaign_id, m.id, m.subscriber_id, hit.url, hit.link_number, hit.at, hit.machine
    from unnest(${sql.param(hits.map((hit) => hit.rowId))}::bigint[], ${sql.param(hits.map((hit) => hit.url))}::text[],
      ${sql.param(hits.map((hit) => hit.link))}::integer[],
      ${sql.param(hits.map((hit) => hit.at.toISOString()))}::timestamptz[], ${sql.param(hits.map((hit) => hit.machine))}::boolean[])
      as hit(row_id, url, link_number, at, machine)
    join campaign_messages m on m.id = hit.row_id`);
}
