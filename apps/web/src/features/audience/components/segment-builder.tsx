import { type FormEvent, useEffect, useState } from 'react';
import type { AudienceList } from '@postlark/shared/audience';
import { SEGMENT_LIMITS, SEGMENT_MESSAGES, type Segment, type SegmentCreate, type SegmentDefinition } from '@postlark/shared/segments';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { FormOutcome } from '../../../lib/form-state';
import { type ConditionCampaign, type ConditionDraft, fromCondition, newCondition, toCondition, toDefinition } from '../segment-draft';
import { subscribersCount } from '../tools-content';
import type { AttributeKeysState } from './attribute-key-select';
import { ConditionRow } from './segment-condition-row';
import '../../../components/ui/check-chip.css';
import '../../../components/ui/notice.css';
import './audience.css';
import './segments-page.css';

// The count waits for a pause in the typing, so each keystroke does not ask the server.
const PREVIEW_DELAY_MS = 400;

interface SegmentBuilderProps {
  segment?: Segment;
  lists: readonly AudienceList[];
  /** The campaigns a "campaign activity" condition can name: those that went out. */
  campaigns?: readonly ConditionCampaign[];
  /** The attribute keys the customer's subscribers have, for "attribute" conditions. */
  attributeKeys: AttributeKeysState;
  preview(definition: SegmentDefinition): Promise<number>;
  onSave(body: SegmentCreate): Promise<FormOutcome>;
  onCancel(): void;
}

type Count = { state: 'idle' } | { state: 'counting' } | { state: 'done'; count: number } | { state: 'failed'; message: string };

/** A new or saved segment: its name, all/any, the conditions, and a live count of who matches. */
export function SegmentBuilder({ segment, lists, campaigns = [], attributeKeys, preview, onSave, onCancel }: SegmentBuilderProps) {
  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(segment?.definition.match ?? 'all');
  const [drafts, setDrafts] = useState<ConditionDraft[]>(segment ? segment.definition.conditions.map(fromCondition) : [newCondition('email')]);
  const [nameError, setNameError] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  const definition = toDefinition(match, drafts);
  const key = definition ? JSON.stringify(definition) : '';

  // The last answer, for the definition it counted: while the definition differs, it is counting.
  const [answer, setAnswer] = useState<{ key: string; count: Count } | null>(null);
  let count: Count = { state: 'idle' };
  if (key) count = answer?.key === key ? answer.count : { state: 'counting' };

  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(() => {
      preview(JSON.parse(key) as SegmentDefinition).then(
        (found) => live && setAnswer({ key, count: { state: 'done', count: found } }),
        (reason: unknown) => live && setAnswer({ key, count: { state: 'failed', message: reason instanceof Error ? reason.message : String(reason) } }),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, preview]);

  function change(index: number, next: ConditionDraft) {
    setDrafts((current) => current.map((draft, at) => (at === index ? next : draft)));
    setFormError('');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed === '' ? SEGMENT_MESSAGES.nameRequired : '');
    setShowInvalid(true);
    if (trimmed === '' || !definition) return;
    setSaving(true);
    const outcome = await onSave({ name: trimmed, definition });
    setSaving(false);
    if (outcome.ok) return;
    if (outcome.errors.name) setNameError(outcome.errors.name);
    else setFormError(outcome.message);
  }

  return (
    <form className="dash-card segment-builder" noValidate aria-label={segment ? 'Edit segment' : 'New segment'} onSubmit={(event) => void onSubmit(event)}>
      <div className="segment-builder__top">
        <TextField
          label="Segment name"
          requiredMark
          autoComplete="off"
          maxLength={SEGMENT_LIMITS.name}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError('');
          }}
        />
        <CountBadge count={count} />
      </div>
      <fieldset className="segment-builder__match">
        <legend className="form-field__label">Subscribers who match</legend>
        {(['all', 'any'] as const).map((value) => (
          <label key={value} className="check-chip">
            <input type="radio" name="segment-match" value={value} checked={match === value} onChange={() => setMatch(value)} />
            <span className="check-chip__box segment-builder__radio" aria-hidden="true" />
            <span className="check-chip__label">{value === 'all' ? 'All conditions' : 'Any condition'}</span>
          </label>
        ))}
      </fieldset>
      <ol className="segment-builder__conditions" aria-label="Conditions">
        {drafts.map((draft, index) => (
          <ConditionRow
            key={index}
            index={index}
            draft={draft}
            lists={lists}
            campaigns={campaigns}
            attributeKeys={attributeKeys}
            error={showInvalid && !toCondition(draft) ? SEGMENT_MESSAGES.conditionInvalid : undefined}
            canRemove={drafts.length > 1}
            onChange={(next) => change(index, next)}
            onRemove={() => setDrafts((current) => current.filter((_, at) => at !== index))}
          />
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          disabled={drafts.length >= SEGMENT_LIMITS.conditions}
          onClick={() => setDrafts((current) => [...current, newCondition('email')])}
        >
          Add condition
        </Button>
      </div>
      {formError && (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      )}
      <div className="audience-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save segment'}
        </Button>
      </div>
    </form>
  );
}

function CountBadge({ count }: { count: Count }) {
  let text = 'Complete the conditions to see who matches';
  if (count.state === 'counting') text = 'Counting...';
  if (count.state === 'done') text = `${subscribersCount(count.count)} ${count.count === 1 ? 'matches' : 'match'}`;
  if (count.state === 'failed') text = count.message;
  return (
    <p className={`segment-count segment-count--${count.state}`} role="status" aria-label="Matching subscribers">
      {text}
    </p>
  );
}
