import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Subscriber } from '@postlark/shared/audience';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toasts';
import { consentSourceLabel, formatMoment, fullName } from '../audience-content';
import { attributeText } from '../subscriber-form';
import { listSubscribersPath } from '../subscriber-query';
import { StatusBadge } from './status-badge';
import { PersonHead } from '../../../components/ui/person-head';
import { CardHead } from '../../../components/ui/card';
import './subscriber-page.css';

/** Who the subscriber is, and how and when they came: the page's first card. */
export function SubscriberSummary({ subscriber }: { subscriber: Subscriber }) {
  const name = fullName(subscriber);
  const initial = (subscriber.first_name.trim() || subscriber.email).charAt(0).toUpperCase();
  const facts: [string, ReactNode][] = [
    ['Status', <StatusBadge key="status" kind="subscriber" status={subscriber.status} awaitingConfirmation={subscriber.awaiting_confirmation} />],
    ['Time zone', subscriber.timezone ? subscriber.timezone.replaceAll('_', ' ') : <span className="subscriber-facts__none">Not set</span>],
    ['Added', formatMoment(subscriber.created_at)],
    ['Last updated', formatMoment(subscriber.updated_at)],
    [
      'Consent',
      <span key="consent" className="subscriber-facts__stack">
        {consentSourceLabel(subscriber.consent.source)}
        <span className="subscriber-facts__sub">{formatMoment(subscriber.consent.at) || 'No time recorded'}</span>
      </span>,
    ],
  ];
  if (subscriber.consent.confirmed_at) facts.push(['Confirmed by email', formatMoment(subscriber.consent.confirmed_at)]);

  return (
    <section className="dash-card person-card subscriber-summary" aria-label="Subscriber details">
      <PersonHead initial={initial} name={name || subscriber.email} email={subscriber.email} />
      <dl className="subscriber-facts">
        {facts.map(([term, detail]) => (
          <div key={term} className="subscriber-facts__item">
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The lists the subscriber is or was on, each with the membership's status. */
export function SubscriberMemberships({ subscriber }: { subscriber: Subscriber }) {
  return (
    <section className="dash-card" aria-labelledby="subscriber-lists-title">
      <CardHead title="Lists" titleId="subscriber-lists-title" />
      {subscriber.lists.length === 0 ? (
        <p className="dash-card__text subscriber-side__empty">Not on any list yet. Choose lists in the form to add them.</p>
      ) : (
        <ul className="subscriber-memberships">
          {subscriber.lists.map((membership) => (
            <li key={membership.list_id} className="subscriber-memberships__item">
              <div className="subscriber-memberships__text">
                <Link className="subscriber-memberships__name" to={listSubscribersPath(membership.list_id)}>
                  {membership.list_name}
                </Link>
                {membership.confirmed_at && <span className="subscriber-memberships__when">Confirmed {formatMoment(membership.confirmed_at)}</span>}
              </div>
              <StatusBadge kind="membership" status={membership.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The subscriber's attributes (set by imports and forms), read-only here. */
export function SubscriberAttributes({ subscriber }: { subscriber: Subscriber }) {
  const entries = Object.entries(subscriber.attributes).sort(([left], [right]) => left.localeCompare(right));
  return (
    <section className="dash-card" aria-labelledby="subscriber-attributes-title">
      <CardHead title="Attributes" titleId="subscriber-attributes-title" />
      {entries.length === 0 ? (
        <p className="dash-card__text subscriber-side__empty">No attributes yet. Imports and signup forms can add details such as a city or a plan.</p>
      ) : (
        <table className="subscriber-attributes">
          <caption className="visually-hidden">Attributes</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([key, value]) => (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td>{attributeText(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Their preference centre: the page every campaign links to, which the customer may also share. */
export function SubscriberPreferenceLink({ subscriber }: { subscriber: Subscriber }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(subscriber.preference_url);
      void showToast('success', 'Preference centre link copied.');
    } catch {
      void showToast('error', 'Could not copy the link: select it and copy it by hand.');
    }
  }

  return (
    <section className="dash-card" aria-labelledby="subscriber-preferences-title">
      <CardHead
        title="Preference centre"
        titleId="subscriber-preferences-title"
        text="Every campaign links here, so they can choose their lists or unsubscribe. You can send it to them too."
      />
      <div className="subscriber-preference">
        <a className="subscriber-preference__url" href={subscriber.preference_url} target="_blank" rel="noreferrer">
          {subscriber.preference_url}
        </a>
        <Button variant="secondary" className="subscriber-preference__copy" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </section>
  );
}
