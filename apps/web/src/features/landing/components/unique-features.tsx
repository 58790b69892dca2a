import { UNIQUE_FEATURES } from '../landing-content';
import { SectionHeading } from './section-heading';
import './unique-features.css';

/** Section 6: Unique Features, Event-Triggered Campaigns and Purchase-Based Insights. */
export function UniqueFeatures() {
  return (
    <section className="landing-section" aria-labelledby="unique-title">
      <div className="container">
        <SectionHeading
          id="unique-title"
          eyebrow="Unique Features"
          title="Built for newsletters that sell"
          lead="Two things other platforms make you wire up yourself."
        />
        <div className="unique-grid">
          {UNIQUE_FEATURES.map((feature, index) => (
            <article key={feature.title} className={`unique-card unique-card--${index}`} data-aos="fade-up">
              <h3 className="unique-card__title">{feature.title}</h3>
              <p className="unique-card__body">{feature.body}</p>
              <ul className="unique-card__points">
                {feature.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
