// The insights worker thread (started by fit-worker.ts through insights-worker-boot.mjs): the
// fits and each person's figures run here, on a heap capped by INSIGHTS_FIT_HEAP_MB, so a fit
// never holds the process's event loop, and one that outgrows its heap ends this thread only.
// The main thread reads the database and stores; this thread only computes.
import { parentPort } from 'node:worker_threads';
import { AudienceHistory, type AudienceModels } from './audience-history';
import type { WorkerCall, WorkerCalls, WorkerReply, WorkerRequest } from './insights-worker-protocol';
import { historyAt, idsOf, type PurchaseColumns } from './purchase-columns';
import { fitPurchases, type PersonPurchases, type PurchaseFitInput, type PurchaseFits, purchasesOf } from './purchase-insights';
import { peopleOfPage, type SignalPage } from './recommendation-signals';
import { fitRecommendations } from './recommendations';
import { audienceBatch, purchasesBatch } from './store-batches';

interface Refresh {
  asOf: Date;
  audience: AudienceHistory;
  /** Pages of buyers, dropped as their figures are given. */
  purchases: PurchaseColumns[];
  fitted?: { purchases: PurchaseFits; audience: AudienceModels; results: ReturnType<AudienceHistory['results']> };
  /** Where the next buyers' figures start: the first page's buyer `row` (its ids split once). */
  cursor: { row: number; ids: string[] | null };
}

let refresh: Refresh | null = null;
let signalPages: SignalPage[] = [];

const started = (): Refresh => {
  if (!refresh) throw new Error('No refresh was started in this worker.');
  return refresh;
};
const fittedOf = (state: Refresh) => {
  if (!state.fitted) throw new Error('The refresh was not fitted yet.');
  return state.fitted;
};

/** What the fits read of every buyer, a small object each (their full histories stay packed). */
function* fitInputs(pages: readonly PurchaseColumns[]): Generator<PurchaseFitInput> {
  for (const page of pages) {
    const ids = idsOf(page);
    for (let i = 0; i < page.count; i++) {
      const { x, tx, T, repeatMeanValue, daysSinceLastOrder, orders, revenue } = historyAt(page, ids, i);
      yield { x, tx, T, repeatMeanValue, daysSinceLastOrder, orders, revenue };
    }
  }
}

type Reply<K extends WorkerCall> = WorkerCalls[K]['reply'];

/** This thread's own connection to PostgreSQL for one refresh's reads, closed after them. */
async function readPagesFrom(databaseUrl: string, customerId: string, pageSize: number): Promise<void> {
  const state = started();
  // Loaded only here: a fit on the embedded database, or of recommendations, never needs them.
  const [{ default: pg }, { drizzle }, { PAGES_IN_FLIGHT, readRefreshPages }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('./refresh-pages')]);
  // A connection per page read side by side (each runs its three queries in turn on it).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: PAGES_IN_FLIGHT });
  pool.on('error', () => {});
  try {
    await readRefreshPages(drizzle({ client: pool }), customerId, state.asOf, pageSize, (page) => addPage(state, page));
  } finally {
    await pool.end();
  }
}

function addPage(state: Refresh, { audience, purchases }: WorkerCalls['refresh-page']['request']): void {
  state.audience.add(audience);
  if (purchases.count > 0) state.purchases.push(purchases);
}

const handlers: { [K in WorkerCall]: (body: WorkerCalls[K]['request']) => Reply<K> | Promise<Reply<K>> } = {
  'refresh-start': ({ asOf }) => {
    refresh = { asOf: new Date(asOf), audience: new AudienceHistory(new Date(asOf)), purchases: [], cursor: { row: 0, ids: null } };
    return null;
  },
  'refresh-page': (page) => {
    addPage(started(), page);
    return null;
  },
  'refresh-read': async ({ databaseUrl, customerId, pageSize }) => {
    await readPagesFrom(databaseUrl, customerId, pageSize);
    return null;
  },
  'refresh-fit': ({ fittedAt }) => {
    const state = started();
    const purchases = fitPurchases([...fitInputs(state.purchases)], state.asOf, new Date(fittedAt));
    const audience = state.audience.fit();
    state.fitted = { purchases, audience, results: state.audience.results(audience) };
    return { purchases: purchases.model, audience, people: state.audience.people };
  },
  'refresh-purchases': ({ size }) => {
    const state = started();
    const { purchases: fits } = fittedOf(state);
    const people: PersonPurchases[] = [];
    while (people.length < size && state.purchases.length > 0) {
      const page = state.purchases[0]!;
      const ids = (state.cursor.ids ??= idsOf(page));
      for (; state.cursor.row < page.count && people.length < size; state.cursor.row++) {
        const history = historyAt(page, ids, state.cursor.row);
        people.push({ subscriberId: history.subscriberId, purchases: purchasesOf(history, fits, state.asOf) });
      }
      if (state.cursor.row === page.count) {
        state.purchases.shift();
        state.cursor = { row: 0, ids: null };
      }
    }
    return people.length > 0 ? purchasesBatch(people) : null;
  },
  'refresh-audience': () => {
    const next = fittedOf(started()).results.next();
    return next.done ? null : audienceBatch(next.value.ids, next.value.sendTimes, next.value.engagement);
  },
  'recommendations-page': ({ page }) => {
    signalPages.push(page);
    return null;
  },
  'recommendations-fit': ({ now }) => {
    const pages = signalPages;
    signalPages = [];
    const people = (function* () {
      for (const page of pages) yield* peopleOfPage(page);
    })();
    return fitRecommendations(people, new Date(now));
  },
};

const port = parentPort;
if (!port) throw new Error('insights-worker.ts runs in a worker thread (fit-worker.ts starts it).');
port.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const handle = handlers[request.call] as (body: unknown) => unknown;
    reply = { id: request.id, ok: true, value: await handle(request.body) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
