// What the insights worker thread (insights-worker.ts) is asked and answers, one call at a time
// per message id (fit-worker.ts sends them). Types only: both threads import this file.
import type { PurchaseModel } from '@postlark/shared/insights';
import type { AudienceHistoryPage, AudienceModels } from './audience-history';
import type { PurchaseColumns } from './purchase-columns';
import type { RecommendationModel } from './recommendations';
import type { SignalPage } from './recommendation-signals';
import type { StoreBatch } from './store-batches';

export interface WorkerCalls {
  /** A refresh begins: everything is computed as of this instant (epoch ms). */
  'refresh-start': { request: { asOf: number }; reply: null };
  /** One page of people: their email history and the purchase histories of those who bought. */
  'refresh-page': { request: { audience: AudienceHistoryPage; purchases: PurchaseColumns }; reply: null };
  /** Reads every page from this PostgreSQL itself (refresh-pages.ts), instead of being sent them. */
  'refresh-read': { request: { databaseUrl: string; customerId: string; pageSize: number }; reply: null };
  /** Every page is in: the account's models. */
  'refresh-fit': { request: { fittedAt: number }; reply: { purchases: PurchaseModel; audience: AudienceModels; people: number } };
  /** The next buyers' figures (at most `size`) as storePurchases takes them, null when every buyer's were given. */
  'refresh-purchases': { request: { size: number }; reply: StoreBatch | null };
  /** The next page's send times and scores as storeAudienceInsights takes them, null after the last page. */
  'refresh-audience': { request: Record<string, never>; reply: StoreBatch | null };
  /** One page of people's product signals for the recommendation model. */
  'recommendations-page': { request: { page: SignalPage }; reply: null };
  /** Every page is in: the model, as of `now` (epoch ms). */
  'recommendations-fit': { request: { now: number }; reply: RecommendationModel };
}

export type WorkerCall = keyof WorkerCalls;

export interface WorkerRequest<K extends WorkerCall = WorkerCall> {
  id: number;
  call: K;
  body: WorkerCalls[K]['request'];
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
