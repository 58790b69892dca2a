import { ACTIVITY_KINDS, ACTIVITY_LIMIT, AUDIENCE_LIMITS, SETTABLE_SUBSCRIBER_STATUSES, SUBSCRIBER_SORTS, SUBSCRIBER_STATUSES } from '@postlark/shared/audience';

// The public API's description (OpenAPI 3.1), served at /api/docs/openapi.json and drawn at
// /api/docs. Enumerations and limits come from the shared schemas, so the document cannot drift.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const payload = (schema: object) => ({ type: 'object', properties: { payload: schema }, required: ['payload'] });
const json = (description: string, schema: object) => ({ description, content: { 'application/json': { schema: payload(schema) } } });
const problem = (description: string) => json(description, ref('Problem'));
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const common = { '401': problem('No key, or a key that is not valid or was revoked'), '429': problem('Too many requests with this key') };

export function openApiDocument(appUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Postlark API',
      version: '1',
      description:
        'Manage your audience from other apps. Make a key in your profile (Integrations) and send it as `Authorization: Bearer pl_live_…`. Every answer is JSON `{ "payload": … }`; a 400 names each bad field in `payload.errors`.',
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
    },
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A key from your profile: pl_live_…' } },
      schemas: {
        Message: { type: 'object', properties: { message: { type: 'string' } } },
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
      },
    },
  };
}
