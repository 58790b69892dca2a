import { type BlockCondition, blockConditionSchema, CONDITION_EVENT_DAYS, RECOMMENDATION_COUNT, RECOMMENDATION_LAYOUTS, type RecommendationLayout } from '@postlark/shared/content-blocks';
import { LAYOUT_TEXTS } from '@postlark/shared/layout-blocks';
import { ENGAGEMENT_BAND_LABELS, ENGAGEMENT_BANDS, type EngagementBand } from '@postlark/shared/insights';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { BLOCK_TEXTS, conditionLabel, DEFAULT_RECOMMENDATIONS } from '../content-blocks';
import { useAudienceChoices } from '../hooks/use-audience-choices';
import { LAYOUT_EDITOR_TEXTS } from '../layout-texts';
import { ColumnsForm, SpacerForm } from './layout-block-forms';

export type BlockKind = 'recommendations' | 'condition' | 'columns' | 'spacer';

interface BlockDialogProps {
  kind: BlockKind | null;
  onRecommendations(count: number, layout: RecommendationLayout): void;
  onCondition(condition: BlockCondition, label: string): void;
  onColumns(count: number): void;
  onSpacer(height: number): void;
  onClose(): void;
}

const TITLES: Record<BlockKind, string> = { recommendations: BLOCK_TEXTS.recommendations, condition: BLOCK_TEXTS.showOnlyTo, columns: LAYOUT_EDITOR_TEXTS.columns, spacer: LAYOUT_TEXTS.spacer };

/** Inserts a Recommended products block, columns or a spacer, or wraps the selection in a "Show only to…" block. */
export function BlockDialog({ kind, onRecommendations, onCondition, onColumns, onSpacer, onClose }: BlockDialogProps) {
  return (
    <Modal open={kind !== null} title={TITLES[kind ?? 'recommendations']} onClose={onClose}>
      {kind === 'recommendations' && <RecommendationsForm onInsert={onRecommendations} onClose={onClose} />}
      {kind === 'condition' && <ConditionForm onInsert={onCondition} onClose={onClose} />}
      {kind === 'columns' && <ColumnsForm onInsert={onColumns} onClose={onClose} />}
      {kind === 'spacer' && <SpacerForm onInsert={onSpacer} onClose={onClose} />}
    </Modal>
  );
}

function RecommendationsForm({ onInsert, onClose }: { onInsert(count: number, layout: RecommendationLayout): void; onClose(): void }) {
  const [count, setCount] = useState<number>(DEFAULT_RECOMMENDATIONS.count);
  const [layout, setLayout] = useState<RecommendationLayout>(DEFAULT_RECOMMENDATIONS.layout);
  const counts = Array.from({ length: RECOMMENDATION_COUNT.max - RECOMMENDATION_COUNT.min + 1 }, (_, index) => RECOMMENDATION_COUNT.min + index);
  return (
    <form
      className="campaign-dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onInsert(count, layout);
      }}
    >
      <p className="campaign-card__text">Each person gets their own products: bought together with what they bought, or popular this month. Never one they already bought or one out of stock.</p>
      <SelectField label="How many products" value={count} onChange={(event) => setCount(Number(event.target.value))}>
        {counts.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <fieldset className="block-dialog__choices">
        <legend>Layout</legend>
        {RECOMMENDATION_LAYOUTS.map((option) => (
          <label key={option} className="block-dialog__choice">
            <input type="radio" name="layout" value={option} checked={layout === option} onChange={() => setLayout(option)} />
            {option === 'grid' ? 'Grid (three to a row)' : 'List (one per row)'}
          </label>
        ))}
      </fieldset>
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Insert products</Button>
      </div>
    </form>
  );
}

/** One of the account's segments or lists, by name. */
function NamedChoice({ label, value, options, onChange }: { label: string; value: string; options: readonly { id: string; name: string }[] | undefined; onChange(id: string): void }) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Choose a {label.toLowerCase()}</option>
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}

type ConditionType = BlockCondition['type'];
const TYPE_LABELS: Record<ConditionType, string> = { segment: 'In a segment', list: 'On a list', field: 'A field', event: 'Did an event', engagement: 'Engagement band' };

function ConditionForm({ onInsert, onClose }: { onInsert(condition: BlockCondition, label: string): void; onClose(): void }) {
  const { choices, error: choicesError } = useAudienceChoices();
  const [type, setType] = useState<ConditionType>('segment');
  const [segmentId, setSegmentId] = useState('');
  const [listId, setListId] = useState('');
  const [field, setField] = useState<'email' | 'first_name' | 'last_name' | 'attribute'>('attribute');
  const [key, setKey] = useState('');
  const [op, setOp] = useState<'equals' | 'contains'>('equals');
  const [value, setValue] = useState('');
  const [eventName, setEventName] = useState('order_placed');
  const [days, setDays] = useState('30');
  const [bands, setBands] = useState<EngagementBand[]>(['highly_engaged']);
  const [error, setError] = useState('');

  function condition(): unknown {
    switch (type) {
      case 'segment':
        return { type, segment_id: segmentId };
      case 'list':
        return { type, list_id: listId };
      case 'field':
        return { type, field, key: field === 'attribute' ? key.trim() : '', op, value };
      case 'event':
        return { type, name: eventName.trim(), days: Number(days) };
      case 'engagement':
        return { type, bands };
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = blockConditionSchema.safeParse(condition());
    if (!parsed.success) {
      setError(
        {
          segment: 'Choose a segment.',
          list: 'Choose a list.',
          field: field === 'attribute' ? 'Name the attribute (letters, digits and _, starting with a letter).' : 'Enter the value to compare with.',
          event: `Name the event (like order_placed) and a number of days from ${CONDITION_EVENT_DAYS.min} to ${CONDITION_EVENT_DAYS.max}.`,
          engagement: 'Choose at least one band.',
        }[type],
      );
      return;
    }
    const names = { lists: new Map(choices?.lists.map((list) => [list.id, list.name])), segments: new Map(choices?.segments.map((segment) => [segment.id, segment.name])) };
    onInsert(parsed.data, conditionLabel(parsed.data, names));
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <p className="campaign-card__text">The selected part of the email is sent only to people who match when it goes out; everyone else gets the email without it.</p>
      <SelectField label="Show to people" value={type} onChange={(event) => setType(event.target.value as ConditionType)}>
        {(Object.keys(TYPE_LABELS) as ConditionType[]).map((option) => (
          <option key={option} value={option}>
            {TYPE_LABELS[option]}
          </option>
        ))}
      </SelectField>
      {choicesError && <p className="notice notice--error">{choicesError}</p>}
      {type === 'segment' && <NamedChoice label="Segment" value={segmentId} options={choices?.segments} onChange={setSegmentId} />}
      {type === 'list' && <NamedChoice label="List" value={listId} options={choices?.lists} onChange={setListId} />}
      {type === 'field' && (
        <>
          <SelectField label="Field" value={field} onChange={(event) => setField(event.target.value as typeof field)}>
            <option value="attribute">Custom attribute</option>
            <option value="email">Email</option>
            <option value="first_name">First name</option>
            <option value="last_name">Last name</option>
          </SelectField>
          {field === 'attribute' && <TextField label="Attribute name" value={key} placeholder="plan" onChange={(event) => setKey(event.target.value)} />}
          <SelectField label="Comparison" value={op} onChange={(event) => setOp(event.target.value as typeof op)}>
            <option value="equals">is</option>
            <option value="contains">contains</option>
          </SelectField>
          <TextField label="Value" value={value} onChange={(event) => setValue(event.target.value)} />
        </>
      )}
      {type === 'event' && (
        <>
          <TextField label="Event name" value={eventName} onChange={(event) => setEventName(event.target.value)} hint="As your shop sends it, like order_placed or product_viewed." />
          <TextField label="Within the last (days)" type="number" inputMode="numeric" min={CONDITION_EVENT_DAYS.min} max={CONDITION_EVENT_DAYS.max} value={days} onChange={(event) => setDays(event.target.value)} />
        </>
      )}
      {type === 'engagement' && (
        <fieldset className="block-dialog__choices">
          <legend>Bands (from the last insights refresh; people not yet scored match none)</legend>
          {ENGAGEMENT_BANDS.map((band) => (
            <label key={band} className="block-dialog__choice">
              <input type="checkbox" checked={bands.includes(band)} onChange={(event) => setBands(event.target.checked ? [...bands, band] : bands.filter((item) => item !== band))} />
              {ENGAGEMENT_BAND_LABELS[band]}
            </label>
          ))}
        </fieldset>
      )}
      <FieldError id="block-condition-error" message={error} />
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Show only to them</Button>
      </div>
    </form>
  );
}
