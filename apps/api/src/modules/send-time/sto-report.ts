import { type SQL, sql } from 'drizzle-orm';
import type { AbInterval } from '@postlark/shared/ab-tests';
import { STO_GROUPS, STO_LIMITS, type StoGroupName, type StoGroupResult, type StoReport } from '@postlark/shared/send-time-optimisation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { rateInterval } from '../ab-tests/sequential-test';

export interface GroupTally {
  group: number;
  recipients: number;
  sent: number;
  measured: number;
  openers: number;
  clickers: number;
  maturing: number;
}

/**
 * Each STO group's recipients, sent messages, and, among the messages sent at least
 * STO_LIMITS.measureHours before `now`, the unique human openers and clickers within that span of
 * each one's sending (machine hits left out). The holdout goes at the start and the others up to
 * a window later: counting every open so far would give the holdout longer to be read; so every
 * message gets the same span, and one counts only once its span is over. `maturing`: the
 * messages not counted yet (sent within the span, or still to send).
 */
async function groupTallies(db: Db, campaignId: string, now: Date): Promise<Map<number, GroupTally>> {
  const span = sql`make_interval(hours => ${STO_LIMITS.measureHours}::int)`;
  const measured = sql`m.status = 'sent' and m.sent_at <= ${now.toISOString()}::timestamptz - ${span}`;
  const within = (table: SQL) => sql`exists (select 1 from ${table} e where e.message_row_id = m.id and e.campaign_id = m.campaign_id and not e.machine and e.at < m.sent_at + ${span})`;
  const rows = rowsOf<GroupTally>(
    await db.execute(sql`select m.sto_group as "group", count(*)::int as recipients,
        (count(*) filter (where m.status = 'sent'))::int as sent,
        (count(*) filter (where ${measured}))::int as measured,
        (count(*) filter (where ${measured} and ${within(sql`campaign_opens`)}))::int as openers,
        (count(*) filter (where ${measured} and ${within(sql`campaign_clicks`)}))::int as clickers,
        (count(*) filter (where m.status in ('pending', 'sending', 'held') or (m.status = 'sent' and not (${measured}))))::int as maturing
      from campaign_messages m where m.campaign_id = ${campaignId}::uuid and m.flow_step_run_id = 0 and m.sto_group <> ${STO_GROUPS.none}
      group by m.sto_group`),
  );
  return new Map(rows.map((row) => [Number(row.group), row]));
}

/**
 * The difference of two proportions (a − b) with its 95% interval by Newcombe's hybrid score
 * method: built from each rate's Wilson interval, so it stays inside [−1, 1] and behaves with
 * small groups and rates near 0, where the plain normal interval does not. Null if either is empty.
 */
export function differenceInterval(a: AbInterval | null, b: AbInterval | null): AbInterval | null {
  if (!a || !b) return null;
  const estimate = a.estimate - b.estimate;
  return {
    estimate,
    low: estimate - Math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2),
    high: estimate + Math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2),
  };
}

/** A group's figures: its rates over the measured messages only, so groups sent hours apart have had as long to be read. */
export function resultOf(tally: GroupTally | undefined): StoGroupResult {
  const { recipients = 0, sent = 0, measured = 0, openers = 0, clickers = 0 } = tally ?? {};
  return { recipients, sent, measured, human_opens: openers, clicks: clickers, human_open_rate: rateInterval(openers, measured), click_rate: rateInterval(clickers, measured) };
}

/** The report's send-time part: null for a campaign sent without it. Rates are over the messages measured by `now` (groupTallies). */
export async function stoReport(db: Db, row: CampaignRow, now: Date): Promise<StoReport | null> {
  if (!row.sendTimeOptimisation) return null;
  const tallies = await groupTallies(db, row.id, now);
  const groups = Object.fromEntries((['optimised', 'explore', 'holdout'] as const).map((name) => [name, resultOf(tallies.get(STO_GROUPS[name]))])) as Record<
    StoGroupName,
    StoGroupResult
  >;
  return {
    settings: row.sendTimeOptimisation,
    ...groups,
    lift: {
      human_open_rate: differenceInterval(groups.optimised.human_open_rate, groups.holdout.human_open_rate),
      click_rate: differenceInterval(groups.optimised.click_rate, groups.holdout.click_rate),
    },
    maturing: [...tallies.values()].reduce((sum, tally) => sum + tally.maturing, 0),
  };
}
