import { STEPS } from '../landing-content';
import { SectionHeading } from './section-heading';
import './how-it-works.css';

/** Section 5: How it works, Sign Up, Customize, Send & Shine. */
export function HowItWorks() {
  return (
    <section id="how-it-works" className="landing-section landing-section--tinted" aria-labelledby="how-title">
      <div className="container">
        <SectionHeading id="how-title" eyebrow="How it works" title="From sign-up to results in three steps" />
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step" data-aos="fade-up" data-aos-delay={index * 120}>
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{step.title}</h3>
              <p className="step__body">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
