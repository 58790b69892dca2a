import { sql } from 'drizzle-orm';
import type { AbInterval } from '@postlark/shared/ab-tests';
import { STO_GROUPS, type StoGroupName, type StoGroupResult, type StoReport } from '@postlark/shared/send-time-optimisation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { rateInterval } from '../ab-tests/sequential-test';

interface GroupTally {
  group: number;
  recipients: number;
  sent: number;
  openers: number;
  clickers: number;
}

/** Each STO group's recipients, sent messages, and unique human openers and clickers (machine hits left out). */
async function groupTallies(db: Db, campaignId: string): Promise<Map<number, GroupTally>> {
  const rows = rowsOf<GroupTally>(
    await db.execute(sql`select m.sto_group as "group", count(*)::int as recipients,
        (count(*) filter (where m.status = 'sent'))::int as sent,
        (count(*) filter (where exists (select 1 from campaign_opens o where o.message_row_id = m.id and o.campaign_id = m.campaign_id and not o.machine)))::int as openers,
        (count(*) filter (where exists (select 1 from campaign_clicks c where c.message_row_id = m.id and c.campaign_id = m.campaign_id and not c.machine)))::int as clickers
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

function resultOf(tally: GroupTally | undefined): StoGroupResult {
  const { recipients = 0, sent = 0, openers = 0, clickers = 0 } = tally ?? {};
  return { recipients, sent, human_opens: openers, clicks: clickers, human_open_rate: rateInterval(openers, sent), click_rate: rateInterval(clickers, sent) };
}

/** The report's send-time part: null for a campaign sent without it. Rates are over messages sent. */
export async function stoReport(db: Db, row: CampaignRow): Promise<StoReport | null> {
  if (!row.sendTimeOptimisation) return null;
  const tallies = await groupTallies(db, row.id);
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
  };
}
