import { timingSafeEqual } from 'node:crypto';
import { encodeWords } from 'nodemailer/lib/mime-funcs';
import { hmacSha256 } from '../../lib/hmac';
import type { CampaignRow } from './campaigns.repository';

// The headers that name a message's audience, campaign and delivery without a database id in them:
//
//   List-Id: "November news" <3f09c2a17b4e.9a0c55d1e2f3.list-id.app.postlark.example>   (RFC 2919)
//   Feedback-ID: 51c0d9e8a7b6:9a0c55d1e2f3:campaign:postlark                              (Gmail's FBL)
//   X-Postlark-Delivery: 6f1d…e2@app.postlark.example.8c41…90                            (correlation)
//
// The short ids are the first 6 bytes (12 hex digits) of an HMAC-SHA256 under a server secret
// over the kind of id and the id: stable for the same audience, campaign or customer, different
// on every installation, and no one can tell a customer's or a list's id from them or make one up.
// List-Id: `<audience>.<customer>.list-id.<APP_URL's host>`; the audience is the one list a
// campaign goes to, else the set of its lists and segments, and an automation email's step.
// The correlation header is the Message-ID (without <>) and an HMAC of it: it still finds the
// ledger row (campaign_messages.message_id) when a relay gives the message a Message-ID of its
// own (Amazon SES does) and its bounce names only that, and a forged one is refused unread.

export const DELIVERY_HEADER = 'X-Postlark-Delivery';
/** Feedback-ID's last field: who sends (Gmail groups its complaint figures by it). */
export const FEEDBACK_SENDER = 'postlark';

const SHORT_ID_BYTES = 6;
const MAC_BYTES = 12;
const NAME_LIMIT = 60;

export interface DeliveryHeaders {
  listId(row: CampaignRow): string;
  feedbackId(row: CampaignRow): string;
  /** The correlation header's value for a ledger row's Message-ID (`<…@…>`). */
  correlation(messageId: string): string;
  /** The Message-ID (`<…@…>`) a correlation header we made stands for; null for anything else. */
  messageIdOf(value: string): string | null;
}

/** The List-Id phrase: the campaign's name, quoted (or an encoded word), short. */
function phrase(name: string): string {
  const single = name.replace(/[\r\n\t]+/g, ' ').trim().slice(0, NAME_LIMIT);
  if (/^[\x20-\x7e]*$/.test(single)) return `"${single.replace(/["\\]/g, '\\$&')}"`;
  return encodeWords(single, 'Q', 52, true);
}

function audienceOf(row: CampaignRow): string {
  if (row.kind === 'automation') return `step:${row.id}`;
  const lists = [...row.audience.list_ids].sort();
  const segments = [...row.audience.segment_ids].sort();
  if (lists.length === 1 && segments.length === 0) return `list:${lists[0]}`;
  return `audience:${lists.join(',')}|${segments.join(',')}`;
}

export function deliveryHeaders(secret: string, platformDomain: string): DeliveryHeaders {
  const hmac = hmacSha256(secret);
  const shortId = (kind: string, id: string) => hmac(`${kind}:${id}`).subarray(0, SHORT_ID_BYTES).toString('hex');
  const mac = (ref: string) => hmac(`delivery:${ref}`).subarray(0, MAC_BYTES);
  return {
    listId(row) {
      const name = row.name ? `${phrase(row.name)} ` : '';
      return `${name}<${shortId('audience', audienceOf(row))}.${shortId('customer', row.customerId)}.list-id.${platformDomain}>`;
    },
    feedbackId(row) {
      return `${shortId('campaign', row.id)}:${shortId('customer', row.customerId)}:${row.kind}:${FEEDBACK_SENDER}`;
    },
    correlation(messageId) {
      const ref = messageId.replace(/^<|>$/g, '');
      return `${ref}.${mac(ref).toString('hex')}`;
    },
    messageIdOf(value) {
      const text = value.trim();
      const dot = text.lastIndexOf('.');
      if (dot <= 0 || text.length > 500) return null;
      const ref = text.slice(0, dot);
      const given = text.slice(dot + 1);
      if (!/^[0-9a-f]+$/.test(given) || given.length !== MAC_BYTES * 2 || !ref.includes('@')) return null;
      return timingSafeEqual(Buffer.from(given, 'hex'), mac(ref)) ? `<${ref}>` : null;
    },
  };
}
