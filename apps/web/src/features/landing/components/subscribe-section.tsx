import type { ReactNode } from 'react';
import './subscribe-section.css';

/** Section 9: the subscribe block above the footer, with the waitlist form passed in by the route. */
export function SubscribeSection({ waitlistForm }: { waitlistForm: ReactNode }) {
  return (
    <section className="subscribe" aria-labelledby="subscribe-title">
      <div className="container">
        <div className="subscribe__panel" data-aos="zoom-in">
          <h2 id="subscribe-title" className="subscribe__title">
            Be first to send smarter newsletters
          </h2>
          <p className="subscribe__lead">Join the waitlist and get early access, plus tips on growing your list.</p>
          {waitlistForm}
        </div>
      </div>
    </section>
  );
}
