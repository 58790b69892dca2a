import { COMING_SOON, PLANS, type Plan } from '@postlark/shared/plans';
import { SectionHeading } from './section-heading';
import './pricing-section.css';

/** Section 8: the three plans; Basic opens the waitlist, Premium and Enterprise are Coming Soon. */
export function PricingSection({ onChooseAvailable }: { onChooseAvailable: () => void }) {
  return (
    <section id="pricing" className="landing-section" aria-labelledby="pricing-title">
      <div className="container">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Plans that grow with your list"
          lead="Every plan starts with a 7-day free trial."
        />
        <ul className="plans">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onChoose={onChooseAvailable} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function PlanCard({ plan, onChoose }: { plan: Plan; onChoose: () => void }) {
  const headingId = `plan-${plan.name.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <li className={`plan plan--${plan.colour}`} data-aos="fade-up" aria-labelledby={headingId}>
      {!plan.available && <span className="plan__ribbon">{COMING_SOON}</span>}
      <h3 id={headingId} className="plan__name">
        {plan.name}
      </h3>
      <p className="plan__description">{plan.description}</p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className={`btn btn--block ${plan.available ? 'btn--primary' : 'btn--secondary'}`}
        disabled={!plan.available}
        onClick={plan.available ? onChoose : undefined}
      >
        {plan.buttonText}
      </button>
    </li>
  );
}
