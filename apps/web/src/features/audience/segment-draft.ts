import { SUBSCRIBER_STATUSES } from '@postlark/shared/audience';
import { REPORT_READER_ACTIONS } from '@postlark/shared/campaign-reports';
import { type EngagementBand, RFM_GROUPS } from '@postlark/shared/insights';
import {
  SEGMENT_ATTRIBUTE_OPS,
  SEGMENT_ENGAGEMENT_OPS,
  SEGMENT_EVENT_OPS,
  SEGMENT_PURCHASE_FIGURES,
  SEGMENT_TEXT_OPS,
  type SegmentCondition,
  segmentConditionSchema,
  type SegmentDefinition,
  segmentDefinitionSchema,
} from '@postlark/shared/segments';
import type { ConditionField } from './tools-content';

// A segment's conditions as the builder edits them: every part a string, so a half-made
// condition can be shown; turned into the API's shape only when it is complete.

export interface ConditionDraft {
  field: ConditionField;
  op: string;
  /** The compared value; for an event condition, the event's name. */
  value: string;
  /** An attribute's name; for an event condition, a property it must carry ('' for none). */
  key: string;
  /** Event conditions only: the property's value, how many times, and in how many days ('' for ever). */
  event?: { propertyValue: string; atLeast: string; days: string };
  /** Engagement score conditions only: the bands chosen, and the bounds as whole percentages ('' for none). */
  score?: { bands: EngagementBand[]; atLeast: string; below: string };
}

export const CONDITION_FIELDS: readonly ConditionField[] = ['email', 'first_name', 'last_name', 'timezone', 'status', 'list', 'created_at', 'attribute', 'engagement', 'campaign', 'engagement_score', 'event', 'purchases', 'rfm_group'];

/** A campaign a condition can name. */
export interface ConditionCampaign {
  id: string;
  name: string;
}

/** Fields whose `key` names what is compared (an attribute, a purchase figure). */
const KEYED: ReadonlySet<ConditionField> = new Set(['attribute', 'purchases']);
const NUMBER_OPS = ['gt', 'lt'] as const;
const GROUP_OPS = ['is', 'is_not'] as const;
const SCORE_OPS = ['matches'] as const;

export function opsFor(field: ConditionField): readonly string[] {
  if (field === 'attribute') return SEGMENT_ATTRIBUTE_OPS;
  if (field === 'status') return ['is', 'is_not'];
  if (field === 'list') return ['in', 'not_in'];
  if (field === 'created_at') return ['before', 'after'];
  if (field === 'engagement') return SEGMENT_ENGAGEMENT_OPS;
  if (field === 'campaign') return REPORT_READER_ACTIONS;
  // Bands and bounds all at once (score-inputs): no comparison to choose.
  if (field === 'engagement_score') return SCORE_OPS;
  if (field === 'event') return SEGMENT_EVENT_OPS;
  if (field === 'purchases') return NUMBER_OPS;
  if (field === 'rfm_group') return GROUP_OPS;
  return SEGMENT_TEXT_OPS;
}

/** Ops that compare with nothing: their value input is hidden. */
const VALUELESS = new Set(['is_empty', 'is_not_empty', 'exists', 'not_exists']);

export function needsValue(op: string): boolean {
  return !VALUELESS.has(op);
}

/** What a new condition starts on: the first list, campaign and attribute key the pickers offer ('' for none). */
export interface ConditionFirsts {
  listId?: string;
  campaignId?: string;
  attributeKey?: string;
}

/** A new condition on `field`, with the first op and a value that fits. */
export function newCondition(field: ConditionField, firsts: ConditionFirsts = {}): ConditionDraft {
  const value = field === 'status' ? SUBSCRIBER_STATUSES[0] : field === 'list' ? (firsts.listId ?? '') : field === 'campaign' ? (firsts.campaignId ?? '') : field === 'engagement' ? '30' : '';
  const key = field === 'purchases' ? SEGMENT_PURCHASE_FIGURES[0] : field === 'attribute' ? (firsts.attributeKey ?? '') : '';
  const draft: ConditionDraft = { field, op: opsFor(field)[0] ?? 'is', value: field === 'rfm_group' ? RFM_GROUPS[0] : value, key };
  if (field === 'engagement_score') return { ...draft, score: { bands: ['dormant'], atLeast: '', below: '' } };
  return field === 'event' ? { ...draft, event: { propertyValue: '', atLeast: '1', days: '30' } } : draft;
}

/**
 * The draft moved to another field: the op and value are kept when they still fit. An attribute
 * starts on the most common key the picker offers, never on what the key held before (an event's
 * property, a purchase figure), which the picker would show as a key nobody has.
 */
export function withField(draft: ConditionDraft, field: ConditionField, firsts: ConditionFirsts = {}): ConditionDraft {
  const sameKind = opsFor(field) === opsFor(draft.field);
  return sameKind ? { ...draft, field } : newCondition(field, firsts);
}

/** Whole numbers typed as text; '' and anything else is not one. */
function wholeNumber(text: string): number {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function eventCandidate(draft: ConditionDraft) {
  const extra = draft.event ?? { propertyValue: '', atLeast: '1', days: '' };
  return {
    field: 'event',
    op: draft.op,
    value: draft.value.trim(),
    key: draft.key.trim(),
    property_value: draft.key.trim() === '' ? '' : extra.propertyValue,
    at_least: draft.op === 'did' ? wholeNumber(extra.atLeast) : 1,
    days: extra.days.trim() === '' ? null : wholeNumber(extra.days),
  };
}

/** A whole percentage typed as text as a probability; '' is no bound, anything not 0–100 is NaN. */
function probability(text: string): number | null {
  if (text.trim() === '') return null;
  const percent = /^\d{1,3}(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return percent <= 100 ? percent / 100 : Number.NaN;
}

/** A score as the builder types it: a percentage, without float noise ("30" for 0.3). */
function percentText(score: number | null): string {
  return score === null ? '' : String(Math.round(score * 10_000) / 100);
}

/** The condition as the API takes it, or null while it is incomplete. */
export function toCondition(draft: ConditionDraft): SegmentCondition | null {
  if (draft.field === 'engagement_score') {
    const score = draft.score ?? { bands: [], atLeast: '', below: '' };
    const parsed = segmentConditionSchema.safeParse({ field: 'engagement_score', bands: score.bands, score_at_least: probability(score.atLeast), score_below: probability(score.below) });
    return parsed.success ? parsed.data : null;
  }
  if (draft.field === 'event') {
    const parsed = segmentConditionSchema.safeParse(eventCandidate(draft));
    return parsed.success ? parsed.data : null;
  }
  if (needsValue(draft.op) && draft.value.trim() === '' && draft.field !== 'attribute') {
    // Text fields may compare with '' only through is_empty.
    return null;
  }
  const value = needsValue(draft.op) ? draft.value : '';
  const candidate = KEYED.has(draft.field) ? { field: draft.field, key: draft.key.trim(), op: draft.op, value: draft.field === 'purchases' ? value.trim() : value } : { field: draft.field, op: draft.op, value };
  const parsed = segmentConditionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The whole definition, or null while any condition is incomplete. */
export function toDefinition(match: 'all' | 'any', drafts: readonly ConditionDraft[]): SegmentDefinition | null {
  const conditions = drafts.map(toCondition);
  if (conditions.some((condition) => condition === null)) return null;
  const parsed = segmentDefinitionSchema.safeParse({ match, conditions });
  return parsed.success ? parsed.data : null;
}

/** A saved condition back into the builder's strings. */
export function fromCondition(condition: SegmentCondition): ConditionDraft {
  if (condition.field === 'engagement_score') {
    return { field: 'engagement_score', op: 'matches', value: '', key: '', score: { bands: [...condition.bands], atLeast: percentText(condition.score_at_least), below: percentText(condition.score_below) } };
  }
  if (condition.field === 'event') {
    const event = { propertyValue: condition.property_value, atLeast: String(condition.at_least), days: condition.days === null ? '' : String(condition.days) };
    return { field: 'event', op: condition.op, value: condition.value, key: condition.key, event };
  }
  return { field: condition.field, op: condition.op, value: condition.value, key: condition.field === 'attribute' || condition.field === 'purchases' ? condition.key : '' };
}
