import type { ReactNode } from 'react';
import { formatDateTime } from '../../reports/report-format';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS } from '../deliverability-content';
import './pause-banner.css';

interface PauseBannerProps {
  /** The pause as the API gives it (Home's sending_paused, the page's sending.paused). */
  pause: { at: string; reason: string; next_steps: string };
  /** What the customer can do from here: resume (the page), or a link to the page (Home). */
  children: ReactNode;
  /** Home shows it above its h1, where a heading would come out of order. */
  heading?: boolean;
}

/** A guardrail paused the account's sending: why, since when, what to do next, and the way on. */
export function PauseBanner({ pause, children, heading = true }: PauseBannerProps) {
  const Title = heading ? 'h2' : 'p';
  return (
    <section className="pause-banner" aria-labelledby="pause-banner-title">
      <span className="pause-banner__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        </svg>
      </span>
      <div className="pause-banner__body">
        {/* The reason itself begins "Sending is paused": the line above it only says since when. */}
        <p className="pause-banner__eyebrow">{TEXTS.pausedSince(formatDateTime(pause.at))}</p>
        <Title id="pause-banner-title" className="pause-banner__reason">
          {pause.reason}
        </Title>
        <p className="pause-banner__steps">{pause.next_steps}</p>
        <div className="pause-banner__actions">{children}</div>
      </div>
    </section>
  );
}
