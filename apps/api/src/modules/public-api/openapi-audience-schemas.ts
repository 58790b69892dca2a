import { ACTIVITY_KINDS, ACTIVITY_LIMIT, MEMBERSHIP_STATUSES, SUBSCRIBER_STATUSES } from '@postlark/shared/audience';
import { BUILT_IN_EVENTS, EVENT_LIMITS } from '@postlark/shared/events';
import { ENGAGEMENT_BANDS, INSIGHT_REFRESH_STATUSES, RFM_GROUPS, SEND_TIME_SOURCES } from '@postlark/shared/insights';
import { PRODUCT_LIMITS, productSchema } from '@postlark/shared/products';
import { RECOMMENDATION_REASONS } from '@postlark/shared/recommendations';
import { type JsonSchema, record, ref, requestSchema } from './openapi-parts';

// What the audience half of the public API answers (and the events it takes, checked by hand):
// written out here, each enumeration and limit taken from the shared constants. Every property
// listed is in the answer unless it is named optional; a null says "none".

const time = { type: 'string', format: 'date-time' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const nullableNumber = { type: ['number', 'null'] };
const nullableString = { type: ['string', 'null'] };
const estimate = record({ value: { type: 'number' }, standard_error: nullableNumber });
const membershipCounts = record(Object.fromEntries(MEMBERSHIP_STATUSES.map((status) => [status, { type: 'integer' }])));

const subscriberSummary = {
  id: { type: 'string', format: 'uuid' },
  email: { type: 'string' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  status: { enum: SUBSCRIBER_STATUSES },
  created_at: time,
};

export function audienceSchemas(): Record<string, JsonSchema> {
  return {
    Message: record({ message: { type: 'string' } }),
    Problem: record({ message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } }, ['errors']),
    // The bulk call's products, each checked with this schema on its own.
    Product: requestSchema(productSchema, 'One product of a bulk call: as in a PUT, with its id. A price and its currency go together.'),
    PurchaseInsights: {
      ...record({
        orders: { type: ['integer', 'null'] },
        revenue: nullableNumber,
        first_order_at: nullableTime,
        last_order_at: nullableTime,
        average_order_value: nullableNumber,
        rfm: { ...record({ recency: { type: 'integer' }, frequency: { type: 'integer' }, monetary: { type: 'integer' }, group: { enum: RFM_GROUPS } }), type: ['object', 'null'] },
        p_alive: nullableNumber,
        expected_orders_90d: nullableNumber,
        expected_orders_365d: nullableNumber,
        predicted_value_365d: nullableNumber,
        churn_risk: { ...nullableNumber, description: '1 − p_alive' },
        next_order_expected_at: { ...nullableTime, description: 'When the next order is as likely as not to have come; null when it more likely never comes' },
        note: nullableString,
      }),
      description: 'Nulls, and `note` saying what is missing, where the data is too thin for a figure.',
    },
    BestSendTime: {
      ...record({
        hour_utc: { type: 'number', description: 'Hours in UTC, [0, 24) in quarter hours' },
        signals: { type: 'integer', description: 'Human opens and clicks it rests on' },
        source: { enum: SEND_TIME_SOURCES, description: 'personal, or audience where the person has too few signals' },
      }),
      type: ['object', 'null'],
      description: 'The hour to send to this person, from their human opens and clicks (machine opens never count); null before the account’s first refresh.',
    },
    Engagement: {
      ...record({ score: { type: 'number', description: 'A calibrated probability, 0 to 1' }, band: { enum: ENGAGEMENT_BANDS }, reasons: { type: 'array', items: { type: 'string' } } }),
      type: ['object', 'null'],
      description: 'The probability of a human open or click of the next campaign; null before the account’s first refresh.',
    },
    InsightsRefresh: record({
      id: { type: 'string', format: 'uuid' },
      status: { enum: INSIGHT_REFRESH_STATUSES },
      as_of: nullableTime,
      requested_at: time,
      started_at: nullableTime,
      finished_at: nullableTime,
      people_total: { type: ['integer', 'null'] },
      people_done: { type: 'integer' },
      error: nullableString,
      model: {
        ...record({
          as_of: time,
          fitted_at: time,
          customers: { type: 'integer' },
          repeat_customers: { type: 'integer' },
          bg_nbd: { ...record({ r: estimate, alpha: estimate, a: estimate, b: estimate, log_likelihood: { type: 'number' } }), type: ['object', 'null'] },
          gamma_gamma: { ...record({ p: estimate, q: estimate, v: estimate, log_likelihood: { type: 'number' } }), type: ['object', 'null'] },
          notes: { type: 'array', items: { type: 'string' } },
        }),
        type: ['object', 'null'],
        description: 'The fitted parameters with their standard errors (null where the data is too thin: see notes)',
      },
    }),
    Event: {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      description: `Built-in names: ${Object.values(BUILT_IN_EVENTS).join(', ')}. order_placed needs properties.order_id, value and currency (properties.items: [{product_id, quantity, price}]); product_viewed needs properties.product_id; email_* history needs properties.campaign_ref (opens and clicks may carry properties.user_agent, used to tell machine opens, then dropped). Give email or subscriber_id.`,
      properties: {
        name: { type: 'string', pattern: '^[a-z0-9_.:-]{1,100}$' },
        email: { type: 'string', format: 'email' },
        subscriber_id: { type: 'string', format: 'uuid' },
        occurred_at: { type: 'string', format: 'date-time', description: 'Default: now; at most a day ahead' },
        id: { type: 'string', minLength: 1, maxLength: EVENT_LIMITS.idempotencyKey, description: 'Your idempotency key' },
        properties: { type: 'object', description: `At most ${EVENT_LIMITS.propertiesBytes / 1024} KB as JSON` },
        value: { type: 'number' },
        currency: { type: 'string', description: 'ISO 4217, with value' },
      },
    },
    PersonEvent: record({
      name: { type: 'string' },
      occurred_at: time,
      source: { type: 'string', description: 'own (our campaigns), api, import, or a platform' },
      value: nullableNumber,
      currency: nullableString,
      campaign_ref: nullableString,
      machine: { type: ['boolean', 'null'], description: 'An open or click by a machine (privacy proxy, scanner)' },
      properties: { type: ['object', 'null'] },
    }),
    Subscriber: record({
      ...subscriberSummary,
      attributes: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
      timezone: nullableString,
      updated_at: time,
      preference_url: { type: 'string', format: 'uri' },
      consent: { ...record({ source: { type: 'string' }, at: nullableTime, confirmed_at: nullableTime }), description: 'How they came in (manual, api, form, import), and when they agreed and confirmed' },
      lists: {
        type: 'array',
        items: record({ list_id: { type: 'string', format: 'uuid' }, list_name: { type: 'string' }, status: { enum: MEMBERSHIP_STATUSES }, confirmed_at: nullableTime }),
      },
      insights: { ...record({ purchases: ref('PurchaseInsights'), best_send_time: ref('BestSendTime'), engagement: ref('Engagement') }), description: 'What the models worked out' },
      activity: {
        type: 'array',
        description: `Their timeline, newest first (at most ${ACTIVITY_LIMIT} events).`,
        items: record({ kind: { enum: ACTIVITY_KINDS }, at: time, list_id: nullableString, list_name: nullableString, source: nullableString }),
      },
    }),
    SubscriberRow: {
      ...record({
        ...subscriberSummary,
        engagement: { ...record({ score: { type: 'number' }, band: { enum: ENGAGEMENT_BANDS } }), type: ['object', 'null'], description: 'The last refresh’s score and band; null before one' },
      }),
      description: 'A subscriber in a page of them: ask for one to read the rest.',
    },
    SubscribersPage: record({ subscribers: { type: 'array', items: ref('SubscriberRow') }, next_cursor: nullableString, total: { type: 'integer' } }),
    List: record({
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      description: { type: 'string' },
      double_opt_in: { type: 'boolean' },
      created_at: time,
      counts: membershipCounts,
    }),
    ProductStored: record({
      id: { type: 'string', minLength: 1, maxLength: PRODUCT_LIMITS.id },
      title: { type: 'string' },
      url: nullableString,
      image_url: nullableString,
      price: nullableNumber,
      currency: nullableString,
      categories: { type: 'array', items: { type: 'string' } },
      in_stock: { type: 'boolean' },
      created_at: time,
      updated_at: time,
    }),
    RecommendedProduct: record({
      id: { type: 'string' },
      title: { type: 'string' },
      url: nullableString,
      image_url: nullableString,
      price: nullableNumber,
      currency: nullableString,
      score: { type: 'number', description: 'Higher is better; comparable within one answer only' },
      reason: { type: 'string', description: `"${RECOMMENDATION_REASONS.boughtWith('<title>')}" or "${RECOMMENDATION_REASONS.popular}"` },
    }),
    ProductsPage: record({ products: { type: 'array', items: ref('ProductStored') }, next_cursor: nullableString, total: { type: 'integer' } }),
  };
}
