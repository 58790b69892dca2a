import { type AudienceList, MEMBERSHIP_STATUSES, type MembershipStatus } from '@postlark/shared/audience';
import { MEMBERSHIP_STATUS_LABELS } from '../audience-content';
import { listSubscribersPath } from '../subscriber-query';
import { ItemCardFoot } from './item-card-foot';
import './lists-page.css';

interface ListCardsProps {
  lists: readonly AudienceList[];
  onEdit(list: AudienceList): void;
  onDelete(list: AudienceList): void;
}

const count = new Intl.NumberFormat('en-GB');

/** The customer's lists as cards: name, description, opt-in, members by status, and the way to them. */
export function ListCards({ lists, onEdit, onDelete }: ListCardsProps) {
  return (
    <ul className="list-cards">
      {lists.map((list) => {
        const titleId = `list-${list.id}`;
        return (
          <li key={list.id}>
            <article className="dash-card list-card" aria-labelledby={titleId}>
              <header className="list-card__head">
                <h2 id={titleId} className="list-card__name">
                  {list.name}
                </h2>
                <span className={`audience-tag${list.double_opt_in ? '' : ' audience-tag--plain'}`}>{list.double_opt_in ? 'Double opt-in' : 'Single opt-in'}</span>
              </header>
              <p className={`list-card__description${list.description ? '' : ' list-card__description--none'}`}>{list.description || 'No description'}</p>
              <ListCounts counts={list.counts} />
              <ItemCardFoot name={list.name} viewTo={listSubscribersPath(list.id)} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} />
            </article>
          </li>
        );
      })}
    </ul>
  );
}

// Confirmed first: the members who receive the list's campaigns.
const COUNT_ORDER: readonly MembershipStatus[] = ['confirmed', 'unconfirmed', 'unsubscribed'];

/** The list's members now (confirmed and waiting), a bar of the three statuses, and each count. */
function ListCounts({ counts }: { counts: AudienceList['counts'] }) {
  const members = counts.confirmed + counts.unconfirmed;
  const all = MEMBERSHIP_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <div className="list-card__members">
      <p className="list-card__total">
        <span className="list-card__total-number">{count.format(members)}</span> {members === 1 ? 'member' : 'members'}
      </p>
      <div className="list-card__bar" aria-hidden="true">
        {all > 0 &&
          COUNT_ORDER.filter((status) => counts[status] > 0).map((status) => (
            <span key={status} className={`list-card__bar-part list-card__bar-part--${status}`} style={{ flexGrow: counts[status] }} />
          ))}
      </div>
      <dl className="list-card__counts">
        {COUNT_ORDER.map((status) => (
          <div key={status} className={`list-card__count list-card__count--${status}`}>
            <dt>{MEMBERSHIP_STATUS_LABELS[status]}</dt>
            <dd>{count.format(counts[status])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
