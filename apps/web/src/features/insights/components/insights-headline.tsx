import type { InsightsHeadline as Headline } from '@postlark/shared/insights-dashboard';
import { StatCard } from '../../../components/ui/stat-card';
import { formatCount, formatDecimal, formatMoney, formatShare } from '../insights-format';

/** The account's figures at a glance: who bought, what it came to, and what the models expect. */
export function InsightsHeadline({ headline, currency, fitted }: { headline: Headline; currency: string | null; fitted: boolean }) {
  const pending = fitted ? 'Sum over every customer' : 'Shown once the model is fitted';
  return (
    <dl className="insights-figures" aria-label="Headline figures">
      <StatCard label="Customers with orders" value={formatCount(headline.customers)} note={`${formatCount(headline.orders)} orders in all`} tone="brand" />
      <StatCard label="Revenue" value={formatMoney(headline.revenue, currency)} note="From every order with a value" tone="brand" />
      <StatCard label="Repeat rate" value={formatShare(headline.repeat_rate)} note="Customers with more than one order" />
      <StatCard label="Average order value" value={formatMoney(headline.average_order_value, currency)} note="Revenue per order" />
      <StatCard label="Expected orders, next 365 days" value={formatDecimal(headline.expected_orders_365d === null ? null : Math.round(headline.expected_orders_365d))} note={pending} tone="accent" />
      <StatCard label="Predicted value, next 365 days" value={formatMoney(headline.predicted_value_365d, currency)} note={pending} tone="accent" />
    </dl>
  );
}
