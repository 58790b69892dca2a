import { useState } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import { domainOf, SENDER_MESSAGES, type SenderOverview } from '@postlark/shared/senders';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { SENDER_TEXTS, SENDERS_PATH } from '../campaigns-content';
import { fromChoices } from '../from-address';
import './from-address-field.css';

interface FromAddressFieldProps {
  value: string;
  /** The customer's senders; null while they load (or could not be read): the plain field then. */
  senders: SenderOverview | null;
  error?: string;
  readOnly: boolean;
  onChange(value: string): void;
}

const AT = '@';

/**
 * The From address: a choice of the addresses the customer may send from (best first), or any
 * address at one of their authenticated domains, typed. Beside it, how a free-mail address goes
 * out (from our domain in their name), and a way to their own domain while they have none. A draft
 * keeps an address that cannot send (shown as such), so no work is lost; sending it is refused.
 */
export function FromAddressField({ value, senders, error, readOnly, onChange }: FromAddressFieldProps) {
  // The domain picked from the list ('' for a listed address); null until the first pick.
  const [picked, setPicked] = useState<string | null>(null);
  const manage = (
    <>
      {SENDER_TEXTS.fromHint} <Link to={SENDERS_PATH}>{SENDER_TEXTS.fromManage}</Link>
    </>
  );

  if (!senders || readOnly) {
    return (
      <TextField
        id="campaign-from-email"
        label="From email"
        type="email"
        autoComplete="email"
        maxLength={CAMPAIGN_LIMITS.email}
        value={value}
        error={error}
        readOnly={readOnly}
        hint={readOnly ? undefined : manage}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  const { confirmed, domains, otherDomain, unconfirmed, sentAs, noDomain } = fromChoices(value, senders, picked);
  const hint = noDomain ? (
    <>
      {SENDER_TEXTS.fromNoDomain} <Link to={SENDERS_PATH}>{SENDER_TEXTS.fromNoDomainLink}</Link>.
    </>
  ) : (
    manage
  );
  return (
    <div className="from-address">
      <SelectField
        id="campaign-from-email"
        label="From email"
        value={otherDomain ? `${AT}${otherDomain}` : value}
        error={otherDomain ? undefined : error}
        hint={hint}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen.startsWith(AT)) {
            setPicked(chosen.slice(1));
            onChange(value && domainOf(value) === chosen.slice(1) ? value : '');
          } else {
            setPicked('');
            onChange(chosen);
          }
        }}
      >
        {!value && !otherDomain && <option value="">Choose a sender</option>}
        {unconfirmed && <option value={unconfirmed}>{SENDER_TEXTS.fromUnconfirmed(unconfirmed)}</option>}
        {confirmed.map((address) => (
          <option key={address} value={address}>
            {address}
          </option>
        ))}
        {domains.map((domain) => (
          <option key={domain} value={`${AT}${domain}`}>
            {SENDER_TEXTS.fromOther(domain)}
          </option>
        ))}
      </SelectField>
      {otherDomain && (
        <TextField
          id="campaign-from-email-at-domain"
          label={SENDER_TEXTS.fromAtDomain(otherDomain)}
          type="email"
          maxLength={CAMPAIGN_LIMITS.email}
          placeholder={`news@${otherDomain}`}
          value={value}
          error={error}
          onChange={(event) => onChange(event.target.value.trim().toLowerCase())}
        />
      )}
      {sentAs && (
        <p className="from-address__via" role="note">
          {SENDER_MESSAGES.viaPlatform(value, sentAs)}
        </p>
      )}
    </div>
  );
}
