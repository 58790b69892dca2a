import { rawQuery } from '../apps/api/src/db/client';
import { runSyncPass } from '../apps/api/src/modules/integrations/sync-engine';
import { startFakeBeehiiv } from '../apps/api/test/support/fakes/beehiiv';
import { startFakeBrevo } from '../apps/api/test/support/fakes/brevo';
import type { RecordedRequest } from '../apps/api/test/support/fakes/fake-request';
import { startFakeHubSpot } from '../apps/api/test/support/fakes/hubspot';
import { startFakeMailchimp } from '../apps/api/test/support/fakes/mailchimp';
import { type BenchClock, type BenchDatabaseKind, benchClock, benchDatabases, call, fetchTimer, type InProcessApp, signedInCustomer, startInProcessApp, statementTimer, syncDeps, syncUntilIdle } from './platform-sync-support';

/**
 * Issue 22 section 5: the sync's steady-state cost per connection while nothing changes. For each
 * platform, an audience of 10,000 is imported from its fake into a fresh account (the app in this
 * process, platform-sync-support.ts), then the injected clock moves a minute at a time through an
 * hour, the sync's passes run until idle at each step (CONNECTION_POLL_SECONDS' default 300 s:
 * 12 polls), and the requests the fake received are counted by kind: reads (GETs, and HubSpot's
 * search and batch-read POSTs) and writes, which must be 0. Beside them, the time a poll spent on
 * our side (the pass's time less its waits on the platform: database and our code) and the
 * statements it sent. Baseline in the same run, the next hour: one person renamed on the platform
 * before each poll, which must cost reads only and 0 writes back (echo suppression: what was read
 * from the platform is not pushed to it again). A first quiet hour warms up and is not counted; the
 * clock is real time plus the jumps, so platforms' rate-limit windows reset as they would.
 * The import's one-off history read is set aside before the hours (see runPlatform).
 * `BENCH_PEOPLE=2000` for a shorter run; `BENCH_PLATFORM_DB=pglite|postgres` for one database.
 */

export const PLATFORM_STEADY = { people: Number(process.env.BENCH_PEOPLE ?? 10_000), minutes: 60, stepMs: 60_000 } as const;

const PLATFORMS = ['mailchimp', 'brevo', 'beehiiv', 'hubspot'] as const;
type Platform = (typeof PLATFORMS)[number];

interface PlatformUnderTest {
  settings: Record<string, string>;
  requests: RecordedRequest[];
  connectBody: object;
  /** Seeds the audience; answers the id to link (or null: the first audience listed) and addresses that may be changed. */
  seed(count: number): { audienceId: string | null; changeable: string[] };
  /** One person renamed on the platform's side (as someone editing them there). */
  change(email: string, name: string): Promise<void>;
  close(): Promise<void>;
}

async function platformUnderTest(platform: Platform, now: () => Date): Promise<PlatformUnderTest> {
  switch (platform) {
    case 'mailchimp': {
      const fake = await startFakeMailchimp({ now });
      let listId = '';
      return {
        settings: { MAILCHIMP_API_URL: fake.url, MAILCHIMP_LOGIN_URL: fake.url },
        // Mailchimp's fake records its query as an object; only method and path are read here.
        requests: fake.requests as unknown as RecordedRequest[],
        connectBody: { platform: 'mailchimp', secret: fake.apiKey },
        seed(count) {
          const seeded = fake.seedAudience({ count, campaigns: 0, listName: 'Bench readers' });
          listId = seeded.listId;
          return { audienceId: listId, changeable: seeded.people.filter((person) => fake.getMember(listId, person.email)?.status === 'subscribed').map((person) => person.email) };
        },
        change: (email, name) => fake.changeMember(listId, email, { merge_fields: { FNAME: name } }),
        close: () => fake.close(),
      };
    }
    case 'brevo': {
      const fake = await startFakeBrevo({ now });
      return {
        settings: { BREVO_API_URL: fake.url },
        requests: fake.requests,
        connectBody: { platform: 'brevo', secret: fake.apiKey },
        seed(count) {
          const seeded = fake.seedAudience({ count, campaigns: 0, listName: 'Bench readers' });
          return { audienceId: String(seeded.list.id), changeable: seeded.contacts.filter((contact) => !contact.emailBlacklisted).map((contact) => contact.email) };
        },
        change: async (email, name) => void fake.changeContact(email, { attributes: { FIRSTNAME: name } }),
        close: () => fake.close(),
      };
    }
    case 'beehiiv': {
      const fake = await startFakeBeehiiv({ now });
      const publicationId = fake.publicationId;
      return {
        settings: { BEEHIIV_API_URL: fake.url },
        requests: fake.requests,
        connectBody: { platform: 'beehiiv', secret: fake.apiKey, publication_id: publicationId },
        seed(count) {
          const publication = fake.state.publications.find((candidate) => candidate.id === publicationId);
          if (!publication?.customFields.some((field) => field.display === 'First Name')) fake.addCustomField(publicationId, 'First Name');
          const seeded = fake.seedAudience(publicationId, count, {});
          return { audienceId: publicationId, changeable: seeded.filter((subscription) => subscription.status === 'active').map((subscription) => subscription.email) };
        },
        change: async (email, name) => void fake.changeSubscription(publicationId, email, { customFields: { 'First Name': name } }),
        close: () => fake.close(),
      };
    }
    case 'hubspot': {
      const fake = await startFakeHubSpot({ now });
      return {
        settings: { HUBSPOT_API_URL: fake.url },
        requests: fake.requests,
        connectBody: { platform: 'hubspot', secret: fake.accessToken },
        seed(count) {
          const seeded = fake.seedAudience(count, {});
          return { audienceId: null, changeable: seeded.map((contact) => contact.properties.email!).filter((email) => !fake.state.optedOutOfAll.has(email)) };
        },
        change: async (email, name) => void fake.changeContact(email, { firstname: name }),
        close: () => fake.close(),
      };
    }
  }
}

/** HubSpot reads by POST (CRM search, batch read): those are reads, not writes. */
const isRead = (request: RecordedRequest) => request.method === 'GET' || (request.method === 'POST' && (request.path.includes('/search') || request.path.endsWith('/batch/read')));

export interface SteadyHour {
  requests: number;
  gets: number;
  readPosts: number;
  writes: number;
  writePaths: string[];
  polls: number;
  pushes: number;
  /** Runs of the hour that ended failed, by kind, with the sync's logged reasons. */
  failed: string[];
  passes: number;
  /** Per poll: the passes' time less their waits on the platform (database and our code), the statements sent and their time. */
  ourMsPerPoll: number;
  statementsPerPoll: number;
  statementMsPerPoll: number;
  /** The renamed people found renamed here afterwards (baseline hour only). */
  arrived: number;
}

export interface SteadyPlatformRun {
  platform: Platform;
  database: string;
  importSeconds: number;
  imported: number;
  quiet: SteadyHour;
  changing: SteadyHour;
}

export interface PlatformSteadyReport {
  people: number;
  runs: SteadyPlatformRun[];
  problems: string[];
}

async function runsByKind(started: InProcessApp): Promise<Map<string, number>> {
  // By kind, and by kind and status ('push:failed'), to tell runs that failed.
  const rows = await rawQuery<{ kind: string; status: string; count: number }>(started.database.db, 'select kind, status, count(*)::int as count from connection_runs group by kind, status', []);
  const counts = new Map<string, number>();
  for (const row of rows) {
    counts.set(row.kind, (counts.get(row.kind) ?? 0) + row.count);
    counts.set(`${row.kind}:${row.status}`, row.count);
  }
  return counts;
}

async function simulatedHour(started: InProcessApp, clock: BenchClock, fake: PlatformUnderTest, changes: string[] | null, hourNumber: number): Promise<SteadyHour> {
  const deps = { ...syncDeps(started.config, started.database, clock.now), log: { warn: () => {}, error: (object: object) => void reasons.add(JSON.stringify((object as { reason?: string }).reason ?? object)) } };
  const before = fake.requests.length;
  const runsBefore = await runsByKind(started);
  const fetches = fetchTimer();
  const statements = statementTimer(started.database);
  let passMs = 0;
  let passes = 0;
  const renamed: Array<{ email: string; name: string }> = [];
  try {
    for (let minute = 1; minute <= PLATFORM_STEADY.minutes; minute += 1) {
      clock.advance(PLATFORM_STEADY.stepMs);
      // The baseline's change lands just before each poll falls due (every fifth minute).
      if (changes && (minute * PLATFORM_STEADY.stepMs) % Number(started.config.CONNECTION_POLL_SECONDS * 1000) === 0) {
        const email = changes[renamed.length % changes.length]!;
        const name = `Renamed${hourNumber}x${renamed.length}`;
        await fake.change(email, name);
        renamed.push({ email, name });
      }
      const t = performance.now();
      const worked = await syncUntilIdle(deps, 1_000);
      passes += worked;
      passMs += performance.now() - t;
    }
  } finally {
    fetches.restore();
    statements.restore();
  }
  const runsAfter = await runsByKind(started);
  const grew = (kind: string) => (runsAfter.get(kind) ?? 0) - (runsBefore.get(kind) ?? 0);
  const sent = fake.requests.slice(before);
  const writes = sent.filter((request) => !isRead(request));
  const polls = grew('poll');
  let arrived = 0;
  for (const { email, name } of renamed) {
    const [row] = await rawQuery<{ first_name: string | null }>(started.database.db, 'select first_name from subscribers where email = $1', [email]);
    if (row?.first_name === name) arrived += 1;
  }
  const perPoll = (value: number) => (polls > 0 ? value / polls : Number.NaN);
  return {
    requests: sent.length,
    gets: sent.filter((request) => request.method === 'GET').length,
    readPosts: sent.filter((request) => request.method !== 'GET' && isRead(request)).length,
    writes: writes.length,
    writePaths: [...new Set(writes.map((request) => `${request.method} ${request.path}`))].slice(0, 3),
    polls,
    pushes: grew('push'),
    failed: ['import', 'poll', 'push', 'history'].filter((kind) => grew(`${kind}:failed`) > 0).map((kind) => `${grew(`${kind}:failed`)} ${kind}`),
    passes,
    ourMsPerPoll: perPoll(passMs - fetches.totalMs()),
    statementsPerPoll: perPoll(statements.count()),
    statementMsPerPoll: perPoll(statements.totalMs()),
    arrived,
  };
}

/** What the sync logged as failing (syncDeps' log.error), kept for the report instead of printed as it happens. */
const reasons = new Set<string>();

async function runPlatform(kind: BenchDatabaseKind, platform: Platform, people: number, problems: string[], log: (line: string) => void): Promise<SteadyPlatformRun> {
  const clock = benchClock();
  const fake = await platformUnderTest(platform, clock.now);
  const started = await startInProcessApp(kind, fake.settings, clock.now).catch(async (error: unknown) => {
    await fake.close();
    throw error;
  });
  try {
    const { app } = started;
    reasons.clear();
    const cookie = await signedInCustomer(app, `steady-${platform}-${kind}@bench.example`);
    const connected = await call<{ connection: { id: string } }>(app, cookie, 'POST', 'home/v1/integrations', fake.connectBody);
    const connectionId = connected.connection.id;
    const seeded = fake.seed(people);
    const audienceId = seeded.audienceId ?? (await call<{ audiences: Array<{ id: string }> }>(app, cookie, 'GET', `home/v1/integrations/${connectionId}/audiences`)).audiences[0]?.id;
    const t0 = performance.now();
    await call(app, cookie, 'POST', `home/v1/integrations/${connectionId}/links`, { remote_audience_id: audienceId });
    // Passes until the import is done; then its one-off history read is set aside (not steady
    // state, and Brevo's takes a call per person and 90-day window at 10 a second: hours for
    // 10,000), and the push that follows runs.
    const deps = syncDeps(started.config, started.database, clock.now);
    const importDone = async () => (await rawQuery<{ done: boolean }>(started.database.db, `select bool_and(status in ('done', 'failed')) as done from connection_runs where kind = 'import'`, []))[0]?.done === true;
    while (!(await importDone())) if (!(await runSyncPass(deps))) await new Promise((resolve) => setTimeout(resolve, 100));
    const importSeconds = (performance.now() - t0) / 1000;
    await rawQuery(started.database.db, `update connection_runs set status = 'done' where kind = 'history' and status not in ('done', 'failed')`, []);
    await syncUntilIdle(deps);
    const runs = await call<{ runs: Array<{ kind: string; status: string; processed: number }> }>(app, cookie, 'GET', `home/v1/integrations/${connectionId}/runs`);
    const imported = runs.runs.find((run) => run.kind === 'import');
    if (imported?.status !== 'done') problems.push(`${platform} on ${kind}: the import ended ${imported?.status}`);
    log(`${platform} on ${kind}: imported ${imported?.processed ?? 0} in ${importSeconds.toFixed(1)} s; a warm-up hour (not counted), then a quiet hour …`);
    // The first hour's passes run cold (the JIT, the database's caches): discarded.
    await simulatedHour(started, clock, fake, null, 0);
    const quiet = await simulatedHour(started, clock, fake, null, 1);
    log(`${platform} on ${kind}: an hour with a person renamed there before each poll …`);
    const changing = await simulatedHour(started, clock, fake, seeded.changeable.slice(100, 200), 2);
    for (const [name, hour] of [['quiet', quiet], ['changing', changing]] as const) {
      if (hour.writes > 0) problems.push(`${platform} on ${kind}, ${name} hour: ${hour.writes} writes to the platform (${hour.writePaths.join(', ')})`);
    }
    for (const [name, hour] of [['quiet', quiet], ['changing', changing]] as const) {
      if (hour.failed.length > 0) problems.push(`${platform} on ${kind}, ${name} hour: runs failed: ${hour.failed.join(', ')}${reasons.size ? ` (${[...reasons].join('; ')})` : ''}`);
    }
    if (changing.polls > 0 && changing.arrived !== changing.polls) problems.push(`${platform} on ${kind}: ${changing.arrived} of ${changing.polls} renames made there arrived here`);
    return { platform, database: started.description, importSeconds, imported: imported?.processed ?? 0, quiet, changing };
  } finally {
    await started.close();
    await fake.close();
  }
}

export async function measurePlatformSteady(log: (line: string) => void): Promise<PlatformSteadyReport> {
  const problems: string[] = [];
  const runs: SteadyPlatformRun[] = [];
  const only = process.env.BENCH_PLATFORMS?.split(',');
  for (const kind of benchDatabases()) {
    for (const platform of PLATFORMS) {
      if (only && !only.includes(platform)) continue;
      runs.push(await runPlatform(kind, platform, PLATFORM_STEADY.people, problems, log));
    }
  }
  return { people: PLATFORM_STEADY.people, runs, problems };
}

export function printPlatformSteady(report: PlatformSteadyReport): boolean {
  const minutes = PLATFORM_STEADY.minutes;
  console.log(`  one connection per platform, an audience of ${report.people.toLocaleString('en')} imported, then a simulated hour in steps of a minute (a poll every 300 s)\n`);
  console.log(`  ${'platform'.padEnd(10)} ${'hour'.padEnd(22)} ${'req/min'.padStart(8)} ${'GET'.padStart(5)} ${'read POST'.padStart(9)} ${'writes'.padStart(6)} ${'polls'.padStart(5)} ${'pushes'.padStart(6)} ${'ours ms/poll'.padStart(12)} ${'stmts/poll'.padStart(10)} ${'stmt ms/poll'.padStart(12)}`);
  let database = '';
  for (const run of report.runs) {
    if (run.database !== database) {
      database = run.database;
      console.log(`  — ${database}`);
    }
    for (const [name, hour] of [['nothing changes', run.quiet], ['1 renamed there/poll', run.changing]] as const) {
      console.log(
        `  ${(name === 'nothing changes' ? run.platform : '').padEnd(10)} ${name.padEnd(22)} ${(hour.requests / minutes).toFixed(2).padStart(8)} ${String(hour.gets).padStart(5)} ${String(hour.readPosts).padStart(9)} ${String(hour.writes).padStart(6)} ${String(hour.polls).padStart(5)} ${String(hour.pushes).padStart(6)} ${hour.ourMsPerPoll.toFixed(1).padStart(12)} ${hour.statementsPerPoll.toFixed(1).padStart(10)} ${hour.statementMsPerPoll.toFixed(1).padStart(12)}`,
      );
    }
    console.log(`  ${''.padEnd(10)} import of ${run.imported} took ${run.importSeconds.toFixed(1)} s; renames arrived here: ${run.changing.arrived} of ${run.changing.polls}`);
  }
  console.log('\n  ours ms/poll: the passes of the hour less their waits on the platform (database and our code), over its polls; stmts: at the driver, outside transactions');
  for (const problem of report.problems) console.log(`  PROBLEM: ${problem}`);
  return report.problems.length === 0;
}
