import type { AudienceList } from '@postlark/shared/audience';
import type { Segment } from '@postlark/shared/segments';
import { FieldError } from '../../../components/ui/field-error';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { EmptyNote } from '../../../components/ui/page-state';
import '../../../components/ui/check-chip.css';

const count = new Intl.NumberFormat('en-GB');

interface AudiencePickerProps {
  lists: readonly AudienceList[] | null;
  segments: readonly Segment[] | null;
  listIds: readonly string[];
  segmentIds: readonly string[];
  onChange(listIds: string[], segmentIds: string[]): void;
  loadError: string | null;
  error?: string;
  disabled?: boolean;
}

const toggle = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((item) => item !== id));

/** Who gets the campaign: any of the customer's lists and segments; someone in two is sent one email. */
export function AudiencePicker({ lists, segments, listIds, segmentIds, onChange, loadError, error, disabled }: AudiencePickerProps) {
  const loading = !lists && !loadError;
  return (
    <fieldset className="campaign-audience" aria-describedby={error ? 'campaign-audience-error' : undefined} disabled={disabled}>
      <legend className="campaign-card__title">Audience</legend>
      <p className="campaign-card__text">Choose lists and segments. A subscriber in more than one gets the email once.</p>
      {loading && <EmptyNote>Loading lists and segments...</EmptyNote>}
      {loadError && (
        <p className="notice notice--error" role="alert">
          {loadError}
        </p>
      )}
      {lists && segments && lists.length + segments.length === 0 && <EmptyNote>{CAMPAIGN_TEXTS.noAudience}</EmptyNote>}
      {lists && lists.length > 0 && (
        <div className="campaign-audience__group" role="group" aria-label="Lists">
          <h3 className="campaign-audience__heading">Lists</h3>
          <div className="campaign-audience__options">
            {lists.map((list) => (
              <Choice
                key={list.id}
                label={list.name}
                detail={`${count.format(list.counts.confirmed)} confirmed`}
                checked={listIds.includes(list.id)}
                onChange={(on) => onChange(toggle(listIds, list.id, on), [...segmentIds])}
              />
            ))}
          </div>
        </div>
      )}
      {segments && segments.length > 0 && (
        <div className="campaign-audience__group" role="group" aria-label="Segments">
          <h3 className="campaign-audience__heading">Segments</h3>
          <div className="campaign-audience__options">
            {segments.map((segment) => (
              <Choice key={segment.id} label={segment.name} detail={`${count.format(segment.count)} matching`} checked={segmentIds.includes(segment.id)} onChange={(on) => onChange([...listIds], toggle(segmentIds, segment.id, on))} />
            ))}
          </div>
        </div>
      )}
      <FieldError id="campaign-audience-error" message={error} />
    </fieldset>
  );
}

function Choice({ label, detail, checked, onChange }: { label: string; detail?: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label className="check-chip">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="check-chip__box" aria-hidden="true" />
      <span className="check-chip__label">{label}</span>
      {detail && <span className="campaign-choice__detail">{detail}</span>}
    </label>
  );
}
