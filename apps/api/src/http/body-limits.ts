// Account and profile forms are small: 16 KB leaves room for any real form and refuses floods.
export const FORM_BODY_LIMIT = 16 * 1024;

// A subscriber carries up to 50 attributes of up to 1,000 characters each.
export const SUBSCRIBER_BODY_LIMIT = 128 * 1024;

// A bulk action names up to 1,000 subscriber ids (about 40 KB of JSON).
export const BULK_BODY_LIMIT = 64 * 1024;

// A campaign carries its HTML (up to 512 KB) and plain text (up to 256 KB), JSON-escaped.
export const CAMPAIGN_BODY_LIMIT = 1024 * 1024;

// A call of events carries up to 5,000 of them; 10 MB is about 2 KB each, far above a real one.
export const EVENTS_BODY_LIMIT = 10 * 1024 * 1024;
