import * as z from 'zod/mini';
import type { Product } from './products';

// Product recommendations per person (issue 21): what the API answers and what emails show.

export const RECOMMENDATION_LIMITS = {
  /** GET /api/v1/subscribers/{id}/recommendations?limit=N: 1..20, default 5. */
  min: 1,
  max: 20,
  default: 5,
} as const;

export const RECOMMENDATION_MESSAGES = {
  limitInvalid: 'limit must be a whole number from 1 to 20.',
  subscriberNotFound: 'This subscriber does not exist.',
} as const;

/** Why a product is recommended: bought together with one of the person's own items, or simply popular now. */
export const RECOMMENDATION_REASONS = {
  boughtWith: (title: string) => `bought with ${title}`,
  popular: 'popular this month',
} as const;

export const recommendationQuerySchema = z.object({
  limit: z._default(
    z.coerce
      .number({ error: RECOMMENDATION_MESSAGES.limitInvalid })
      .check(
        z.int({ error: RECOMMENDATION_MESSAGES.limitInvalid }),
        z.minimum(RECOMMENDATION_LIMITS.min, RECOMMENDATION_MESSAGES.limitInvalid),
        z.maximum(RECOMMENDATION_LIMITS.max, RECOMMENDATION_MESSAGES.limitInvalid),
      ),
    RECOMMENDATION_LIMITS.default,
  ),
});
export type RecommendationQuery = z.output<typeof recommendationQuerySchema>;

/** One recommended product as the API answers it and a recommendations block renders it. */
export interface RecommendedProduct extends Pick<Product, 'id' | 'title' | 'url' | 'image_url' | 'price' | 'currency'> {
  /** Higher is better; comparable within one person's list only. */
  score: number;
  /** "bought with <title>" or "popular this month". */
  reason: string;
}

export interface RecommendationsAnswer {
  products: RecommendedProduct[];
}
