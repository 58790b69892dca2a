import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaigns';
import { withoutNul } from './storable-text';

// The dashboard top bar's search (issue 23): one query across the customer's campaigns,
// subscribers, lists and segments, a few of each with how many there are in all.

export const SEARCH_LIMITS = {
  /** Longer than any name or address worth typing into a search box. */
  query: 100,
  /** Results shown per kind. */
  perGroup: 5,
  /** Totals are counted up to this; past it the answer says "more" rather than scanning everything. */
  countCap: 1000,
  /**
   * Subscribers are searched from this many characters: their trigram index starts at three, and a
   * shorter term would read every subscriber of a large audience on each keystroke.
   */
  subscriberMinLength: 3,
} as const;

export const SEARCH_MESSAGES = {
  tooLong: `Search for at most ${SEARCH_LIMITS.query} characters.`,
} as const;

export const SEARCH_KINDS = ['campaigns', 'subscribers', 'lists', 'segments'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** GET /home/v1/search?q=…: an empty or blank q answers empty groups. */
export const searchQuerySchema = z.strictObject({
  q: z._default(
    z.string().check(
      z.maxLength(SEARCH_LIMITS.query, SEARCH_MESSAGES.tooLong),
      withoutNul(),
      z.trim(),
    ),
    '',
  ),
});

const hit = z.object({ id: z.string(), title: z.string(), detail: z.string() });
const group = <Item extends z.ZodMiniType>(item: Item) => z.object({ items: z.array(item), total: z.number(), capped: z.boolean() });

/** What the search answers: each kind's first few matches, its total (at most countCap) and whether there are more. */
export const searchAnswerSchema = z.object({
  q: z.string(),
  campaigns: group(z.object({ ...hit.shape, status: z.enum(CAMPAIGN_STATUSES) })),
  subscribers: group(hit),
  lists: group(hit),
  segments: group(hit),
});
export type SearchAnswer = z.output<typeof searchAnswerSchema>;
export type SearchHit = SearchAnswer['subscribers']['items'][number] & { status?: CampaignStatus };
