import { apiListSubscribeSchema } from '@postlark/shared/api-keys';
import { listCreateSchema, listUpdateSchema, subscriberCreateSchema, subscriberQuerySchema, subscriberUpdateSchema } from '@postlark/shared/audience';
import { EVENT_LIMITS, personEventsQuerySchema } from '@postlark/shared/events';
import { insightsRefreshRequestSchema } from '@postlark/shared/insights';
import { PRODUCT_LIMITS, productBulkSchema, productIdSchema, productPutSchema, productQuerySchema } from '@postlark/shared/products';
import { recommendationQuerySchema } from '@postlark/shared/recommendations';
import { EVENTS_BODY_LIMIT, PRODUCTS_BODY_LIMIT } from '../../http/body-limits';
import { common, idParam, json, type PathSpec, problem, quota, ref, requestSchema, tooLarge } from './openapi-parts';

// The audience half of the public API's route table: subscribers, lists, products, events and
// insights. Each query and body names the shared schema its route parses with; the answers are
// components (openapi-audience-schemas.ts).

// The product id is the rest of the address, checked with the catalogue's own id schema.
const productIdParam = { name: 'id', in: 'path', required: true, schema: requestSchema(productIdSchema), description: 'Your own product id, URL-encoded' };
const withMessage = (name: string, schema: object) => ({ type: 'object', properties: { message: { type: 'string' }, [name]: schema }, required: ['message', name] });
const rejections = { type: 'array', items: { type: 'object', properties: { index: { type: 'integer' }, message: { type: 'string' } }, required: ['index', 'message'] } };
const cursor = 'next_cursor of the previous page';

const PRODUCT_EXAMPLE = { title: 'Lark mug', url: 'https://shop.example.com/mug', price: 12.5, currency: 'GBP', categories: ['Kitchen'], in_stock: true };

export const audiencePaths: Record<string, PathSpec> = {
  '/v1/subscribers': {
    get: {
      summary: 'List subscribers, a page at a time',
      query: subscriberQuerySchema,
      queryNotes: { q: 'Search in addresses and names', after: cursor },
      responses: { '200': json('One page', ref('SubscribersPage')), '400': problem('A bad query'), ...common },
    },
    post: {
      summary: 'Add a subscriber (confirmed on the lists given)',
      body: {
        name: 'SubscriberCreate',
        schema: subscriberCreateSchema,
        fields: { timezone: 'An IANA time zone, like Europe/London', list_ids: 'Lists to add them to, confirmed (you vouch for their consent)' },
        example: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', attributes: { plan: 'pro' }, timezone: 'Europe/London' },
      },
      responses: { '201': json('Added', withMessage('subscriber', ref('Subscriber'))), '400': problem('A bad field'), '409': problem('Already in the audience, or suppressed'), ...common },
    },
  },
  '/v1/subscribers/{id}': {
    parameters: [idParam],
    get: { summary: 'One subscriber', responses: { '200': json('The subscriber', ref('Subscriber')), '404': problem('Not yours, or no such subscriber'), ...common } },
    patch: {
      summary: 'Change a subscriber',
      body: { name: 'SubscriberUpdate', schema: subscriberUpdateSchema, description: 'Any of the fields; list_ids is the complete set of lists.', example: { first_name: 'Ada', attributes: { plan: 'team' } } },
      responses: { '200': json('Saved', withMessage('subscriber', ref('Subscriber'))), '400': problem('A bad field'), '404': problem('Not found'), '409': problem('Address taken, or re-activating someone who left'), ...common },
    },
    delete: { summary: 'Erase a subscriber (a hash of the address stays suppressed)', responses: { '200': json('Erased', ref('Message')), '404': problem('Not found'), ...common } },
  },
  '/v1/lists': {
    get: { summary: 'Your lists with member counts', responses: { '200': json('Lists', { type: 'object', properties: { lists: { type: 'array', items: ref('List') } }, required: ['lists'] }), ...common } },
    post: {
      summary: 'Create a list',
      body: { name: 'ListCreate', schema: listCreateSchema, example: { name: 'Weekly digest', description: 'Every Friday', double_opt_in: true } },
      responses: { '201': json('Created', withMessage('list', ref('List'))), '400': problem('A bad field'), '409': problem('Name taken'), ...common },
    },
  },
  '/v1/lists/{id}': {
    parameters: [idParam],
    get: { summary: 'One list', responses: { '200': json('The list', ref('List')), '404': problem('Not found'), ...common } },
    patch: {
      summary: 'Change a list',
      body: { name: 'ListUpdate', schema: listUpdateSchema, description: 'Only the fields sent change.', example: { description: 'Every Friday morning' } },
      responses: { '200': json('Saved', withMessage('list', ref('List'))), '400': problem('A bad field'), '404': problem('Not found'), '409': problem('Name taken'), ...common },
    },
    delete: { summary: 'Delete a list (its subscribers stay)', responses: { '200': json('Deleted', ref('Message')), '404': problem('Not found'), ...common } },
  },
  '/v1/lists/{id}/subscribe': {
    parameters: [idParam],
    post: {
      summary: 'Ask a person to join a list, as a form would: double opt-in lists send a confirmation email first',
      body: { name: 'ListSubscribe', schema: apiListSubscribeSchema, example: { email: 'grace@example.com', first_name: 'Grace' } },
      responses: {
        '202': json('Accepted', { type: 'object', properties: { message: { type: 'string' }, confirmation_sent: { type: 'boolean' } }, required: ['message', 'confirmation_sent'] }),
        '400': problem('A bad field'),
        '404': problem('Not found'),
        ...common,
        '429': quota('the account’s messages of the day are used up (a confirmation email counts as one)'),
      },
    },
  },
  '/v1/products': {
    get: {
      summary: 'Your product catalogue, a page at a time, in id order',
      query: productQuerySchema,
      queryNotes: { q: 'Search in ids and titles', after: cursor },
      responses: { '200': json('One page', ref('ProductsPage')), '400': problem('A bad query'), ...common },
    },
    post: {
      summary: `Create or replace up to ${PRODUCT_LIMITS.perCall.toLocaleString('en')} products at once; each is checked on its own`,
      // Each product is checked on its own with the Product schema, so one bad product sinks nothing else.
      body: { schema: productBulkSchema, fields: { products: { items: ref('Product') } }, example: { products: [{ id: 'sku-1', ...PRODUCT_EXAMPLE }] } },
      responses: {
        '200': json('What was stored; a product that was not is named by its index with the reason (an id given twice keeps the later)', {
          type: 'object',
          properties: { created: { type: 'integer' }, updated: { type: 'integer' }, rejected: rejections },
          required: ['created', 'updated', 'rejected'],
        }),
        '400': problem('Not {"products": [...]} with 1 to 1,000 products'),
        '413': tooLarge(PRODUCTS_BODY_LIMIT),
        ...common,
      },
    },
  },
  '/v1/products/{id}': {
    parameters: [productIdParam],
    put: {
      summary: 'Create or replace one product, whole: a field left out is cleared',
      body: {
        name: 'ProductFields',
        schema: productPutSchema,
        description: 'A price and its currency go together.',
        fields: {
          id: 'In a PUT, the address gives it (given here too, it must be the same)',
          url: 'http:// or https://',
          image_url: 'http:// or https://',
          currency: 'ISO 4217, such as USD or EUR',
        },
        example: PRODUCT_EXAMPLE,
      },
      responses: {
        '201': json('Created', withMessage('product', ref('ProductStored'))),
        '200': json('Replaced', withMessage('product', ref('ProductStored'))),
        '400': problem("A bad field, or an id in the body other than the address's"),
        ...common,
      },
    },
    get: { summary: 'One product', responses: { '200': json('The product', ref('ProductStored')), '400': problem('Not a product id'), '404': problem('Not yours, or no such product'), ...common } },
    delete: { summary: 'Delete a product', responses: { '200': json('Deleted', ref('Message')), '400': problem('Not a product id'), '404': problem('Not found'), ...common } },
  },
  '/v1/events': {
    post: {
      summary: `Record what people did: up to ${EVENT_LIMITS.perCall.toLocaleString('en-US')} events per call, each checked on its own`,
      description:
        'An unknown address gets a profile without consent (status not_subscribed: counted, segmented, never mailed until they subscribe). A repeated `id` (or, without one, the same content) is a duplicate and changes nothing. An erased address is refused.',
      // The one body checked by hand (event-input.ts, the ingest's hot path): its schema is written from the same constants.
      body: {
        schema: { type: 'object', required: ['events'], additionalProperties: false, properties: { events: { type: 'array', minItems: 1, maxItems: EVENT_LIMITS.perCall, items: ref('Event') } } },
        example: {
          events: [
            {
              name: 'order_placed',
              email: 'ada@example.com',
              occurred_at: '2026-05-30T09:30:00Z',
              id: 'order-1001',
              value: 25,
              currency: 'GBP',
              properties: { order_id: '1001', items: [{ product_id: 'sku-1', quantity: 2, price: 12.5 }] },
            },
          ],
        },
      },
      responses: {
        '202': json('Taken', { type: 'object', properties: { accepted: { type: 'integer' }, duplicates: { type: 'integer' }, rejected: rejections }, required: ['accepted', 'duplicates', 'rejected'] }),
        '400': problem('Not a batch of 1 to 5,000 events'),
        '413': tooLarge(EVENTS_BODY_LIMIT),
        ...common,
      },
    },
  },
  '/v1/subscribers/{id}/events': {
    parameters: [idParam],
    get: {
      summary: `A person's events, newest first (${EVENT_LIMITS.page} a page): what they did, and what our campaigns recorded (delivered, opened, clicked, bounced, unsubscribed)`,
      query: personEventsQuerySchema,
      queryNotes: { after: `${cursor}, or an ISO 8601 time: only events after it` },
      responses: {
        '200': json('One page', { type: 'object', properties: { events: { type: 'array', items: ref('PersonEvent') }, next_cursor: { type: ['string', 'null'] } }, required: ['events', 'next_cursor'] }),
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
      query: recommendationQuerySchema,
      responses: {
        '200': json('The recommendations', { type: 'object', properties: { products: { type: 'array', items: ref('RecommendedProduct') } }, required: ['products'] }),
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
      body: {
        name: 'InsightsRefreshRequest',
        schema: insightsRefreshRequestSchema,
        optional: true,
        fields: { as_of: 'A date (UTC midnight) or date-time, not in the future: computed from the orders before it' },
        example: { as_of: '2026-05-01' },
      },
      responses: { '202': json('Queued', ref('InsightsRefresh')), '400': problem('A bad as_of'), '409': problem('Another refresh is under way'), ...common },
    },
  },
  '/v1/insights/refresh/{id}': {
    parameters: [idParam],
    get: { summary: 'Where a refresh stands, and the model it fitted', responses: { '200': json('The refresh', ref('InsightsRefresh')), '404': problem('Not found'), ...common } },
  },
};
