import { BUILT_IN_EVENTS, EVENT_LIMITS } from '@postlark/shared/events';
import { ACTIVITY_KINDS, ACTIVITY_LIMIT, AUDIENCE_LIMITS, SETTABLE_SUBSCRIBER_STATUSES, SUBSCRIBER_SORTS, SUBSCRIBER_STATUSES } from '@postlark/shared/audience';
import { ENGAGEMENT_BANDS, INSIGHT_REFRESH_STATUSES, RFM_GROUPS, SEND_TIME_SOURCES } from '@postlark/shared/insights';
import { PRODUCT_LIMITS } from '@postlark/shared/products';
import { RECOMMENDATION_LIMITS, RECOMMENDATION_REASONS } from '@postlark/shared/recommendations';
import { body, common, idParam, json, problem, ref } from './openapi-parts';
import { sendingPaths, sendingSchemas } from './openapi-sending';

// The public API's description (OpenAPI 3.1), served at /api/docs/openapi.json and drawn at
// /api/docs. Enumerations and limits come from the shared schemas, so the document cannot drift.

const productIdParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: PRODUCT_LIMITS.id }, description: 'Your own product id, URL-encoded' };
const ESTIMATE = { type: 'object', properties: { value: { type: 'number' }, standard_error: { type: ['number', 'null'] } } };

export function openApiDocument(appUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Postlark API',
      version: '1',
      description:
        'Manage your audience, and write, test and send campaigns, from other apps. Make a key in your profile (Integrations) and send it as `Authorization: Bearer pl_live_…`. A key acts for its whole account, with the same rules and quotas as the dashboard. Every answer is JSON `{ "payload": … }`; a 400 names each bad field in `payload.errors`.',
    },
    servers: [{ url: `${appUrl}/api` }],
    security: [{ apiKey: [] }],
    paths: {
      '/v1/subscribers': {
        get: {
          summary: 'List subscribers, a page at a time',
          parameters: [
            { name: 'q', in: 'query', schema: { type: 'string', maxLength: AUDIENCE_LIMITS.search }, description: 'Search in addresses and names' },
            { name: 'status', in: 'query', schema: { enum: SUBSCRIBER_STATUSES } },
            { name: 'list_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'segment_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'sort', in: 'query', schema: { enum: SUBSCRIBER_SORTS, default: 'created_at' } },
            { name: 'order', in: 'query', schema: { enum: ['asc', 'desc'], default: 'desc' } },
            { name: 'after', in: 'query', schema: { type: 'string' }, description: 'next_cursor of the previous page' },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: AUDIENCE_LIMITS.maxPageSize, default: AUDIENCE_LIMITS.pageSize } },
          ],
          responses: { '200': json('One page', ref('SubscribersPage')), '400': problem('A bad query'), ...common },
        },
        post: {
          summary: 'Add a subscriber (confirmed on the lists given)',
          requestBody: body(ref('SubscriberCreate')),
          responses: { '201': json('Added', { type: 'object', properties: { message: { type: 'string' }, subscriber: ref('Subscriber') } }), '400': problem('A bad field'), '409': problem('Already in the audience, or suppressed'), ...common },
        },
      },
      '/v1/subscribers/{id}': {
        parameters: [idParam],
        get: { summary: 'One subscriber', responses: { '200': json('The subscriber', ref('Subscriber')), '404': problem('Not yours, or no such subscriber'), ...common } },
        patch: { summary: 'Change a subscriber', requestBody: body(ref('SubscriberUpdate')), responses: { '200': json('Saved', ref('Subscriber')), '400': problem('A bad field'), '404': problem('Not found'), '409': problem('Address taken, or re-activating someone who left'), ...common } },
        delete: { summary: 'Erase a subscriber (a hash of the address stays suppressed)', responses: { '200': json('Erased', ref('Message')), '404': problem('Not found'), ...common } },
      },
      '/v1/lists': {
        get: { summary: 'Your lists with member counts', responses: { '200': json('Lists', { type: 'object', properties: { lists: { type: 'array', items: ref('List') } } }), ...common } },
        post: { summary: 'Create a list', requestBody: body(ref('ListCreate')), responses: { '201': json('Created', ref('List')), '400': problem('A bad field'), '409': problem('Name taken'), ...common } },
      },
      '/v1/lists/{id}': {
        parameters: [idParam],
        get: { summary: 'One list', responses: { '200': json('The list', ref('List')), '404': problem('Not found'), ...common } },
        patch: { summary: 'Change a list', requestBody: body(ref('ListCreate')), responses: { '200': json('Saved', ref('List')), '404': problem('Not found'), ...common } },
        delete: { summary: 'Delete a list (its subscribers stay)', responses: { '200': json('Deleted', ref('Message')), '404': problem('Not found'), ...common } },
      },
      '/v1/lists/{id}/subscribe': {
        parameters: [idParam],
        post: {
          summary: 'Ask a person to join a list, as a form would: double opt-in lists send a confirmation email first',
          requestBody: body({ type: 'object', required: ['email'], additionalProperties: false, properties: { email: { type: 'string', format: 'email' }, first_name: { type: 'string' }, last_name: { type: 'string' } } }),
          responses: { '202': json('Accepted', { type: 'object', properties: { message: { type: 'string' }, confirmation_sent: { type: 'boolean' } } }), '400': problem('A bad field'), '404': problem('Not found'), ...common },
        },
      },
      '/v1/products': {
        get: {
          summary: 'Your product catalogue, a page at a time, in id order',
          parameters: [
            { name: 'q', in: 'query', schema: { type: 'string', maxLength: PRODUCT_LIMITS.search }, description: 'Search in ids and titles' },
            { name: 'after', in: 'query', schema: { type: 'string' }, description: 'next_cursor of the previous page' },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: PRODUCT_LIMITS.maxPageSize, default: PRODUCT_LIMITS.pageSize } },
          ],
          responses: { '200': json('One page', ref('ProductsPage')), '400': problem('A bad query'), ...common },
        },
        post: {
          summary: `Create or replace up to ${PRODUCT_LIMITS.perCall.toLocaleString('en')} products at once; each is checked on its own`,
          requestBody: body({ type: 'object', required: ['products'], additionalProperties: false, properties: { products: { type: 'array', minItems: 1, maxItems: PRODUCT_LIMITS.perCall, items: ref('Product') } } }),
          responses: {
            '200': json('What was stored; a product that was not is named by its index with the reason (an id given twice keeps the later)', {
              type: 'object',
              properties: {
                created: { type: 'integer' },
                updated: { type: 'integer' },
                rejected: { type: 'array', items: { type: 'object', properties: { index: { type: 'integer' }, message: { type: 'string' } } } },
              },
            }),
            '400': problem('Not {"products": [...]} with 1 to 1,000 products'),
            '413': problem('Larger than 8 MB'),
            ...common,
          },
        },
      },
      '/v1/products/{id}': {
        parameters: [productIdParam],
        put: {
          summary: 'Create or replace one product, whole: a field left out is cleared',
          requestBody: body(ref('ProductFields')),
          responses: {
            '201': json('Created', { type: 'object', properties: { message: { type: 'string' }, product: ref('ProductStored') } }),
            '200': json('Replaced', { type: 'object', properties: { message: { type: 'string' }, product: ref('ProductStored') } }),
            '400': problem('A bad field, or an id in the body other than the address\'s'),
            ...common,
          },
        },
        get: { summary: 'One product', responses: { '200': json('The product', ref('ProductStored')), '404': problem('Not yours, or no such product'), ...common } },
        delete: { summary: 'Delete a product', responses: { '200': json('Deleted', ref('Message')), '404': problem('Not found'), ...common } },
      },
      '/v1/events': {
        post: {
          summary: `Record what people did: up to ${EVENT_LIMITS.perCall.toLocaleString('en-US')} events per call, each checked on its own`,
          description:
            'An unknown address gets a profile without consent (status not_subscribed: counted, segmented, never mailed until they subscribe). A repeated `id` (or, without one, the same content) is a duplicate and changes nothing. An erased address is refused.',
          requestBody: body({ type: 'object', required: ['events'], additionalProperties: false, properties: { events: { type: 'array', minItems: 1, maxItems: EVENT_LIMITS.perCall, items: ref('Event') } } }),
          responses: {
            '202': json('Taken', {
              type: 'object',
              properties: {
                accepted: { type: 'integer' },
                duplicates: { type: 'integer' },
                rejected: { type: 'array', items: { type: 'object', properties: { index: { type: 'integer' }, message: { type: 'string' } } } },
              },
            }),
            '400': problem('Not a batch of 1 to 5,000 events'),
            '413': problem('Body over 10 MB'),
            ...common,
          },
        },
      },
      '/v1/subscribers/{id}/events': {
        parameters: [idParam],
        get: {
          summary: `A person's events, newest first (${EVENT_LIMITS.page} a page): what they did, and what our campaigns recorded (delivered, opened, clicked, bounced, unsubscribed)`,
          parameters: [
            { name: 'name', in: 'query', schema: { type: 'string', maxLength: EVENT_LIMITS.name } },
            { name: 'after', in: 'query', schema: { type: 'string' }, description: 'next_cursor of the previous page, or an ISO 8601 time: only events after it' },
          ],
          responses: {
            '200': json('One page', { type: 'object', properties: { events: { type: 'array', items: ref('PersonEvent') }, next_cursor: { type: ['string', 'null'] } } }),
            '400': problem('A bad query'),
            '404': problem('Not found'),
            ...common,
          },
        },
      },
      '/v1/subscribers/{id}/recommendations': {
        parameters: [idParam],
        get: {
          summary: 'Products to recommend to a person, best first: what was bought with their own products, then what is popular this month; never one they bought or one out of stock',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: RECOMMENDATION_LIMITS.min, maximum: RECOMMENDATION_LIMITS.max, default: RECOMMENDATION_LIMITS.default } },
          ],
          responses: {
            '200': json('The recommendations', { type: 'object', properties: { products: { type: 'array', items: ref('RecommendedProduct') } } }),
            '400': problem('A limit outside 1 to 20'),
            '404': problem('Not yours, or no such subscriber'),
            ...common,
          },
        },
      },
      '/v1/insights/refresh': {
        post: {
          summary: 'Recompute the account’s purchase insights (BG/NBD, Gamma-Gamma, RFM) now, or as of a past time for a backtest',
          description:
            'Runs in the background: answers 202 with the refresh to follow. One runs at a time per account: asking again for the same as_of while one is pending answers with that one; another as_of gets a 409. Insights also refresh nightly and, after new orders, at most hourly.',
          requestBody: {
            required: false,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  properties: { as_of: { type: 'string', description: 'A date (UTC midnight) or date-time, not in the future: computed from the orders before it' } },
                },
              },
            },
          },
          responses: { '202': json('Queued', ref('InsightsRefresh')), '400': problem('A bad as_of'), '409': problem('Another refresh is under way'), ...common },
        },
      },
      '/v1/insights/refresh/{id}': {
        parameters: [idParam],
        get: { summary: 'Where a refresh stands, and the model it fitted', responses: { '200': json('The refresh', ref('InsightsRefresh')), '404': problem('Not found'), ...common } },
      },
      ...sendingPaths(),
    },
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A key from your profile: pl_live_…' } },
      schemas: {
        Message: { type: 'object', properties: { message: { type: 'string' } } },
        PurchaseInsights: {
          type: 'object',
          description: 'Nulls, and `note` saying what is missing, where the data is too thin for a figure.',
          properties: {
            orders: { type: ['integer', 'null'] },
            revenue: { type: ['number', 'null'] },
            first_order_at: { type: ['string', 'null'], format: 'date-time' },
            last_order_at: { type: ['string', 'null'], format: 'date-time' },
            average_order_value: { type: ['number', 'null'] },
            rfm: {
              type: ['object', 'null'],
              properties: { recency: { type: 'integer' }, frequency: { type: 'integer' }, monetary: { type: 'integer' }, group: { enum: RFM_GROUPS } },
            },
            p_alive: { type: ['number', 'null'] },
            expected_orders_90d: { type: ['number', 'null'] },
            expected_orders_365d: { type: ['number', 'null'] },
            predicted_value_365d: { type: ['number', 'null'] },
            churn_risk: { type: ['number', 'null'], description: '1 − p_alive' },
            next_order_expected_at: { type: ['string', 'null'], format: 'date-time', description: 'When the next order is as likely as not to have come; null when it more likely never comes' },
            note: { type: ['string', 'null'] },
          },
        },
        BestSendTime: {
          type: ['object', 'null'],
          description: 'The hour to send to this person, from their human opens and clicks (machine opens never count); null before the account’s first refresh.',
          properties: {
            hour_utc: { type: 'number', description: 'Hours in UTC, [0, 24) in quarter hours' },
            signals: { type: 'integer', description: 'Human opens and clicks it rests on' },
            source: { enum: SEND_TIME_SOURCES, description: 'personal, or audience where the person has too few signals' },
          },
        },
        Engagement: {
          type: ['object', 'null'],
          description: 'The probability of a human open or click of the next campaign; null before the account’s first refresh.',
          properties: {
            score: { type: 'number', description: 'A calibrated probability, 0 to 1' },
            band: { enum: ENGAGEMENT_BANDS },
            reasons: { type: 'array', items: { type: 'string' } },
          },
        },
        InsightsRefresh: {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid' },
            status: { enum: INSIGHT_REFRESH_STATUSES },
            as_of: { type: ['string', 'null'], format: 'date-time' },
            requested_at: { type: 'string', format: 'date-time' },
            started_at: { type: ['string', 'null'], format: 'date-time' },
            finished_at: { type: ['string', 'null'], format: 'date-time' },
            people_total: { type: ['integer', 'null'] },
            people_done: { type: 'integer' },
            error: { type: ['string', 'null'] },
            model: {
              type: ['object', 'null'],
              description: 'The fitted parameters with their standard errors (null where the data is too thin: see notes)',
              properties: {
                as_of: { type: 'string', format: 'date-time' },
                fitted_at: { type: 'string', format: 'date-time' },
                customers: { type: 'integer' },
                repeat_customers: { type: 'integer' },
                bg_nbd: { type: ['object', 'null'], properties: { r: ESTIMATE, alpha: ESTIMATE, a: ESTIMATE, b: ESTIMATE, log_likelihood: { type: 'number' } } },
                gamma_gamma: { type: ['object', 'null'], properties: { p: ESTIMATE, q: ESTIMATE, v: ESTIMATE, log_likelihood: { type: 'number' } } },
                notes: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
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
            id: { type: 'string', maxLength: EVENT_LIMITS.idempotencyKey, description: 'Your idempotency key' },
            properties: { type: 'object', description: `At most ${EVENT_LIMITS.propertiesBytes / 1024} KB as JSON` },
            value: { type: 'number' },
            currency: { type: 'string', description: 'ISO 4217, with value' },
          },
        },
        PersonEvent: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            occurred_at: { type: 'string', format: 'date-time' },
            source: { type: 'string', description: 'own (our campaigns), api, import, or a platform' },
            value: { type: ['number', 'null'] },
            currency: { type: ['string', 'null'] },
            campaign_ref: { type: ['string', 'null'] },
            machine: { type: ['boolean', 'null'], description: 'An open or click by a machine (privacy proxy, scanner)' },
            properties: { type: ['object', 'null'] },
          },
        },
        Problem: { type: 'object', properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } } },
        SubscriberCreate: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', format: 'email' },
            first_name: { type: 'string', maxLength: AUDIENCE_LIMITS.name },
            last_name: { type: 'string', maxLength: AUDIENCE_LIMITS.name },
            attributes: { type: 'object', maxProperties: AUDIENCE_LIMITS.attributeKeys, additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
            timezone: { type: ['string', 'null'], description: 'An IANA time zone, like Europe/London' },
            status: { enum: SETTABLE_SUBSCRIBER_STATUSES },
            list_ids: { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: AUDIENCE_LIMITS.listsPerRequest },
          },
        },
        SubscriberUpdate: { allOf: [ref('SubscriberCreate')], description: 'Any of the fields; list_ids is the complete set of lists.' },
        Subscriber: {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid' },
            email: { type: 'string' },
            first_name: { type: 'string' },
            last_name: { type: 'string' },
            status: { enum: SUBSCRIBER_STATUSES },
            attributes: { type: 'object' },
            timezone: { type: ['string', 'null'] },
            created_at: { type: 'string', format: 'date-time' },
            updated_at: { type: 'string', format: 'date-time' },
            preference_url: { type: 'string', format: 'uri' },
            lists: { type: 'array', items: { type: 'object', properties: { list_id: { type: 'string' }, list_name: { type: 'string' }, status: { enum: ['unconfirmed', 'confirmed', 'unsubscribed'] } } } },
            insights: { type: 'object', description: 'What the models worked out (left out on a list of subscribers)', properties: { purchases: ref('PurchaseInsights'), best_send_time: ref('BestSendTime'), engagement: ref('Engagement') } },
            activity: {
              type: 'array',
              description: `Their timeline, newest first (at most ${ACTIVITY_LIMIT} events); on a list of subscribers it is left out.`,
              items: {
                type: 'object',
                properties: {
                  kind: { enum: ACTIVITY_KINDS },
                  at: { type: 'string', format: 'date-time' },
                  list_id: { type: ['string', 'null'] },
                  list_name: { type: ['string', 'null'] },
                  source: { type: ['string', 'null'] },
                },
              },
            },
          },
        },
        SubscribersPage: {
          type: 'object',
          properties: { subscribers: { type: 'array', items: ref('Subscriber') }, next_cursor: { type: ['string', 'null'] }, total: { type: 'integer' } },
        },
        ListCreate: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', maxLength: AUDIENCE_LIMITS.listName }, description: { type: 'string' }, double_opt_in: { type: 'boolean', default: true } },
        },
        List: {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid' },
            name: { type: 'string' },
            description: { type: 'string' },
            double_opt_in: { type: 'boolean' },
            counts: { type: 'object', properties: { unconfirmed: { type: 'integer' }, confirmed: { type: 'integer' }, unsubscribed: { type: 'integer' } } },
          },
        },
        ProductFields: {
          type: 'object',
          required: ['title'],
          additionalProperties: false,
          description: 'A price and its currency go together.',
          properties: {
            id: { type: 'string', minLength: 1, maxLength: PRODUCT_LIMITS.id, description: 'In a PUT, the address gives it (given here too, it must be the same)' },
            title: { type: 'string', minLength: 1, maxLength: PRODUCT_LIMITS.title },
            url: { type: ['string', 'null'], format: 'uri', maxLength: PRODUCT_LIMITS.url, description: 'http:// or https://' },
            image_url: { type: ['string', 'null'], format: 'uri', maxLength: PRODUCT_LIMITS.url, description: 'http:// or https://' },
            price: { type: ['number', 'null'], minimum: 0, maximum: PRODUCT_LIMITS.maxPrice },
            currency: { type: ['string', 'null'], minLength: 3, maxLength: 3, description: 'ISO 4217, such as USD or EUR' },
            categories: { type: 'array', maxItems: PRODUCT_LIMITS.categories, items: { type: 'string', minLength: 1, maxLength: PRODUCT_LIMITS.category }, default: [] },
            in_stock: { type: 'boolean', default: true },
          },
        },
        Product: { allOf: [ref('ProductFields')], required: ['id', 'title'] },
        ProductStored: {
          allOf: [ref('ProductFields')],
          properties: { created_at: { type: 'string', format: 'date-time' }, updated_at: { type: 'string', format: 'date-time' } },
        },
        RecommendedProduct: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            url: { type: ['string', 'null'] },
            image_url: { type: ['string', 'null'] },
            price: { type: ['number', 'null'] },
            currency: { type: ['string', 'null'] },
            score: { type: 'number', description: 'Higher is better; comparable within one answer only' },
            reason: { type: 'string', description: `"${RECOMMENDATION_REASONS.boughtWith('<title>')}" or "${RECOMMENDATION_REASONS.popular}"` },
          },
        },
        ProductsPage: {
          type: 'object',
          properties: { products: { type: 'array', items: ref('ProductStored') }, next_cursor: { type: ['string', 'null'] }, total: { type: 'integer' } },
        },
        ...sendingSchemas(),
      },
    },
  };
}
