import { Link } from 'react-router';
import type { InsightsPerson } from '@postlark/shared/insights-dashboard';
import { subscriberPath } from '@postlark/shared/routes';
import { formatCount, formatDay, formatMoney, formatShare, NO_VALUE } from '../insights-format';
import { CardHead } from '../../../components/ui/card';
import '../../../components/ui/data-table.css';

interface PeopleTableProps {
  id: string;
  title: string;
  lead: string;
  people: readonly InsightsPerson[];
  currency: string | null;
  /** The figure that ranks them, in the last column. */
  rank: 'churn' | 'value';
  empty: string;
}

/** People at risk or the top customers, each leading to their subscriber page; cards on a phone. */
export function PeopleTable({ id, title, lead, people, currency, rank, empty }: PeopleTableProps) {
  const rankLabel = rank === 'churn' ? 'Churn risk' : 'Predicted value, 365 days';
  return (
    <section className="dash-card insights-card insights-card--wide insights-people" aria-labelledby={id}>
      <CardHead title={title} titleId={id} text={lead} />
      {people.length === 0 ? (
        <p className="insights-card__empty">{empty}</p>
      ) : (
        <div className="data-table insights-people__table">
          <table aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col" className="insights-num">
                  Orders
                </th>
                <th scope="col" className="insights-num">
                  Revenue
                </th>
                <th scope="col">Last order</th>
                <th scope="col" className="insights-num">
                  {rankLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.subscriber_id}>
                  <td className="insights-people__who">
                    <Link to={subscriberPath(person.subscriber_id)}>{person.email}</Link>
                    {person.rfm_group && <span className="insights-people__group">{person.rfm_group}</span>}
                  </td>
                  <td data-label="Orders" className="insights-num">
                    {formatCount(person.orders)}
                  </td>
                  <td data-label="Revenue" className="insights-num">
                    {formatMoney(person.revenue, currency)}
                  </td>
                  <td data-label="Last order" className="insights-people__date">
                    {formatDay(person.last_order_at)}
                  </td>
                  <td data-label={rankLabel} className="insights-num insights-people__rank">
                    {rank === 'churn' ? (
                      person.churn_risk === null ? (
                        NO_VALUE
                      ) : (
                        <span className="insights-risk">
                          <span className="insights-risk__bar" aria-hidden="true">
                            <span style={{ width: `${Math.round(person.churn_risk * 100)}%` }} />
                          </span>
                          {formatShare(person.churn_risk)}
                        </span>
                      )
                    ) : (
                      formatMoney(person.predicted_value_365d, currency)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
