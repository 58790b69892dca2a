import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type BgNbdParams, expectedOrders } from '../apps/api/src/modules/insights/bg-nbd';
import { purchaseHistories, type Order } from '../apps/api/src/modules/insights/purchase-history';
import { type ApiServer, createApiKey, createCustomer, signIn, startApiServer } from './api-client';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * Purchase insights on CDNOW (datasets/cdnow, README there), through the product: the
 * 2,357-customer sample posted to POST /api/v1/events as order_placed events in calls of 5,000, a
 * refresh as of 1997-10-01 (POST /api/v1/insights/refresh), the fitted parameters next to the
 * published ones, the holdout (1997-10-01 to 1998-06-30, 39 weeks) predicted from the server's fit
 * next to what happened and to a naive baseline; then the full 23,570-customer file timed.
 */

export const CDNOW = {
  perCall: 5_000,
  asOf: '1997-10-01',
  holdoutEnd: '1998-07-01',
  holdoutWeeks: 39,
  /** Fader, Hardie and Lee (2005a, 2005b), as the data's README gives them. */
  published: { r: 0.243, alpha: 4.414, a: 0.793, b: 2.426, p: 6.25, q: 3.74, v: 15.44 },
} as const;

type ParamName = keyof typeof CDNOW.published;

interface Estimate {
  value: number;
  standard_error: number | null;
}

interface Model {
  customers: number;
  repeat_customers: number;
  bg_nbd: Record<'r' | 'alpha' | 'a' | 'b', Estimate> | null;
  gamma_gamma: Record<'p' | 'q' | 'v', Estimate> | null;
  notes: string[];
}

interface FileRun {
  customers: number;
  lines: number;
  importSeconds: number;
  refreshSeconds: number;
  model: Model;
}

export interface CdnowReport {
  database: string;
  sample: FileRun;
  fitted: { name: ParamName; value: number; standardError: number | null; published: number; relative: number }[];
  holdout: {
    people: number;
    actual: number;
    predicted: number;
    baseline: number;
    maeModel: number;
    maeBaseline: number;
    /** Largest difference between the expected_orders_365d the server stored and the bench's own from the server's parameters. */
    storedMismatch: number;
  };
  master: FileRun;
  problems: string[];
}

interface Line {
  customer: string;
  day: string;
  quantity: number;
  dollars: number;
}

/**
 * The sample has master id, sample id, date, CDs, dollars; the master file has no sample id, a
 * header line and CRLF line ends.
 */
function readLines(file: string, columns: 4 | 5): Line[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((text) => /^\s*\d+\s+\d+/.test(text))
    .map((text) => {
      const parts = text.trim().split(/\s+/);
      const [customer, date, quantity, dollars] = columns === 5 ? [parts[0], parts[2], parts[3], parts[4]] : parts;
      return { customer: customer!, day: `${date!.slice(0, 4)}-${date!.slice(4, 6)}-${date!.slice(6, 8)}`, quantity: Number(quantity), dollars: Number(dollars) };
    });
}

const email = (line: Line) => `c${line.customer}@cdnow.example`;

export async function post(api: ApiServer, key: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await fetch(`${api.server.url}/api/v1/${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, json: (await response.json()) as { payload: Record<string, unknown> } };
}

/** Each purchase line an order of its own (same-day lines are summed by the model, as published). */
async function importLines(api: ApiServer, key: string, lines: readonly Line[], tag: string, problems: string[]): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < lines.length; start += CDNOW.perCall) {
    const events = lines.slice(start, start + CDNOW.perCall).map((line, offset) => ({
      name: 'order_placed',
      email: email(line),
      id: `${tag}-${start + offset}`,
      occurred_at: `${line.day}T00:00:00Z`,
      value: line.dollars,
      currency: 'USD',
      properties: { order_id: `${tag}-${start + offset}`, items: [{ product_id: 'cd', quantity: line.quantity, price: line.quantity > 0 ? line.dollars / line.quantity : 0 }] },
    }));
    const { status, json } = await post(api, key, 'POST', 'events', { events });
    const payload = json.payload as { accepted?: number; rejected?: unknown[] };
    if (status !== 202 || payload.accepted !== events.length) problems.push(`${tag}: a call answered ${status}, ${JSON.stringify(payload).slice(0, 300)}`);
  }
  return (performance.now() - started) / 1000;
}

async function refreshAsOf(api: ApiServer, key: string, problems: string[]): Promise<{ seconds: number; model: Model }> {
  const started = performance.now();
  const asked = await post(api, key, 'POST', 'insights/refresh', { as_of: CDNOW.asOf });
  if (asked.status !== 202) throw new Error(`POST insights/refresh answered ${asked.status}: ${JSON.stringify(asked.json)}`);
  const id = asked.json.payload.id as string;
  for (;;) {
    const state = (await post(api, key, 'GET', `insights/refresh/${id}`)).json.payload as { status: string; model: Model | null; error: string | null };
    if (state.status === 'done' && state.model) return { seconds: (performance.now() - started) / 1000, model: state.model };
    if (state.status === 'failed') {
      problems.push(`the refresh failed: ${state.error}`);
      throw new Error('refresh failed');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function account(api: ApiServer, address: string): Promise<string> {
  await createCustomer(api, address);
  return createApiKey(api, await signIn(api, address));
}

const toOrders = (lines: readonly Line[]): Order[] => lines.map((line) => ({ subscriberId: email(line), occurredAt: new Date(`${line.day}T00:00:00Z`), value: line.dollars }));

export async function measureCdnow(repoRoot: string, log: (line: string) => void): Promise<CdnowReport> {
  const dataDir = path.resolve(repoRoot, 'datasets/cdnow');
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  const problems: string[] = [];
  try {
    database = await throwawayDatabase();
    api = await startApiServer(repoRoot, 'cdnow-server', { DATABASE_URL: database.url, API_REQUESTS_PER_MINUTE: '100000' });

    const sampleLines = readLines(path.join(dataDir, 'CDNOW_sample.txt'), 5);
    const sampleKey = await account(api, 'sample@bench.example');
    log(`importing the sample: ${sampleLines.length.toLocaleString('en-US')} purchase lines through POST /api/v1/events`);
    const sampleImport = await importLines(api, sampleKey, sampleLines, 'sample', problems);
    log(`refreshing as of ${CDNOW.asOf}`);
    const sampleRefresh = await refreshAsOf(api, sampleKey, problems);
    const { model } = sampleRefresh;
    if (!model.bg_nbd || !model.gamma_gamma) throw new Error(`no fit on the sample: ${model.notes.join(' ')}`);

    const estimates: Record<ParamName, Estimate> = { ...model.bg_nbd, ...model.gamma_gamma };
    const fitted = (Object.keys(CDNOW.published) as ParamName[]).map((name) => {
      const published = CDNOW.published[name];
      const { value, standard_error: standardError } = estimates[name];
      return { name, value, standardError, published, relative: (value - published) / published };
    });

    // The holdout, from the server's parameters and each person's calibration history.
    const params: BgNbdParams = { r: model.bg_nbd.r.value, alpha: model.bg_nbd.alpha.value, a: model.bg_nbd.a.value, b: model.bg_nbd.b.value };
    const asOf = new Date(`${CDNOW.asOf}T00:00:00Z`);
    const holdoutEnd = new Date(`${CDNOW.holdoutEnd}T00:00:00Z`);
    const histories = purchaseHistories(toOrders(sampleLines), asOf);
    const holdoutDays = new Map<string, Set<string>>();
    for (const line of sampleLines) {
      const at = new Date(`${line.day}T00:00:00Z`);
      if (at < asOf || at >= holdoutEnd) continue;
      const days = holdoutDays.get(email(line)) ?? new Set<string>();
      days.add(line.day);
      holdoutDays.set(email(line), days);
    }
    let [actual, predicted, baseline, errorModel, errorBaseline] = [0, 0, 0, 0, 0];
    for (const history of histories) {
      const happened = holdoutDays.get(history.subscriberId)?.size ?? 0;
      const expected = expectedOrders(params, CDNOW.holdoutWeeks, history) ?? NaN;
      const naive = (history.x / history.T) * CDNOW.holdoutWeeks;
      actual += happened;
      predicted += expected;
      baseline += naive;
      errorModel += Math.abs(expected - happened);
      errorBaseline += Math.abs(naive - happened);
    }
    if (!Number.isFinite(predicted)) problems.push('a holdout prediction was not a number');

    // What the server stored for each person agrees with the same computation here.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let storedMismatch = 0;
    try {
      const { rows } = await client.query<{ email: string; expected: number | null }>(`
        select s.email, (i.purchases->>'expected_orders_365d')::float8 as expected
        from subscriber_insights i join subscribers s on s.id = i.subscriber_id join customers c on c.id = i.customer_id
        where c.email = 'sample@bench.example' and i.purchases is not null`);
      const byEmail = new Map(histories.map((history) => [history.subscriberId, history]));
      if (rows.length !== histories.length) problems.push(`the server stored figures for ${rows.length} people, the sample has ${histories.length}`);
      for (const row of rows) {
        const own = expectedOrders(params, 365 / 7, byEmail.get(row.email)!) ?? NaN;
        storedMismatch = Math.max(storedMismatch, Math.abs((row.expected ?? NaN) - own));
      }
    } finally {
      await client.end();
    }
    if (!(storedMismatch < 1e-5)) problems.push(`the stored expected_orders_365d differ from the bench's by up to ${storedMismatch}`);

    const masterLines = readLines(path.join(dataDir, 'CDNOW_master.txt'), 4);
    const masterKey = await account(api, 'master@bench.example');
    log(`importing the full file: ${masterLines.length.toLocaleString('en-US')} purchase lines`);
    const masterImport = await importLines(api, masterKey, masterLines, 'master', problems);
    log(`refreshing as of ${CDNOW.asOf}`);
    const masterRefresh = await refreshAsOf(api, masterKey, problems);

    const people = histories.length;
    return {
      database: database.description,
      sample: { customers: new Set(sampleLines.map((line) => line.customer)).size, lines: sampleLines.length, importSeconds: sampleImport, refreshSeconds: sampleRefresh.seconds, model },
      fitted,
      holdout: { people, actual, predicted, baseline, maeModel: errorModel / people, maeBaseline: errorBaseline / people, storedMismatch },
      master: {
        customers: new Set(masterLines.map((line) => line.customer)).size,
        lines: masterLines.length,
        importSeconds: masterImport,
        refreshSeconds: masterRefresh.seconds,
        model: masterRefresh.model,
      },
      problems,
    };
  } finally {
    await api?.close();
    await database?.close();
  }
}

const NAMES: Record<ParamName, string> = { r: 'r', alpha: 'α', a: 'a', b: 'b', p: 'p', q: 'q', v: 'v' };

/** Prints the section; answers whether it ran clean. */
export function printCdnow(report: CdnowReport): boolean {
  const { sample, master, holdout } = report;
  console.log(`\n== Purchase insights on CDNOW through the API (${report.database}) ==`);
  console.log(
    `  sample: ${sample.customers.toLocaleString('en-US')} customers, ${sample.lines.toLocaleString('en-US')} purchase lines posted as order_placed in calls of ${CDNOW.perCall.toLocaleString('en-US')}: ${sample.importSeconds.toFixed(1)} s; refresh as of ${CDNOW.asOf}: ${sample.refreshSeconds.toFixed(1)} s`,
  );
  console.log(`  calibration: ${sample.model.customers.toLocaleString('en-US')} customers, ${sample.model.repeat_customers.toLocaleString('en-US')} with a repeat purchase (published 2,357 and 946)\n`);
  console.log('  parameter   fitted (± SE)              published   difference');
  for (const row of report.fitted) {
    const se = row.standardError === null ? '' : ` ± ${row.standardError.toFixed(3)}`;
    const verdict = Math.abs(row.relative) <= 0.01 ? 'within 1%' : 'OFF BY MORE THAN 1%';
    console.log(`  ${NAMES[row.name].padEnd(10)}  ${(row.value.toFixed(4) + se).padEnd(25)}  ${String(row.published).padStart(9)}   ${(row.relative * 100).toFixed(2).padStart(6)} %  ${verdict}`);
  }
  console.log(`\n  holdout ${CDNOW.asOf} to 1998-06-30 (${CDNOW.holdoutWeeks} weeks), repeat transactions (one per customer per day) of the ${holdout.people.toLocaleString('en-US')} customers:`);
  console.log(`    actual                        ${holdout.actual.toFixed(0).padStart(7)}`);
  console.log(`    BG/NBD (server's fit)         ${holdout.predicted.toFixed(1).padStart(7)}  (${(((holdout.predicted - holdout.actual) / holdout.actual) * 100).toFixed(1)} %)   per person MAE ${holdout.maeModel.toFixed(3)}`);
  console.log(`    naive (x / T × 39 weeks)      ${holdout.baseline.toFixed(1).padStart(7)}  (${(((holdout.baseline - holdout.actual) / holdout.actual) * 100).toFixed(1)} %)   per person MAE ${holdout.maeBaseline.toFixed(3)}`);
  console.log(`    the server's stored expected_orders_365d match the bench's from the same parameters to ${holdout.storedMismatch.toExponential(1)}`);
  const bg = master.model.bg_nbd;
  const gg = master.model.gamma_gamma;
  console.log(
    `\n  full file: ${master.customers.toLocaleString('en-US')} customers, ${master.lines.toLocaleString('en-US')} lines: import ${master.importSeconds.toFixed(1)} s (${(master.lines / master.importSeconds).toFixed(0)} events/s), refresh as of ${CDNOW.asOf} ${master.refreshSeconds.toFixed(1)} s`,
  );
  if (bg && gg) {
    console.log(
      `    fitted r ${bg.r.value.toFixed(4)}, α ${bg.alpha.value.toFixed(3)}, a ${bg.a.value.toFixed(4)}, b ${bg.b.value.toFixed(3)}; p ${gg.p.value.toFixed(3)}, q ${gg.q.value.toFixed(3)}, v ${gg.v.value.toFixed(3)} (${master.model.repeat_customers.toLocaleString('en-US')} repeat customers)`,
    );
  } else {
    console.log(`    no fit: ${master.model.notes.join(' ')}`);
  }
  for (const problem of report.problems) console.log(`  !!! ${problem}`);
  return report.problems.length === 0;
}
