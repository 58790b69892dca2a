import type { PurchaseInsights } from '@postlark/shared/insights';
import { daysBetweenOrders } from '../insights-charts';
import { formatCount, formatDay, formatDecimal, formatMoney, formatShare, NO_VALUE } from '../insights-format';
import './purchases.css';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="purchases-card__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * A person's purchases on their subscriber page: what they bought, their RFM scores and group,
 * and what the models predict; where the data is too thin, the note saying what is missing.
 */
export function PurchasesCard({ purchases, currency }: { purchases: PurchaseInsights; currency: string | null }) {
  const bought = purchases.orders !== null && purchases.orders > 0;
  const days = daysBetweenOrders(purchases.orders, purchases.first_order_at, purchases.last_order_at);
  const predicted = purchases.p_alive !== null;
  return (
    <section className="dash-card purchases-card" aria-labelledby="purchases-card-title">
      <div className="purchases-card__head">
        <h2 id="purchases-card-title" className="dash-card__title">
          Purchases
        </h2>
        {purchases.rfm && <span className={`insights-badge insights-group--${purchases.rfm.group.toLowerCase().replace(/\s+/g, '-')}`}>{purchases.rfm.group}</span>}
      </div>
      {bought && (
        <>
          <dl className="purchases-card__facts">
            <Fact label="Orders" value={formatCount(purchases.orders)} />
            <Fact label="Revenue" value={formatMoney(purchases.revenue, currency)} />
            <Fact label="Average order value" value={formatMoney(purchases.average_order_value, currency)} />
            <Fact label="Average days between orders" value={days === null ? NO_VALUE : formatDecimal(Math.round(days * 10) / 10)} />
            <Fact label="First order" value={formatDay(purchases.first_order_at)} />
            <Fact label="Last order" value={formatDay(purchases.last_order_at)} />
          </dl>
          {purchases.rfm && (
            <div className="purchases-card__rfm" aria-label="RFM scores">
              {(
                [
                  ['Recency', purchases.rfm.recency],
                  ['Frequency', purchases.rfm.frequency],
                  ['Monetary', purchases.rfm.monetary],
                ] as const
              ).map(([label, score]) => (
                <div key={label} className="purchases-card__score">
                  <span className="purchases-card__score-label">{label}</span>
                  <span className="purchases-card__dots" aria-hidden="true">
                    {[1, 2, 3, 4, 5].map((dot) => (
                      <span key={dot} className={dot <= score ? 'is-on' : undefined} />
                    ))}
                  </span>
                  <span className="purchases-card__score-value">{score} of 5</span>
                </div>
              ))}
            </div>
          )}
          {predicted && (
            <dl className="purchases-card__facts purchases-card__facts--predicted" aria-label="Predictions">
              <Fact label="Probability alive" value={formatShare(purchases.p_alive)} />
              <Fact label="Churn risk" value={formatShare(purchases.churn_risk)} />
              <Fact label="Expected orders, 90 days" value={formatDecimal(purchases.expected_orders_90d)} />
              <Fact label="Expected orders, 365 days" value={formatDecimal(purchases.expected_orders_365d)} />
              <Fact label="Predicted value, 365 days" value={formatMoney(purchases.predicted_value_365d, currency)} />
              <Fact label="Next order expected" value={purchases.next_order_expected_at ? formatDay(purchases.next_order_expected_at) : 'Not expected'} />
            </dl>
          )}
        </>
      )}
      {purchases.note && (
        <p className="purchases-card__note" role="note">
          {purchases.note}
        </p>
      )}
    </section>
  );
}
