import { type AudienceList, SUBSCRIBER_STATUSES } from '@postlark/shared/audience';
import { ENGAGEMENT_BAND_LABELS, ENGAGEMENT_BANDS, RFM_GROUPS } from '@postlark/shared/insights';
import { ENGAGEMENT_CONDITION_TEXTS, SEGMENT_ENGAGEMENT_DAYS, SEGMENT_PURCHASE_FIGURES } from '@postlark/shared/segments';
import { SUBSCRIBER_STATUS_LABELS } from '../audience-content';
import { CONDITION_FIELDS, type ConditionCampaign, type ConditionDraft, needsValue, opsFor, withField } from '../segment-draft';
import { CAMPAIGN_CONDITION_TEXTS, CONDITION_FIELD_LABELS, CONDITION_OP_LABELS, type ConditionField, PURCHASE_FIGURE_LABELS } from '../tools-content';
import { AttributeKeySelect, type AttributeKeysState, firstAttributeKey } from './attribute-key-select';

interface ConditionRowProps {
  index: number;
  draft: ConditionDraft;
  lists: readonly AudienceList[];
  campaigns: readonly ConditionCampaign[];
  attributeKeys: AttributeKeysState;
  error?: string;
  canRemove: boolean;
  onChange(next: ConditionDraft): void;
  onRemove(): void;
}

/** One condition: the field, how it compares, and with what. */
export function ConditionRow({ index, draft, lists, campaigns, attributeKeys, error, canRemove, onChange, onRemove }: ConditionRowProps) {
  const label = `Condition ${index + 1}`;
  const set = (next: Partial<ConditionDraft>) => onChange({ ...draft, ...next });
  return (
    <li className={`segment-condition${error ? ' segment-condition--invalid' : ''}`} aria-label={label}>
      <div className="segment-condition__controls">
        <select
          className="form-field__input"
          aria-label={`${label} field`}
          value={draft.field}
          onChange={(event) =>
            onChange(withField(draft, event.target.value as ConditionField, { listId: lists[0]?.id, campaignId: campaigns[0]?.id, attributeKey: firstAttributeKey(attributeKeys) }))
          }
        >
          {CONDITION_FIELDS.map((field) => (
            <option key={field} value={field}>
              {CONDITION_FIELD_LABELS[field]}
            </option>
          ))}
        </select>
        {draft.field === 'purchases' && (
          <select className="form-field__input" aria-label={`${label} figure`} value={draft.key} onChange={(event) => set({ key: event.target.value })}>
            {SEGMENT_PURCHASE_FIGURES.map((figure) => (
              <option key={figure} value={figure}>
                {PURCHASE_FIGURE_LABELS[figure]}
              </option>
            ))}
          </select>
        )}
        {draft.field === 'attribute' && <AttributeKeySelect label={`${label} attribute name`} value={draft.key} keys={attributeKeys} onChange={(key) => set({ key })} />}
        {draft.field !== 'engagement_score' && (
          <select className="form-field__input" aria-label={`${label} comparison`} value={draft.op} onChange={(event) => set({ op: event.target.value })}>
            {opsFor(draft.field).map((op) => (
              <option key={op} value={op}>
                {CONDITION_OP_LABELS[op] ?? op}
              </option>
            ))}
          </select>
        )}
        {draft.field === 'engagement_score' ? (
          <ScoreInputs label={label} draft={draft} onChange={set} />
        ) : draft.field === 'event' ? (
          <EventInputs label={label} draft={draft} onChange={set} />
        ) : (
          needsValue(draft.op) && <ValueInput label={`${label} value`} draft={draft} lists={lists} campaigns={campaigns} onChange={(value) => set({ value })} />
        )}
        <button type="button" className="segment-condition__remove" aria-label={`Remove condition ${index + 1}`} disabled={!canRemove} onClick={onRemove}>
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      </div>
      {draft.field === 'engagement_score' && <p className="segment-condition__hint">{ENGAGEMENT_CONDITION_TEXTS.noScore}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function ValueInput({ label, draft, lists, campaigns, onChange }: { label: string; draft: ConditionDraft; lists: readonly AudienceList[]; campaigns: readonly ConditionCampaign[]; onChange(value: string): void }) {
  if (draft.field === 'campaign') {
    // A saved condition may name a campaign no longer listed (deleted): it stays shown by its id.
    const known = campaigns.some((campaign) => campaign.id === draft.value);
    return (
      <select className="form-field__input" aria-label={label} value={draft.value} onChange={(event) => onChange(event.target.value)}>
        {campaigns.length === 0 && !draft.value && <option value="">{CAMPAIGN_CONDITION_TEXTS.none}</option>}
        {!known && draft.value && <option value={draft.value}>{CAMPAIGN_CONDITION_TEXTS.unknown}</option>}
        {campaigns.map((campaign) => (
          <option key={campaign.id} value={campaign.id}>
            {campaign.name}
          </option>
        ))}
      </select>
    );
  }
  if (draft.field === 'status') {
    return (
      <select className="form-field__input" aria-label={label} value={draft.value} onChange={(event) => onChange(event.target.value)}>
        {SUBSCRIBER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SUBSCRIBER_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    );
  }
  if (draft.field === 'list') {
    return (
      <select className="form-field__input" aria-label={label} value={draft.value} onChange={(event) => onChange(event.target.value)}>
        {lists.length === 0 && <option value="">No lists yet</option>}
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </select>
    );
  }
  if (draft.field === 'rfm_group') {
    return (
      <select className="form-field__input" aria-label={label} value={draft.value} onChange={(event) => onChange(event.target.value)}>
        {RFM_GROUPS.map((group) => (
          <option key={group} value={group}>
            {group}
          </option>
        ))}
      </select>
    );
  }
  if (draft.field === 'purchases') {
    return <input className="form-field__input" type="number" step="any" aria-label={label} placeholder="Number" value={draft.value} onChange={(event) => onChange(event.target.value)} />;
  }
  if (draft.field === 'engagement') {
    return (
      <select className="form-field__input" aria-label={label} value={draft.value} onChange={(event) => onChange(event.target.value)}>
        {SEGMENT_ENGAGEMENT_DAYS.map((days) => (
          <option key={days} value={days}>
            {days} days
          </option>
        ))}
      </select>
    );
  }
  if (draft.field === 'created_at') {
    return <input className="form-field__input" type="date" aria-label={label} value={draft.value} onChange={(event) => onChange(event.target.value)} />;
  }
  return <input className="form-field__input" aria-label={label} placeholder="Value" maxLength={200} value={draft.value} onChange={(event) => onChange(event.target.value)} />;
}

/** An event condition: which event, how often and how recently, and optionally a property it carried. */
function EventInputs({ label, draft, onChange }: { label: string; draft: ConditionDraft; onChange(next: Partial<ConditionDraft>): void }) {
  const extra = draft.event ?? { propertyValue: '', atLeast: '1', days: '' };
  const setExtra = (next: Partial<typeof extra>) => onChange({ event: { ...extra, ...next } });
  return (
    <>
      <input className="form-field__input" aria-label={`${label} event name`} placeholder="order_placed" maxLength={100} value={draft.value} onChange={(event) => onChange({ value: event.target.value })} />
      {draft.op === 'did' && (
        <label className="segment-condition__inline">
          at least
          <input className="form-field__input segment-condition__number" type="number" min={1} max={1000} aria-label={`${label} times`} value={extra.atLeast} onChange={(event) => setExtra({ atLeast: event.target.value })} />
          times
        </label>
      )}
      <label className="segment-condition__inline">
        in the last
        <input className="form-field__input segment-condition__number" type="number" min={1} max={3650} aria-label={`${label} days (empty for ever)`} placeholder="ever" value={extra.days} onChange={(event) => setExtra({ days: event.target.value })} />
        days
      </label>
      <input className="form-field__input" aria-label={`${label} property name`} placeholder="Property (optional)" maxLength={64} value={draft.key} onChange={(event) => onChange({ key: event.target.value })} />
      {draft.key.trim() !== '' && (
        <input className="form-field__input" aria-label={`${label} property value`} placeholder="Property value" maxLength={200} value={extra.propertyValue} onChange={(event) => setExtra({ propertyValue: event.target.value })} />
      )}
    </>
  );
}

/** An engagement score condition: any of the bands ticked, and/or the score's bounds in whole percentages. */
function ScoreInputs({ label, draft, onChange }: { label: string; draft: ConditionDraft; onChange(next: Partial<ConditionDraft>): void }) {
  const score = draft.score ?? { bands: [], atLeast: '', below: '' };
  const setScore = (next: Partial<typeof score>) => onChange({ score: { ...score, ...next } });
  return (
    <>
      <fieldset className="segment-condition__bands">
        <legend className="visually-hidden">{`${label} bands`}</legend>
        {ENGAGEMENT_BANDS.map((band) => (
          <label key={band} className="segment-condition__inline">
            <input
              type="checkbox"
              checked={score.bands.includes(band)}
              onChange={(event) => setScore({ bands: event.target.checked ? [...score.bands, band] : score.bands.filter((chosen) => chosen !== band) })}
            />
            {ENGAGEMENT_BAND_LABELS[band]}
          </label>
        ))}
      </fieldset>
      <label className="segment-condition__inline">
        score at least
        <input className="form-field__input segment-condition__number" type="number" min={0} max={100} aria-label={`${label} score at least (%)`} placeholder="any" value={score.atLeast} onChange={(event) => setScore({ atLeast: event.target.value })} />
        %
      </label>
      <label className="segment-condition__inline">
        below
        <input className="form-field__input segment-condition__number" type="number" min={0} max={100} aria-label={`${label} score below (%)`} placeholder="any" value={score.below} onChange={(event) => setScore({ below: event.target.value })} />
        %
      </label>
    </>
  );
}
