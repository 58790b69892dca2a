import type { InsightsHeadline as Headline } from '@postlark/shared/insights-dashboard';
import { formatCount, formatDecimal, formatMoney, formatShare } from '../insights-format';

function Figure({ label, value, note, tone = 'plain' }: { label: string; value: string; note: string; tone?: 'plain' | 'brand' | 'accent' }) {
  return (
    <div className={`insights-figure insights-figure--${tone}`}>
      <dt className="insights-figure__label">{label}</dt>
      <dd className="insights-figure__value">{value}</dd>
      <dd className="insights-figure__note">{note}</dd>
    </div>
  );
}

/** The account's figures at a glance: who bought, what it came to, and what the models expect. */
export function InsightsHeadline({ headline, currency, fitted }: { headline: Headline; currency: string | null; fitted: boolean }) {
  const pending = fitted ? 'Sum over every customer' : 'Shown once the model is fitted';
  return (
    <dl className="insights-figures" aria-label="Headline figures">
      <Figure label="Customers with orders" value={formatCount(headline.customers)} note={`${formatCount(headline.orders)} orders in all`} tone="brand" />
      <Figure label="Revenue" value={formatMoney(headline.revenue, currency)} note="From every order with a value" tone="brand" />
      <Figure label="Repeat rate" value={formatShare(headline.repeat_rate)} note="Customers with more than one order" />
      <Figure label="Average order value" value={formatMoney(headline.average_order_value, currency)} note="Revenue per order" />
      <Figure label="Expected orders, next 365 days" value={formatDecimal(headline.expected_orders_365d === null ? null : Math.round(headline.expected_orders_365d))} note={pending} tone="accent" />
      <Figure label="Predicted value, next 365 days" value={formatMoney(headline.predicted_value_365d, currency)} note={pending} tone="accent" />
    </dl>
  );
}
