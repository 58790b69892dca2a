import { type ConnectionView, DELIVERY_MESSAGES, DELIVERY_TEXTS, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { SelectField } from '../../../components/ui/select-field';
import { deliveryOptions } from '../delivery';
import '../../../components/ui/notice.css';
import '../../../components/ui/quiet-tag.css';

interface DeliveryCardProps {
  /** The account's connections; null while they load. */
  connections: readonly ConnectionView[] | null;
  /** Why they could not be read (only Postlark is offered then). */
  loadError: string | null;
  value: string | null;
  readOnly: boolean;
  /** The server's refusal under delivery_connection_id. */
  error?: string;
  onChange(value: string | null): void;
}

const POSTLARK = '';

/**
 * "Delivered by" (issue 22): Postlark's own sending, or a connected platform that can send (by name
 * and account; a broken one shown but not chosen, with why). A platform chosen, what changes.
 */
export function DeliveryCard({ connections, loadError, value, readOnly, error, onChange }: DeliveryCardProps) {
  const options = deliveryOptions(connections ?? []);
  const chosen = value ? (connections?.find((connection) => connection.id === value) ?? null) : null;
  const name = chosen ? PLATFORM_NAMES[chosen.platform] : null;
  // A saved connection no longer listed (disconnected): said, and Postlark or another can be chosen.
  const gone = value !== null && connections !== null && !loadError && chosen === null;
  const reasons = options.filter((option) => option.disabledReason !== null && option.id !== value);
  const hint = (
    <>
      {DELIVERY_TEXTS.help}
      {reasons.map((option) => (
        <span key={option.id} className="delivery-card__reason">
          {' '}
          {option.disabledReason}
        </span>
      ))}
    </>
  );

  return (
    <section className="dash-card campaign-card" aria-labelledby="campaign-delivery-title">
      <h2 id="campaign-delivery-title" className="campaign-card__title">
        {DELIVERY_TEXTS.label}
        {name && <span className="quiet-tag">{DELIVERY_MESSAGES.deliveredBy(name)}</span>}
      </h2>
      <SelectField
        id="campaign-delivery"
        label={DELIVERY_TEXTS.label}
        hint={hint}
        error={error}
        value={value ?? POSTLARK}
        disabled={readOnly || connections === null}
        onChange={(event) => onChange(event.target.value === POSTLARK ? null : event.target.value)}
      >
        <option value={POSTLARK}>{DELIVERY_TEXTS.postlark}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id} disabled={option.disabledReason !== null && option.id !== value}>
            {option.label}
          </option>
        ))}
        {gone && <option value={value}>{DELIVERY_MESSAGES.connectionGone}</option>}
      </SelectField>
      {loadError && <p className="notice notice--error">{DELIVERY_TEXTS.connectionsFailed}</p>}
      {gone && !readOnly && <p className="notice notice--error">{DELIVERY_MESSAGES.connectionGone}</p>}
      {chosen?.status === 'broken' && name && <p className="notice notice--error">{DELIVERY_MESSAGES.connectionBroken(name)}</p>}
      {name && <p className="campaign-card__text">{DELIVERY_TEXTS.platformChanges(name)}</p>}
    </section>
  );
}
