import './person-head.css';

interface PersonHeadProps {
  /** One letter in the round avatar. */
  initial: string;
  name: string;
  /** Under the name; left out when it says the same. */
  email?: string;
}

/** A person at the top of their card (the account's summary, a subscriber's): avatar, name, address. */
export function PersonHead({ initial, name, email }: PersonHeadProps) {
  return (
    <div className="person-head">
      <span className="person-head__avatar" aria-hidden="true">
        {initial}
      </span>
      <div className="person-head__names">
        <p className="person-head__name">{name}</p>
        {email && email !== name && <p className="person-head__email">{email}</p>}
      </div>
    </div>
  );
}
