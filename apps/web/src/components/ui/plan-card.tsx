import type { LiHTMLAttributes, ReactNode } from 'react';
import { COMING_SOON, type Plan } from '@postlark/shared/plans';
import './plan-card.css';

interface PlanCardProps extends Omit<LiHTMLAttributes<HTMLLIElement>, 'className' | 'aria-labelledby'> {
  plan: Plan;
  /** Makes the heading's id, unique on the page: `${idPrefix}-${plan.id}`. */
  idPrefix: string;
  /** The corner label: the plan's own (Coming Soon) unless one is given, such as "Your plan". */
  badge?: string;
  className?: string;
  /** Below the features: the card's action or state. */
  children?: ReactNode;
}

/** One plan as the pricing section shows it (SPEC section 9), in a list of plans: the landing page's and the dashboard's Upgrade. */
export function PlanCard({ plan, idPrefix, badge, className, children, ...item }: PlanCardProps) {
  const headingId = `${idPrefix}-${plan.id}`;
  const corner = badge ?? (plan.available ? null : COMING_SOON);
  return (
    <li className={['plan', `plan--${plan.colour}`, className].filter(Boolean).join(' ')} aria-labelledby={headingId} {...item}>
      {corner && <span className={`plan__ribbon${badge ? ' plan__ribbon--strong' : ''}`}>{corner}</span>}
      <h3 id={headingId} className="plan__name">
        {plan.name}
      </h3>
      <p className="plan__description">{plan.description}</p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {children}
    </li>
  );
}
