// Account and profile forms are small: 16 KB leaves room for any real form and refuses floods.
export const FORM_BODY_LIMIT = 16 * 1024;

// A subscriber carries up to 50 attributes of up to 1,000 characters each.
export const SUBSCRIBER_BODY_LIMIT = 128 * 1024;

// A bulk action names up to 1,000 subscriber ids (about 40 KB of JSON).
export const BULK_BODY_LIMIT = 64 * 1024;

// A campaign carries its HTML (up to 512 KB) and plain text (up to 256 KB), JSON-escaped.
export const CAMPAIGN_BODY_LIMIT = 1024 * 1024;

// A call of events carries up to 5,000 of them. A real one is 150 to 400 bytes (an order with its
// items, a view with its product), so a full call is one to two MB; 5 MB is 1 KB each, with room.
// Bigger events go in smaller calls. Only a valid key's calls are read at all, within its account's
// calls a minute (issue 31, point 2): the limit bounds what one call costs, 25 to 50 ms of parsing.
export const EVENTS_BODY_LIMIT = 5 * 1024 * 1024;

// A bulk call of products carries up to 1,000, and 1,000 with every field at its longest must
// fit (products.test.ts): 6.4 MB of JSON. A real call is a few hundred KB.
export const PRODUCTS_BODY_LIMIT = 7 * 1024 * 1024;

// Routes that declare no limit of their own (actions such as send, schedule or test, deletes)
// take a few fields at most; Fastify's own default would be 1 MB.
export const DEFAULT_BODY_LIMIT = 64 * 1024;
