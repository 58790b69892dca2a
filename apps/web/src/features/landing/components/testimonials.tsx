import { TESTIMONIALS } from '../landing-content';
import { SectionHeading } from './section-heading';
import './testimonials.css';

/** Section 7: three beta users in their own words. */
export function Testimonials() {
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading id="testimonials-title" eyebrow="From our beta" title="Writers and marketers who switched" />
        <ul className="testimonials">
          {TESTIMONIALS.map((testimonial, index) => (
            <li key={testimonial.name} className="testimonial" data-aos="fade-up" data-aos-delay={index * 100}>
              <figure>
                <blockquote className="testimonial__quote">“{testimonial.quote}”</blockquote>
                <figcaption className="testimonial__author">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {testimonial.name.charAt(0)}
                  </span>
                  <span>
                    <strong>{testimonial.name}</strong>
                    <span className="testimonial__role">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
