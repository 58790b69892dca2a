import { PLANS } from '@postlark/shared/plans';
import { PlanCard } from '../../../components/ui/plan-card';
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
            <PlanCard key={plan.id} plan={plan} idPrefix="plan" data-aos="fade-up">
              <button
                type="button"
                className={`btn btn--block ${plan.available ? 'btn--primary' : 'btn--secondary'}`}
                disabled={!plan.available}
                onClick={plan.available ? onChooseAvailable : undefined}
              >
                {plan.buttonText}
              </button>
            </PlanCard>
          ))}
        </ul>
      </div>
    </section>
  );
}
