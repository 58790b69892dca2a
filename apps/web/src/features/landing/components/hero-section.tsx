import type { ReactNode } from 'react';
import { FeatureIcon } from './feature-icon';
import './hero-section.css';

/** Section 1: the headline, the waitlist email input (passed in by the route) and a product preview. */
export function HeroSection({ waitlistForm }: { waitlistForm: ReactNode }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <span className="hero__dot" aria-hidden="true" /> AI newsletters, now in private beta
          </p>
          <h1 id="hero-title" className="hero__title">
            Every email, at the moment <span className="hero__highlight">your reader opens it</span>
          </h1>
          <p className="hero__lead">
            Postlark writes, tests and times your newsletters with AI, so more people open, click and buy, without
            more work from you.
          </p>
          {waitlistForm}
          <p className="hero__note">Free for 7 days on every plan. No card needed to join the waitlist.</p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

// A drawing of the product's report card: decoration, so screen readers skip it.
function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="hero-preview__card">
        <div className="hero-preview__header">
          <span className="hero-preview__title">Spring Launch · Weekly digest</span>
          <span className="hero-preview__badge">Sent</span>
        </div>
        <div className="hero-preview__stats">
          <div>
            <strong>48.2%</strong>
            <span>Open rate</span>
          </div>
          <div>
            <strong>12.7%</strong>
            <span>Click rate</span>
          </div>
          <div>
            <strong>+31%</strong>
            <span>vs. last send</span>
          </div>
        </div>
        <svg className="hero-preview__chart" viewBox="0 0 320 110" width="320" height="110" preserveAspectRatio="none">
          <defs>
            <linearGradient id="hero-chart-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#6d5dfc" stopOpacity=".35" />
              <stop offset="1" stopColor="#6d5dfc" stopOpacity="0" />
            </linearGradient>
          </defs>
          <path d="M0 92 C40 88 60 70 96 66 S150 40 180 44 230 18 262 22 300 10 320 6 V110 H0Z" fill="url(#hero-chart-fill)" />
          <path d="M0 92 C40 88 60 70 96 66 S150 40 180 44 230 18 262 22 300 10 320 6" fill="none" stroke="#6d5dfc" strokeWidth="3" />
        </svg>
      </div>
      <div className="hero-preview__chip hero-preview__chip--time">
        <span className="hero-preview__chip-icon">
          <FeatureIcon name="clock" />
        </span> Best time for Maya: <strong>Tue 7:40</strong>
      </div>
      <div className="hero-preview__chip hero-preview__chip--ab">
        <span className="hero-preview__chip-icon">A/B</span> Subject B wins · <strong>+9.4% opens</strong>
      </div>
    </div>
  );
}
