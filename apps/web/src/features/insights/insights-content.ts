import type { RfmGroup } from '@postlark/shared/insights';

// The Insights page's and the Purchases card's own texts. The server's (INSIGHT_MESSAGES: what a
// fit is missing) arrive in its answers and are shown as they are, never repeated here.

export const INSIGHTS_TEXTS = {
  title: 'Purchase insights',
  lead: 'Who buys, how often and what they are worth: RFM scores and predictions fitted to your own orders.',
  loading: 'Loading purchase insights...',
  failed: 'Could not load your purchase insights.',
  refreshFailed: 'Could not start a refresh.',
  refreshNow: 'Refresh now',
  refreshing: 'Refreshing...',
  noOrdersTitle: 'No orders yet',
  notComputedTitle: 'Your insights are on their way',
  notComputed: 'Orders have arrived but the insights have not been worked out yet. They refresh nightly and after new orders; refresh now to see them at once.',
  apiDocs: 'Read the API documentation',
  emptyPurchases: 'No orders from this person yet.',
  engagementTitle: 'Email engagement',
  engagementNotComputed: 'Send times and engagement scores have not been worked out yet: they refresh nightly, after new opens and clicks, or on request.',
  bestSendTime: 'Best send time',
  theirTime: (zone: string) => `their time (${zone})`,
  yourTime: (zone: string) => `your time (${zone}; theirs is not known)`,
  sendTimePersonal: (count: string, signals: number) => `Their own: from ${count} human open${signals === 1 ? '' : 's'} and clicks`,
  sendTimeAudience: (count: string, signals: number) =>
    signals === 0 ? 'Your audience’s: no human opens or clicks from them yet' : `Mostly your audience’s: only ${count} human open${signals === 1 ? '' : 's'} or clicks from them`,
  engagementScore: 'Chance they open or click the next campaign',
  engagementMeaning: 'Human opens and clicks only; machine opens carry no weight.',
  engagementReasons: 'Why',
} as const;

/** What each RFM group means, beside its count. */
export const RFM_GROUP_NOTES: Record<RfmGroup, string> = {
  Champions: 'Bought lately and often',
  Loyal: 'Buy regularly',
  'At risk': 'Bought often, not lately',
  Hibernating: 'Few orders, long ago',
  New: 'Recent first orders',
};

/** The example order the empty state shows, as POST /api/v1/events takes it. */
export const ORDER_EVENT_EXAMPLE = `POST /api/v1/events
Authorization: Bearer <your API key>

{
  "events": [{
    "name": "order_placed",
    "email": "ada@example.com",
    "id": "order-1001",
    "occurred_at": "2026-11-24T09:30:00Z",
    "value": 59.90,
    "currency": "EUR",
    "properties": {
      "order_id": "1001",
      "items": [
        { "product_id": "lark-mug",
          "quantity": 2, "price": 29.95 }
      ]
    }
  }]
}`;
