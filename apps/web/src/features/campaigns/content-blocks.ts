import type { CONDITION_FIELDS} from '@postlark/shared/content-blocks';
import { type BlockCondition, RECOMMENDATION_COUNT, type RecommendationLayout } from '@postlark/shared/content-blocks';
import { ENGAGEMENT_BAND_LABELS } from '@postlark/shared/insights';

// What the editor says about content blocks (issue 21): the placeholder a Recommended products
// block shows while writing, and the label a "Show only to…" block carries.

export const BLOCK_TEXTS = {
  recommendations: 'Recommended products',
  showOnlyTo: 'Show only to…',
  previewAs: 'Preview as',
  previewAsHint: 'Search your subscribers by name or email to see exactly what they get.',
  previewAsSample: 'A sample reader',
  previewAsNone: 'Nobody matches.',
  previewAsFailed: 'Could not search your subscribers. Try again.',
  previewAsClear: 'Back to the sample reader',
} as const;

const FIELD_LABELS: Record<(typeof CONDITION_FIELDS)[number], string> = { email: 'email', first_name: 'first name', last_name: 'last name', attribute: 'attribute' };

/** The placeholder card's sentence: what the block will hold for each person. */
export function recommendationsSummary(count: number, layout: RecommendationLayout): string {
  const products = `${count} product${count === 1 ? '' : 's'}`;
  return `${products} in a ${layout}, filled in for each person from what they bought and viewed.`;
}

export const DEFAULT_RECOMMENDATIONS = { count: RECOMMENDATION_COUNT.initial, layout: 'grid' as RecommendationLayout };

/** The label a conditional block shows in the editor, with the names of the lists and segments it reads. */
export function conditionLabel(condition: BlockCondition, names: { lists: Map<string, string>; segments: Map<string, string> }): string {
  switch (condition.type) {
    case 'segment':
      return `Shown only to segment “${names.segments.get(condition.segment_id) ?? 'deleted segment'}”`;
    case 'list':
      return `Shown only to list “${names.lists.get(condition.list_id) ?? 'deleted list'}”`;
    case 'field': {
      const field = condition.field === 'attribute' ? condition.key : FIELD_LABELS[condition.field];
      return `Shown only where ${field} ${condition.op === 'equals' ? 'is' : 'contains'} “${condition.value}”`;
    }
    case 'event':
      return `Shown only to people who did ${condition.name} in the last ${condition.days} day${condition.days === 1 ? '' : 's'}`;
    case 'engagement':
      return `Shown only to: ${condition.bands.map((band) => ENGAGEMENT_BAND_LABELS[band]).join(', ')}`;
  }
}
