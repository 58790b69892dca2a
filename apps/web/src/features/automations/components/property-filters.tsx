import { PROPERTY_FILTER_OPS, type PropertyFilter } from '@postlark/shared/automations';
import { FLOW_LIMITS } from '@postlark/shared/automations-messages';
import { Button } from '../../../components/ui/button';

const OP_LABELS: Record<PropertyFilter['op'], string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  gt: 'is more than',
  lt: 'is less than',
  exists: 'is present',
  not_exists: 'is missing',
};

/** Conditions on an event's properties: a dotted path, a comparison and a value. */
export function PropertyFilters({ id, filters, onChange }: { id: string; filters: PropertyFilter[]; onChange(filters: PropertyFilter[]): void }) {
  const set = (index: number, change: Partial<PropertyFilter>) => onChange(filters.map((filter, at) => (at === index ? { ...filter, ...change } : filter)));
  return (
    <fieldset className="flow-fieldset">
      <legend className="form-field__label">Only when its properties match</legend>
      {filters.length === 0 && <p className="flow-panel__note">Any event of this name counts.</p>}
      {filters.map((filter, index) => (
        <div key={index} className="flow-filter">
          <input
            id={`${id}-path-${index}`}
            className="form-field__input"
            aria-label={`Property ${index + 1}`}
            placeholder="value or items.0.product_id"
            maxLength={FLOW_LIMITS.propertyPath}
            value={filter.path}
            onChange={(event) => set(index, { path: event.target.value })}
          />
          <select className="form-field__input" aria-label={`Comparison ${index + 1}`} value={filter.op} onChange={(event) => set(index, { op: event.target.value as PropertyFilter['op'] })}>
            {PROPERTY_FILTER_OPS.map((op) => (
              <option key={op} value={op}>
                {OP_LABELS[op]}
              </option>
            ))}
          </select>
          {filter.op !== 'exists' && filter.op !== 'not_exists' && (
            <input
              className="form-field__input"
              aria-label={`Value ${index + 1}`}
              maxLength={FLOW_LIMITS.filterValue}
              value={String(filter.value)}
              onChange={(event) => set(index, { value: filter.op === 'gt' || filter.op === 'lt' ? (Number.isNaN(Number(event.target.value)) ? event.target.value : Number(event.target.value)) : event.target.value })}
            />
          )}
          <Button variant="ghost" aria-label={`Remove condition ${index + 1}`} onClick={() => onChange(filters.filter((_, at) => at !== index))}>
            Remove
          </Button>
        </div>
      ))}
      {filters.length < FLOW_LIMITS.filters && (
        <Button variant="secondary" onClick={() => onChange([...filters, { path: '', op: 'equals', value: '' }])}>
          Add a condition
        </Button>
      )}
    </fieldset>
  );
}
