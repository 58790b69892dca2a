import { memoryMb } from './process-memory';
import { mailchimpClient } from '../apps/api/src/modules/integrations/mailchimp/client';
import { type FakeMailchimp, startFakeMailchimp } from '../apps/api/test/support/fakes/mailchimp';
import { type BenchDatabaseKind, benchClock, benchDatabases, call, rssMb, signedInCustomer, startInProcessApp, syncDeps, syncUntilIdle } from './platform-sync-support';

/**
 * Issue 22 section 5: an audience of 100,000 imported from the Mailchimp fake (its limit of 10
 * requests in flight per key on) into a fresh account through the real path: connect with the key,
 * link the audience, then the sync's passes until idle (import, push back, history). In people per
 * second, next to two baselines measured in the same run:
 *   (a) the fake paged through by our Mailchimp client alone, no database: one page after another
 *       as the sync reads, and 10 pages in flight (the most Mailchimp allows a key): the ceiling;
 *   (b) our own CSV import of the same people into a fresh account and list (upload, job, done).
 * The app runs in this process (platform-sync-support.ts), so its RSS is this process's; the fake's
 * 100,000 members live here too, which is why the RSS before the import is printed beside the peak.
 * `BENCH_PEOPLE=20000` for a shorter run; `BENCH_PLATFORM_DB=pglite|postgres` for one database.
 */

export const PLATFORM_IMPORT = { people: Number(process.env.BENCH_PEOPLE ?? 100_000) } as const;

export interface PlatformImportRun {
  database: string;
  platformSeconds: number;
  imported: number;
  passes: number;
  requests: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  csvSeconds: number;
  csvAdded: number;
}

export interface PlatformImportReport {
  people: number;
  clientSequentialSeconds: number;
  clientParallelSeconds: number;
  runs: PlatformImportRun[];
  vmHwmMb: number | undefined;
  problems: string[];
}

/** (a): our client alone against the fake, one page after another, then 10 pages at once. */
async function pagedAlone(fake: FakeMailchimp, listId: string, people: number, problems: string[]): Promise<{ sequential: number; parallel: number }> {
  const client = mailchimpClient({ apiUrl: fake.url, auth: { kind: 'api_key', secret: fake.apiKey } });
  let started = performance.now();
  let read = 0;
  let cursor: string | null = null;
  do {
    const page = await client.people(listId, { cursor, changedSince: null });
    read += page.people.length;
    cursor = page.next;
  } while (cursor);
  const sequential = (performance.now() - started) / 1000;
  if (read !== people) problems.push(`(a) sequential paging read ${read} of ${people}`);
  // The client's cursor is an offset: 10 readers each take every 10th page (its pool keeps ≤ 10 in flight).
  started = performance.now();
  const pages = Math.ceil(people / 1000);
  let parallelRead = 0;
  await Promise.all(
    Array.from({ length: 10 }, async (_, reader) => {
      for (let page = reader; page < pages; page += 10) {
        const answer = await client.people(listId, { cursor: JSON.stringify({ phase: 'live', offset: page * 1000, seen: [] }), changedSince: null });
        parallelRead += answer.people.length;
      }
    }),
  );
  const parallel = (performance.now() - started) / 1000;
  if (parallelRead !== people) problems.push(`(a) parallel paging read ${parallelRead} of ${people}`);
  return { sequential, parallel };
}

async function runOn(kind: BenchDatabaseKind, fake: FakeMailchimp, listId: string, csv: string, people: number, clock: ReturnType<typeof benchClock>, problems: string[], log: (line: string) => void): Promise<PlatformImportRun> {
  // The CSV import's domain check asks DNS, whose speed (and reach, on a closed machine) is not what is measured.
  const started = await startInProcessApp(kind, { MAILCHIMP_API_URL: fake.url, MAILCHIMP_LOGIN_URL: fake.url, IMPORT_CHECK_DOMAINS: 'false' }, clock.now);
  try {
    const { app } = started;
    const cookie = await signedInCustomer(app, `platform-import-${kind}@bench.example`);
    const connected = await call<{ connection: { id: string } }>(app, cookie, 'POST', 'home/v1/integrations', { platform: 'mailchimp', secret: fake.apiKey });
    const requestsBefore = fake.requests.length;
    const rssBeforeMb = rssMb();
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb())), 100);
    const t0 = performance.now();
    const linked = await call<{ connection: { links: Array<{ list_id: string }> } }>(app, cookie, 'POST', `home/v1/integrations/${connected.connection.id}/links`, { remote_audience_id: listId });
    const passes = await syncUntilIdle(syncDeps(started.config, started.database, clock.now));
    const platformSeconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (!linked.connection.links[0]?.list_id) problems.push(`${kind}: the link made no list`);
    const runs = await call<{ runs: Array<{ kind: string; status: string; processed: number; errors: unknown[] }> }>(app, cookie, 'GET', `home/v1/integrations/${connected.connection.id}/runs`);
    const importRun = runs.runs.find((run) => run.kind === 'import');
    if (importRun?.status !== 'done' || importRun.processed !== people) problems.push(`${kind}: the import run ended ${importRun?.status} with ${importRun?.processed} of ${people} (${JSON.stringify(importRun?.errors ?? []).slice(0, 200)})`);
    const sent = fake.requests.slice(requestsBefore);
    log(`${kind}: platform import ${platformSeconds.toFixed(1)} s in ${passes} passes`);

    // (b) the same people through our CSV import, into another fresh account.
    const csvCookie = await signedInCustomer(app, `csv-import-${kind}@bench.example`);
    const list = await call<{ list: { id: string } }>(app, csvCookie, 'POST', 'audience/v1/lists', { name: 'Newsletter', double_opt_in: false });
    const t1 = performance.now();
    const created = await call<{ import: { id: string } }>(app, csvCookie, 'POST', 'audience/v1/imports', {
      file_name: 'mailchimp.csv',
      has_header: true,
      columns: [{ field: 'email' }, { field: 'first_name' }, { field: 'last_name' }],
      list_ids: [list.list.id],
      // Past the consent threshold: confirmed with the request, as the import page's box does.
      consent_confirmed: true,
    });
    await call(app, csvCookie, 'PUT', `audience/v1/imports/${created.import.id}/file`, csv, 'text/csv');
    let csvAdded = 0;
    for (;;) {
      const progress = await call<{ status: string; added: number }>(app, csvCookie, 'GET', `audience/v1/imports/${created.import.id}`);
      if (progress.status === 'failed') problems.push(`${kind}: the CSV import failed`);
      if (progress.status === 'done' || progress.status === 'failed') {
        csvAdded = progress.added;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const csvSeconds = (performance.now() - t1) / 1000;
    if (csvAdded !== people) problems.push(`${kind}: the CSV import added ${csvAdded} of ${people}`);
    log(`${kind}: CSV import ${csvSeconds.toFixed(1)} s`);
    return {
      database: started.description,
      platformSeconds,
      imported: importRun?.processed ?? 0,
      passes,
      requests: sent.length,
      rssBeforeMb,
      rssPeakMb,
      csvSeconds,
      csvAdded,
    };
  } finally {
    await started.close();
  }
}

export async function measurePlatformImport(log: (line: string) => void): Promise<PlatformImportReport> {
  const people = PLATFORM_IMPORT.people;
  const clock = benchClock();
  const problems: string[] = [];
  // The limit of 10 in flight per key stays on (the fake's default, as Mailchimp has it).
  const fake = await startFakeMailchimp({ now: clock.now });
  try {
    const seeded = fake.seedAudience({ count: people, campaigns: 0, listName: 'Bench readers' });
    const members = [...(fake.state.lists.get(seeded.listId)?.members.values() ?? [])];
    const csv = `email,first_name,last_name\n${members.map((member) => `${member.email_address},${String(member.merge_fields.FNAME ?? '')},${String(member.merge_fields.LNAME ?? '')}`).join('\n')}\n`;
    log(`seeded ${people} members in the Mailchimp fake`);
    const alone = await pagedAlone(fake, seeded.listId, people, problems);
    log(`(a) paged alone: ${alone.sequential.toFixed(1)} s one by one, ${alone.parallel.toFixed(1)} s with 10 in flight`);
    const runs: PlatformImportRun[] = [];
    for (const kind of benchDatabases()) runs.push(await runOn(kind, fake, seeded.listId, csv, people, clock, problems, log));
    return { people, clientSequentialSeconds: alone.sequential, clientParallelSeconds: alone.parallel, runs, vmHwmMb: memoryMb(process.pid, 'VmHWM'), problems };
  } finally {
    await fake.close();
  }
}

export function printPlatformImport(report: PlatformImportReport): boolean {
  const rate = (seconds: number) => `${(report.people / seconds).toFixed(0).padStart(8)} people/s`;
  console.log(`  ${report.people.toLocaleString('en')} members from the Mailchimp fake (10 requests in flight per key, as Mailchimp allows), into a fresh account\n`);
  console.log(`  ${'what'.padEnd(58)} ${'seconds'.padStart(8)}  ${'rate'.padStart(17)}`);
  const line = (what: string, seconds: number) => console.log(`  ${what.padEnd(58)} ${seconds.toFixed(1).padStart(8)}  ${rate(seconds)}`);
  line('(a) our client paging the fake alone, one page at a time', report.clientSequentialSeconds);
  line('(a) our client paging the fake alone, 10 pages in flight', report.clientParallelSeconds);
  for (const run of report.runs) {
    console.log(`  — ${run.database}`);
    line('    platform import: connect, link, sync passes until idle', run.platformSeconds);
    line('    (b) our CSV import of the same people (upload to done)', run.csvSeconds);
    console.log(`      ${run.passes} sync passes, ${run.requests} requests to the fake; RSS ${run.rssBeforeMb.toFixed(0)} MB before the import, peak ${run.rssPeakMb.toFixed(0)} MB during it (sampled every 100 ms; the fake's members live in this process too)`);
  }
  console.log(`  this process's VmHWM (peak over its life): ${report.vmHwmMb?.toFixed(0) ?? '?'} MB`);
  for (const problem of report.problems) console.log(`  PROBLEM: ${problem}`);
  return report.problems.length === 0;
}
