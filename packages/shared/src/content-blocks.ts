import * as z from 'zod/mini';
import { EVENT_NAME_PATTERN } from './events';
import { ENGAGEMENT_BANDS } from './insights';
import { UUID_PATTERN } from './ids';

// Content blocks (issue 21): parts of a campaign's HTML filled in or kept per recipient at send
// time. They live in the HTML as the editor writes them:
//   <div data-postlark-block="recommendations" data-count="3" data-layout="grid"></div>
//   <div data-postlark-if="<encodeURIComponent(JSON condition)>">…shown only to those who match…</div>
// URL-encoded, a condition holds no quote, brace or angle bracket: merge tags never see it.

export const BLOCK_ATTRIBUTES = { block: 'data-postlark-block', count: 'data-count', layout: 'data-layout', condition: 'data-postlark-if' } as const;

export const RECOMMENDATION_LAYOUTS = ['grid', 'list'] as const;
export type RecommendationLayout = (typeof RECOMMENDATION_LAYOUTS)[number];
export const RECOMMENDATION_COUNT = { min: 1, max: 6, initial: 3 } as const;

/** Orders placed within this many days of a click on a recommended product count for the block. */
export const BLOCK_ATTRIBUTION_DAYS = 5;

export const CONDITION_FIELDS = ['email', 'first_name', 'last_name', 'attribute'] as const;
export const CONDITION_FIELD_OPS = ['equals', 'contains'] as const;
export const CONDITION_EVENT_DAYS = { min: 1, max: 3650 } as const;
/**
 * `htmlDepth`: elements inside elements, deeper than any email (mail clients and the layout stop
 * short of it). At most this many different conditions in one content, and "Show only to…" blocks nested at
 * most this deep: each different condition is one more column of the query that reads, per send
 * batch, whom they match (PostgreSQL takes at most 1,664), and far more than any email needs.
 */
export const BLOCK_LIMITS = { conditions: 50, depth: 10, htmlDepth: 100 } as const;
/** How much of an unknown block's name its message repeats. */
const NAME_SHOWN = 40;

export const BLOCK_MESSAGES = {
  blockUnknown: (name: string) => `"${name.length > NAME_SHOWN ? `${name.slice(0, NAME_SHOWN)}…` : name}" is not a content block. Use the editor's Recommended products block.`,
  countInvalid: `A Recommended products block shows ${RECOMMENDATION_COUNT.min} to ${RECOMMENDATION_COUNT.max} products.`,
  layoutInvalid: 'A Recommended products block is laid out as a grid or a list.',
  conditionInvalid: 'A “Show only to…” block has a condition that cannot be read. Choose its condition again.',
  notClosed: 'A content block is not closed. Remove it and insert it again from the editor.',
  tooManyConditions: `An email can have at most ${BLOCK_LIMITS.conditions} different “Show only to…” conditions. Combine some into a segment.`,
  nestedTooDeep: `“Show only to…” blocks can be nested at most ${BLOCK_LIMITS.depth} deep. Combine some into a segment.`,
  htmlTooDeep: `The content's HTML nests elements more than ${BLOCK_LIMITS.htmlDepth} deep, which no mail client draws. Remove some of the nesting.`,
  segmentNotYours: 'A “Show only to…” block names a segment that is not one of yours.',
  listNotYours: 'A “Show only to…” block names a list that is not one of yours.',
  subscriberNotFound: 'This subscriber does not exist.',
  recommendedProducts: 'Recommended products',
  view: 'View',
} as const;

const uuid = z.string().check(z.regex(UUID_PATTERN));

export const blockConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('segment'), segment_id: uuid }),
  z.strictObject({ type: z.literal('list'), list_id: uuid }),
  z
    .strictObject({
      type: z.literal('field'),
      field: z.enum(CONDITION_FIELDS),
      /** The custom attribute's name when field is 'attribute' ('' otherwise). */
      key: z._default(z.string().check(z.regex(/^([A-Za-z][A-Za-z0-9_]{0,99})?$/)), ''),
      op: z.enum(CONDITION_FIELD_OPS),
      value: z.string().check(z.maxLength(500)),
    })
    .check(z.refine((condition) => (condition.field === 'attribute') === (condition.key !== ''))),
  z.strictObject({
    type: z.literal('event'),
    name: z.string().check(z.regex(EVENT_NAME_PATTERN)),
    days: z.int().check(z.gte(CONDITION_EVENT_DAYS.min), z.lte(CONDITION_EVENT_DAYS.max)),
  }),
  z.strictObject({ type: z.literal('engagement'), bands: z.array(z.enum(ENGAGEMENT_BANDS)).check(z.minLength(1), z.maxLength(ENGAGEMENT_BANDS.length)) }),
]);
export type BlockCondition = z.output<typeof blockConditionSchema>;

/** A condition as the editor writes it into the HTML attribute. */
export function encodeCondition(condition: BlockCondition): string {
  return encodeURIComponent(JSON.stringify(condition));
}

/** The condition an attribute holds, or null when it holds none that can be read. */
export function decodeCondition(value: string): BlockCondition | null {
  try {
    const parsed = blockConditionSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One content block's figures in a campaign's report: clicks on its products and the orders that followed. */
export interface CampaignReportBlock {
  block: 'recommendations';
  clicks: number;
  unique_clicks: number;
  /** order_placed events by people who clicked a recommended product less than BLOCK_ATTRIBUTION_DAYS before (any of their clicks). */
  orders: number;
  revenue: number;
  currency: string | null;
}
