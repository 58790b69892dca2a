import * as z from 'zod/mini';

// Outgoing webhooks: the customer's own endpoints, told what happens in their account. Defined once
// for the Integrations tab and the API (modules/outgoing-webhooks).

export const WEBHOOK_EVENT_TYPES = ['subscriber.subscribed', 'subscriber.unsubscribed', 'campaign.sent', 'automation.email_sent', 'order.attributed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends: to the one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event type means, as the tab lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'subscriber.subscribed': 'Someone subscribed (or came back)',
  'subscriber.unsubscribed': 'Someone unsubscribed',
  'campaign.sent': 'A campaign finished sending',
  'automation.email_sent': 'An automation sent an email',
  'order.attributed': 'An order was attributed to an email',
};

export const WEBHOOK_LIMITS = {
  endpointsPerAccount: 10,
  urlLength: 2000,
  descriptionLength: 100,
  /** "Send test event", per rolling hour: to one endpoint, and from the whole account. */
  testEventsPerEndpointPerHour: 10,
  testEventsPerAccountPerHour: 30,
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the address that should receive the events, like https://example.com/postlark-webhook.',
  urlInvalid: 'Enter a full web address that starts with https://.',
  urlHttps: 'The address must start with https://: events carry your subscribers’ details.',
  urlCredentials: 'Leave the user name and password out of the address; verify our signature instead.',
  urlPrivate: 'This address points inside a private network or to this server. Use a public address.',
  urlTooLong: `At most ${WEBHOOK_LIMITS.urlLength} characters.`,
  descriptionTooLong: `At most ${WEBHOOK_LIMITS.descriptionLength} characters.`,
  eventsRequired: 'Choose at least one event to send.',
  eventUnknown: `Choose among ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  enabledInvalid: 'Enabled must be true or false.',
  nothingToChange: 'Send at least one of url, description, event_types or enabled.',
  tooMany: `You can have at most ${WEBHOOK_LIMITS.endpointsPerAccount} endpoints. Delete one you no longer use first.`,
  created: 'Endpoint added. Copy its signing secret now: it will not be shown again.',
  updated: 'Endpoint saved.',
  turnedOn: 'Endpoint turned on.',
  turnedOff: 'Endpoint turned off: nothing is sent to it until you turn it on again.',
  deleted: 'Endpoint deleted. Nothing more will be sent to it.',
  rolled: 'New signing secret made. Copy it now: the old one no longer signs anything.',
  testQueued: 'Test event on its way. It appears in the delivery log within a few seconds.',
  testDisabled: 'Turn the endpoint on to send it a test event.',
  testTooManyEndpoint: `You sent this endpoint ${WEBHOOK_LIMITS.testEventsPerEndpointPerHour} test events in the last hour, the most we send. Try again later.`,
  testTooManyAccount: `Your account sent ${WEBHOOK_LIMITS.testEventsPerAccountPerHour} test events in the last hour, the most we send. Try again later.`,
  notFound: 'This endpoint does not exist.',
  loadFailed: 'We could not load your webhook endpoints. Try again.',
  logFailed: 'We could not load the delivery log. Try again.',
} as const;

/** An endpoint that kept timing out: the delivery worker holds its events for a while, then tries one. */
export const WEBHOOK_PAUSE_TEXTS = {
  badge: 'Paused',
  reason: (timeouts: number) => `Paused: your endpoint did not answer in time ${timeouts} times in a row.`,
  nextTry: (time: string) => `We try one event again at ${time}, and send the rest once it answers.`,
} as const;

/**
 * What a delivery log (an endpoint's, a flow webhook step's) records for an address the guard
 * refused, whatever it resolved to: what the server's resolver answered for an internal name
 * stays on the server.
 */
export const WEBHOOK_ADDRESS_REFUSED = 'address not allowed';

// A user name or password before the host (scheme://user:pass@host): never sent, verify the signature instead.
export const CREDENTIALS_IN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

/** A webhook's address: http(s), no credentials (automations' webhook steps use it too). */
export const webhookUrlSchema = z
  .pipe(
    z.string({ error: WEBHOOK_MESSAGES.urlRequired }).check(z.trim(), z.minLength(1, WEBHOOK_MESSAGES.urlRequired), z.maxLength(WEBHOOK_LIMITS.urlLength, WEBHOOK_MESSAGES.urlTooLong)),
    z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }),
  )
  .check(z.refine((value) => !CREDENTIALS_IN_URL.test(value), WEBHOOK_MESSAGES.urlCredentials));

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .check(z.minLength(1, WEBHOOK_MESSAGES.eventsRequired));

const descriptionSchema = z.string({ error: WEBHOOK_MESSAGES.descriptionTooLong }).check(z.trim(), z.maxLength(WEBHOOK_LIMITS.descriptionLength, WEBHOOK_MESSAGES.descriptionTooLong));
const enabledSchema = z.boolean({ error: WEBHOOK_MESSAGES.enabledInvalid });

export const webhookEndpointCreateSchema = z.strictObject({
  url: webhookUrlSchema,
  description: z._default(descriptionSchema, ''),
  event_types: eventTypesSchema,
  enabled: z._default(enabledSchema, true),
});
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .strictObject({
    url: z.optional(webhookUrlSchema),
    description: z.optional(descriptionSchema),
    event_types: z.optional(eventTypesSchema),
    enabled: z.optional(enabledSchema),
  })
  .check(z.refine((value) => Object.values(value).some((field) => field !== undefined), WEBHOOK_MESSAGES.nothingToChange));
export type WebhookEndpointUpdate = z.output<typeof webhookEndpointUpdateSchema>;

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  /** Held by the delivery worker after repeated timeouts: why, and when it next tries one event; null when not. */
  paused: { reason: string; until: string } | null;
  created_at: string;
  updated_at: string;
}

/** One attempt to deliver an event, as the delivery log lists it. */
export interface WebhookAttempt {
  id: number;
  event_id: string;
  event_type: string;
  at: string;
  /** The endpoint's HTTP status, or null when no answer came (then `error` says why). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  /** Where the event stands now: delivered, pending (another attempt is due) or failed (given up). */
  delivery_status: 'pending' | 'delivered' | 'failed';
  next_attempt_at: string | null;
}
