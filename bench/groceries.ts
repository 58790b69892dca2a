import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type ApiServer, startApiServer } from './api-client';
import { account, post } from './cdnow';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * Recommendations on the Groceries market baskets (datasets/groceries, README there), through
 * the product: the 169 items posted as products (POST /api/v1/products), one person per basket
 * with one item held out of each basket of two or more (a fixed seed), each basket's other items
 * posted as that person's order_placed event (POST /api/v1/events, spread over the month before
 * now), then every such person's top 5 asked of GET /api/v1/subscribers/{id}/recommendations.
 * A hit is the held-out item among them; next to it, in the same run, "the 5 most popular items
 * not already in the basket" (popularity counted over the imported baskets).
 */

export const GROCERIES = {
  perCall: 5_000,
  top: 5,
  seed: 21,
  /** Requests in flight at once while asking for recommendations. */
  concurrency: 8,
  /** Target: at least this many more hits than popularity, relative. */
  targetLift: 0.05,
} as const;

export interface GroceriesReport {
  database: string;
  baskets: number;
  items: number;
  evaluated: number;
  importSeconds: number;
  askSeconds: number;
  hits: number;
  popularHits: number;
  /** Baskets only ours found, and only popularity found: the paired comparison's discordant pairs. */
  oursOnly: number;
  popularOnly: number;
  /** Hits by reason of the recommended item that hit. */
  hitsByReason: Record<string, number>;
  problems: string[];
}

/** Deterministic uniform numbers in [0, 1): the held-out items are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const slug = (item: string) => item.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Each line a basket of distinct items (the file has a trailing space in one item's name). */
export function readBaskets(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim().length > 0)
    .map((line) => [...new Set(line.split(',').map((item) => item.trim()).filter(Boolean))]);
}

/** Each basket's held-out item (null under two items) and the rest. */
export function holdOut(baskets: readonly string[][], seed: number): { kept: string[]; held: string | null }[] {
  const random = seeded(seed);
  return baskets.map((basket) => {
    if (basket.length < 2) return { kept: basket, held: null };
    const index = Math.floor(random() * basket.length);
    return { kept: basket.filter((_, at) => at !== index), held: basket[index]! };
  });
}

const email = (index: number) => `basket${index}@groceries.example`;

async function importBaskets(api: ApiServer, key: string, split: ReturnType<typeof holdOut>, items: readonly string[], problems: string[]): Promise<void> {
  const products = items.map((item) => ({ id: slug(item), title: item, url: `https://groceries.example/p/${slug(item)}` }));
  const stored = await post(api, key, 'POST', 'products', { products });
  if (stored.status !== 200 || stored.json.payload.created !== products.length) problems.push(`products: ${stored.status} ${JSON.stringify(stored.json.payload).slice(0, 300)}`);
  // The data set is one month: each basket at its own minute of the 30 days before now, in file order.
  const now = Date.now();
  const step = (30 * 86_400_000) / split.length;
  for (let start = 0; start < split.length; start += GROCERIES.perCall) {
    const events = split.slice(start, start + GROCERIES.perCall).map(({ kept }, offset) => {
      const index = start + offset;
      return {
        name: 'order_placed',
        email: email(index),
        id: `basket-${index}`,
        occurred_at: new Date(now - 30 * 86_400_000 + index * step).toISOString(),
        value: kept.length,
        currency: 'EUR',
        properties: { order_id: `basket-${index}`, items: kept.map((item) => ({ product_id: slug(item), quantity: 1 })) },
      };
    });
    const { status, json } = await post(api, key, 'POST', 'events', { events });
    if (status !== 202 || json.payload.accepted !== events.length) problems.push(`events: a call answered ${status}, ${JSON.stringify(json.payload).slice(0, 300)}`);
  }
}

export async function measureGroceries(repoRoot: string, log: (line: string) => void): Promise<GroceriesReport> {
  const baskets = readBaskets(path.resolve(repoRoot, 'datasets/groceries/groceries.csv'));
  const split = holdOut(baskets, GROCERIES.seed);
  const items = [...new Set(baskets.flat())].sort();
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  const problems: string[] = [];
  try {
    database = await throwawayDatabase();
    api = await startApiServer(repoRoot, 'groceries-server', { DATABASE_URL: database.url, API_REQUESTS_PER_MINUTE: '1000000' });
    const key = await account(api, 'groceries@bench.example');
    log(`importing ${items.length} products and ${baskets.length.toLocaleString('en-US')} baskets (one held-out item each from those of 2 or more) through the API`);
    const importStarted = performance.now();
    await importBaskets(api, key, split, items, problems);
    const importSeconds = (performance.now() - importStarted) / 1000;

    // The people's ids, read back from the database (the API's list would be 50 pages of 200).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const ids = new Map<string, string>();
    try {
      const { rows } = await client.query<{ id: string; email: string }>(`select s.id::text, s.email from subscribers s join customers c on c.id = s.customer_id where c.email = 'groceries@bench.example'`);
      for (const row of rows) ids.set(row.email, row.id);
    } finally {
      await client.end();
    }

    // The baseline: counted over what was imported (the held-out items are not there).
    const counts = new Map<string, number>();
    for (const { kept } of split) for (const item of kept) counts.set(item, (counts.get(item) ?? 0) + 1);
    const byPopularity = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([item]) => item);

    const evaluated = split.map((entry, index) => ({ ...entry, index })).filter((entry) => entry.held !== null);
    log(`asking GET /api/v1/subscribers/{id}/recommendations?limit=${GROCERIES.top} for ${evaluated.length.toLocaleString('en-US')} people, ${GROCERIES.concurrency} at a time`);
    let hits = 0;
    let popularHits = 0;
    let oursOnly = 0;
    let popularOnly = 0;
    const hitsByReason: Record<string, number> = {};
    const askStarted = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < evaluated.length) {
        const { kept, held, index } = evaluated[next++]!;
        const id = ids.get(email(index));
        if (!id) {
          problems.push(`no subscriber for basket ${index}`);
          continue;
        }
        const { status, json } = await post(api!, key, 'GET', `subscribers/${id}/recommendations?limit=${GROCERIES.top}`);
        if (status !== 200) {
          problems.push(`recommendations for basket ${index}: ${status}`);
          continue;
        }
        const products = json.payload.products as { id: string; reason: string }[];
        const hit = products.find((product) => product.id === slug(held!));
        if (hit) {
          hits++;
          const reason = hit.reason.startsWith('bought with') ? 'bought with …' : hit.reason;
          hitsByReason[reason] = (hitsByReason[reason] ?? 0) + 1;
        }
        const own = new Set(kept);
        const popularHit = byPopularity.filter((item) => !own.has(item)).slice(0, GROCERIES.top).includes(held!);
        if (popularHit) popularHits++;
        if (hit && !popularHit) oursOnly++;
        if (popularHit && !hit) popularOnly++;
      }
    };
    await Promise.all(Array.from({ length: GROCERIES.concurrency }, worker));
    const askSeconds = (performance.now() - askStarted) / 1000;
    return { database: database.description, baskets: baskets.length, items: items.length, evaluated: evaluated.length, importSeconds, askSeconds, hits, popularHits, oursOnly, popularOnly, hitsByReason, problems: problems.slice(0, 20) };
  } finally {
    await api?.close();
    await database?.close();
  }
}

/** Prints the section; answers whether it ran clean. */
export function printGroceries(report: GroceriesReport): boolean {
  const rate = (hits: number) => `${((hits / report.evaluated) * 100).toFixed(2)} %`;
  const lift = report.hits / report.popularHits - 1;
  console.log(`\n== Recommendations on the Groceries baskets through the API (${report.database}) ==`);
  console.log(`  ${report.baskets.toLocaleString('en-US')} baskets of ${report.items} items imported in ${report.importSeconds.toFixed(1)} s; ${report.evaluated.toLocaleString('en-US')} with an item held out (seed ${GROCERIES.seed}), asked in ${report.askSeconds.toFixed(1)} s (${(report.evaluated / report.askSeconds).toFixed(0)} requests/s)\n`);
  console.log(`  held-out item in the top ${GROCERIES.top}                        hits     share`);
  console.log(`    recommendations (bought together, then popular)  ${String(report.hits).padStart(5)}   ${rate(report.hits)}`);
  console.log(`    the ${GROCERIES.top} most popular items not in the basket      ${String(report.popularHits).padStart(5)}   ${rate(report.popularHits)}`);
  console.log(`    relative: ${(lift * 100).toFixed(1)} % more hits than popularity (target ≥ ${GROCERIES.targetLift * 100} %: ${lift >= GROCERIES.targetLift ? 'PASS' : 'BELOW'})`);
  // The same baskets judged both ways: the difference's standard error from the discordant pairs
  // (McNemar's), as a relative lift over popularity's rate.
  const n = report.evaluated;
  const difference = (report.oursOnly - report.popularOnly) / n;
  const standardError = Math.sqrt(report.oursOnly + report.popularOnly - n * difference ** 2) / n;
  const relative = (points: number) => `${((points / (report.popularHits / n)) * 100).toFixed(1)} %`;
  console.log(`    paired: ours alone ${report.oursOnly}, popularity alone ${report.popularOnly}; lift 95% interval ${relative(difference - 1.96 * standardError)} to ${relative(difference + 1.96 * standardError)}`);
  console.log('    (the model\'s settings were chosen on this data set: a new one would likely see a smaller lift)');
  console.log(`    hits by the recommendation's reason: ${Object.entries(report.hitsByReason).map(([reason, count]) => `${reason} ${count}`).join(', ')}`);
  for (const problem of report.problems) console.log(`  !!! ${problem}`);
  return report.problems.length === 0;
}
