import pg from 'pg';
import { type ApiServer, startApiServer } from './api-client';
import { account, post } from './cdnow';
import { processTreeCpuMs } from './cpu-time';
import { memoryMb } from './process-memory';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * Issue 21 section 4: how long an insights refresh takes (purchases, every person's best send
 * time and engagement score) for 100,000 and 1,000,000 people with 40 campaigns of history each,
 * on PostgreSQL through the API (POST /api/v1/insights/refresh, polled until done), and the
 * server's peak memory. The history is made with bulk SQL straight into the tracking tables the
 * sending engine and the pixel write: a ledger row per person per campaign, human opens at each
 * person's own hour with their own probability, clicks on a share of those, and for the people
 * behind Apple's privacy proxy (a third) a machine open a minute after every delivery.
 * `BENCH_INSIGHTS_PEOPLE=100000` runs one size only.
 */

export const INSIGHTS_REFRESH = {
  sizes: (process.env.BENCH_INSIGHTS_PEOPLE ?? '100000,1000000').split(',').map(Number),
  campaigns: 40,
} as const;
export const INSIGHTS_REFRESH_TARGETS = { millionSeconds: 120, serverPeakRssMb: 500 } as const;

export interface InsightsRefreshRun {
  people: number;
  deliveries: number;
  humanOpens: number;
  machineOpens: number;
  clicks: number;
  generateSeconds: number;
  refreshSeconds: number;
  peopleDone: number;
  serverPeakRssMb: number | undefined;
  storedSendTimes: number;
  storedScores: number;
}

export interface InsightsRefreshReport {
  database: string;
  runs: InsightsRefreshRun[];
  serverCpuSeconds: number | undefined;
  problems: string[];
}

/** Everything in one session: the temporary tables live only there. */
export async function generateHistory(client: pg.Client, customerId: string, people: number, tag: string): Promise<Omit<InsightsRefreshRun, 'refreshSeconds' | 'peopleDone' | 'serverPeakRssMb' | 'storedSendTimes' | 'storedScores'>> {
  const started = performance.now();
  await client.query('set synchronous_commit = off');
  await client.query(
    `insert into subscribers (customer_id, email, created_at, updated_at, consent_source, consent_at)
     select $1::uuid, 'p' || g || '@${tag}.example', now(), now(), 'import', now() from generate_series(1, $2::int) g`,
    [customerId, people],
  );
  // Each person's habits: the hour they read mail (UTC), how likely they open a campaign, and
  // whether Apple's proxy opens everything for them (their real opens then stay invisible).
  await client.query(`drop table if exists bench_people; drop table if exists bench_campaigns`);
  await client.query(
    `create temp table bench_people as
     select id, (abs(hashtext(id::text)) % 24) as hour, (abs(hashtext(id::text || 'r')) % 1000) / 1000.0 * 0.5 as rate,
       abs(hashtext(id::text || 'p')) % 3 = 0 as proxied
     from subscribers where customer_id = $1::uuid`,
    [customerId],
  );
  // 40 campaigns, two a week, sent at the hours a typical sender picks (09:00–11:00 UTC).
  await client.query(
    `create temp table bench_campaigns as
     with made as (
       insert into campaigns (customer_id, name, audience, status, created_at, updated_at, started_at, finished_at)
       select $1::uuid, 'Campaign ' || n, '{"type":"all"}'::jsonb, 'sent', now(), now(),
         timestamptz '2026-06-01T09:00:00Z' + (n * 3.5) * interval '1 day' + (n % 3) * interval '1 hour',
         timestamptz '2026-06-01T09:00:00Z' + (n * 3.5) * interval '1 day' + (n % 3) * interval '1 hour'
       from generate_series(1, $2::int) n
       returning id, started_at
     ) select id, started_at as at from made`,
    [customerId, INSIGHTS_REFRESH.campaigns],
  );
  const deliveries = await client.query(
    `insert into campaign_messages (campaign_id, subscriber_id, email, status, message_id, next_attempt_at, sent_at)
     select c.id, p.id, 'x@${tag}.example', 'sent', c.id::text || p.id::text, c.at, c.at + (random() * 600) * interval '1 second'
     from bench_campaigns c cross join bench_people p`,
  );
  // A human open at the person's hour (the first after delivery), with their probability; the
  // proxy's opens a minute after delivery are machine opens.
  const humanOpens = await client.query(
    `insert into campaign_opens (campaign_id, message_row_id, subscriber_id, at, machine)
     select c.id, 0, p.id,
       date_trunc('day', c.at) + p.hour * interval '1 hour' + random() * interval '40 minutes'
         + case when p.hour < extract(hour from c.at) + 1 then interval '1 day' else interval '0' end,
       false
     from bench_campaigns c cross join bench_people p where not p.proxied and random() < p.rate`,
  );
  const machineOpens = await client.query(
    `insert into campaign_opens (campaign_id, message_row_id, subscriber_id, at, machine)
     select c.id, 0, p.id, c.at + interval '11 minutes', true from bench_campaigns c cross join bench_people p where p.proxied`,
  );
  const clicks = await client.query(
    `insert into campaign_clicks (campaign_id, message_row_id, subscriber_id, url, at, machine)
     select o.campaign_id, 0, o.subscriber_id, 'https://shop.example/', o.at + interval '1 minute', false
     from campaign_opens o join bench_campaigns c on c.id = o.campaign_id where not o.machine and random() < 0.25`,
  );
  await client.query('analyze subscribers; analyze campaign_messages; analyze campaign_opens; analyze campaign_clicks');
  return {
    people,
    deliveries: deliveries.rowCount ?? 0,
    humanOpens: humanOpens.rowCount ?? 0,
    machineOpens: machineOpens.rowCount ?? 0,
    clicks: clicks.rowCount ?? 0,
    generateSeconds: (performance.now() - started) / 1000,
  };
}

async function refreshed(api: ApiServer, key: string, problems: string[]): Promise<{ seconds: number; peopleDone: number }> {
  const started = performance.now();
  const asked = await post(api, key, 'POST', 'insights/refresh', {});
  if (asked.status !== 202) throw new Error(`POST insights/refresh answered ${asked.status}: ${JSON.stringify(asked.json)}`);
  const id = asked.json.payload.id as string;
  for (;;) {
    const state = (await post(api, key, 'GET', `insights/refresh/${id}`)).json.payload as { status: string; people_done: number; error: string | null };
    if (state.status === 'done') return { seconds: (performance.now() - started) / 1000, peopleDone: state.people_done };
    if (state.status === 'failed') {
      problems.push(`the refresh failed: ${state.error}`);
      throw new Error('refresh failed');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function measureInsightsRefresh(repoRoot: string, log: (line: string) => void): Promise<InsightsRefreshReport> {
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  const problems: string[] = [];
  const runs: InsightsRefreshRun[] = [];
  try {
    database = await throwawayDatabase();
    // BENCH_SERVER_CPU_PROFILE=<dir> writes the server's CPU profile of the run there (cpu-profile.ts).
    const profile = process.env.BENCH_SERVER_CPU_PROFILE;
    const profiling = profile ? { env: { BENCH_SERVER_CPU_PROFILE: profile }, preload: [new URL('./cpu-profile.ts', import.meta.url).pathname] } : { env: {}, preload: [] };
    api = await startApiServer(
      repoRoot,
      'insights-refresh-server',
      { DATABASE_URL: database.url, API_REQUESTS_PER_MINUTE: '100000', ...profiling.env },
      undefined,
      profiling.preload,
    );
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const people of INSIGHTS_REFRESH.sizes) {
        const tag = `refresh${people}`;
        const key = await account(api, `${tag}@bench.example`);
        const { rows } = await client.query<{ id: string }>(`select id::text as id from customers where email = $1`, [`${tag}@bench.example`]);
        log(`making ${people.toLocaleString('en-US')} people with ${INSIGHTS_REFRESH.campaigns} campaigns of history each (bulk SQL)`);
        const history = await generateHistory(client, rows[0]!.id, people, tag);
        log(`  ${history.deliveries.toLocaleString('en-US')} deliveries, ${history.humanOpens.toLocaleString('en-US')} human opens, ${history.machineOpens.toLocaleString('en-US')} machine opens, ${history.clicks.toLocaleString('en-US')} clicks in ${history.generateSeconds.toFixed(1)} s; refreshing`);
        const refresh = await refreshed(api, key, problems);
        const stored = await client.query<{ send_times: number; scores: number }>(
          `select count(send_time)::int as send_times, count(engagement)::int as scores from subscriber_insights where customer_id = $1::uuid`,
          [rows[0]!.id],
        );
        const run: InsightsRefreshRun = {
          ...history,
          refreshSeconds: refresh.seconds,
          peopleDone: refresh.peopleDone,
          serverPeakRssMb: memoryMb(api.server.pid, 'VmHWM'),
          storedSendTimes: stored.rows[0]!.send_times,
          storedScores: stored.rows[0]!.scores,
        };
        if (run.storedSendTimes !== people || run.storedScores !== people) problems.push(`${people}: stored ${run.storedSendTimes} send times and ${run.storedScores} scores`);
        log(`  refreshed in ${run.refreshSeconds.toFixed(1)} s, server peak ${run.serverPeakRssMb?.toFixed(0)} MB`);
        runs.push(run);
      }
    } finally {
      await client.end();
    }
    const serverCpuMs = processTreeCpuMs(api.server.pid!);
    return { database: database.description, runs, serverCpuSeconds: serverCpuMs === undefined ? undefined : serverCpuMs / 1000, problems };
  } finally {
    await api?.close();
    await database?.close();
  }
}

/** Prints the table; false when the run had problems. */
export function printInsightsRefresh(report: InsightsRefreshReport): boolean {
  console.log(`\nInsights refresh (send times, engagement, purchases) on PostgreSQL: ${report.database}`);
  console.log('people      deliveries   human opens  machine opens  clicks      refresh s  server peak MB');
  for (const run of report.runs) {
    console.log(
      `${run.people.toLocaleString('en-US').padEnd(11)} ${run.deliveries.toLocaleString('en-US').padEnd(12)} ${run.humanOpens.toLocaleString('en-US').padEnd(12)} ${run.machineOpens
        .toLocaleString('en-US')
        .padEnd(14)} ${run.clicks.toLocaleString('en-US').padEnd(11)} ${run.refreshSeconds.toFixed(1).padEnd(10)} ${run.serverPeakRssMb?.toFixed(0) ?? '?'}`,
    );
  }
  const million = report.runs.find((run) => run.people === 1_000_000);
  if (million) console.log(`target: a million in under ${INSIGHTS_REFRESH_TARGETS.millionSeconds} s (${million.refreshSeconds.toFixed(1)} s), under ${INSIGHTS_REFRESH_TARGETS.serverPeakRssMb} MB (${million.serverPeakRssMb?.toFixed(0)} MB)`);
  if (report.serverCpuSeconds !== undefined) console.log(`server CPU: ${report.serverCpuSeconds.toFixed(1)} s`);
  for (const problem of report.problems) console.log(`PROBLEM: ${problem}`);
  return report.problems.length === 0;
}
