import { FEATURES } from '../landing-content';
import { FeatureIcon } from './feature-icon';
import { SectionHeading } from './section-heading';
import './product-overview.css';

/** Section 3: Product Overview with the five feature cards. */
export function ProductOverview() {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title">
      <div className="container">
        <SectionHeading
          id="features-title"
          eyebrow="Product Overview"
          title="AI that does the busywork of email marketing"
          lead="Five engines work on every send, so each newsletter performs better than the last."
        />
        <ul className="feature-grid">
          {FEATURES.map((feature, index) => (
            <li key={feature.title} className="feature-card" data-aos="fade-up" data-aos-delay={index * 80}>
              <span className="feature-card__icon">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__body">{feature.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
