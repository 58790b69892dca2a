import type { AudienceList } from '@postlark/shared/audience';
import { segmentSubscribersPath } from '@postlark/shared/routes';
import { describeEngagementCondition, type Segment, type SegmentCondition } from '@postlark/shared/segments';
import { formatDay, SUBSCRIBER_STATUS_LABELS } from '../audience-content';
import { CONDITION_FIELD_LABELS, CONDITION_OP_LABELS, formatCount } from '../tools-content';
import { ItemCardFoot } from './item-card-foot';
import './lists-page.css';
import './segments-page.css';

interface SegmentCardsProps {
  segments: readonly Segment[];
  lists: readonly AudienceList[];
  onEdit(segment: Segment): void;
  onDelete(segment: Segment): void;
}

/** A condition in words: "Email ends with @acme.com". */
export function describeCondition(condition: SegmentCondition, lists: readonly AudienceList[]): string {
  if (condition.field === 'engagement_score') return capitalised(describeEngagementCondition(condition));
  const field = condition.field === 'attribute' ? condition.key : CONDITION_FIELD_LABELS[condition.field];
  const op = CONDITION_OP_LABELS[condition.op] ?? condition.op;
  let value: string = condition.value;
  if (condition.field === 'status') value = SUBSCRIBER_STATUS_LABELS[condition.value];
  if (condition.field === 'list') value = lists.find((list) => list.id === condition.value)?.name ?? 'a deleted list';
  if (condition.field === 'created_at') value = formatDay(condition.value);
  if (['is_empty', 'is_not_empty', 'exists', 'not_exists'].includes(condition.op)) value = '';
  return [field, op, value && `“${value}”`].filter(Boolean).join(' ');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The customer's segments: name, who is in them now, their rules, and the way to those subscribers. */
export function SegmentCards({ segments, lists, onEdit, onDelete }: SegmentCardsProps) {
  return (
    <ul className="list-cards">
      {segments.map((segment) => {
        const titleId = `segment-${segment.id}`;
        const { match, conditions } = segment.definition;
        return (
          <li key={segment.id}>
            <article className="dash-card list-card segment-card" aria-labelledby={titleId}>
              <header className="list-card__head">
                <h2 id={titleId} className="list-card__name">
                  {segment.name}
                </h2>
                <p className="segment-card__count">
                  <span className="segment-card__count-number">{formatCount(segment.count)}</span> {segment.count === 1 ? 'subscriber' : 'subscribers'}
                </p>
              </header>
              <p className="segment-card__match">{conditions.length > 1 ? (match === 'all' ? 'Matches all of:' : 'Matches any of:') : 'Matches:'}</p>
              <ul className="segment-card__rules">
                {conditions.map((condition, index) => (
                  <li key={index}>{describeCondition(condition, lists)}</li>
                ))}
              </ul>
              <ItemCardFoot name={segment.name} viewTo={segmentSubscribersPath(segment.id)} onEdit={() => onEdit(segment)} onDelete={() => onDelete(segment)} />
            </article>
          </li>
        );
      })}
    </ul>
  );
}
