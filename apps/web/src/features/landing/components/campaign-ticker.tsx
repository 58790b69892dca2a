import { CAMPAIGN_TYPES } from '../landing-content';
import './campaign-ticker.css';

/**
 * Section 4: a scrolling ticker of campaign types. The list is drawn twice so the loop has no
 * seam; screen readers hear it once. Hovering pauses it, and reduced motion stops it.
 */
export function CampaignTicker() {
  return (
    <section className="ticker" aria-label="Campaigns you can run with Postlark">
      <div className="ticker__track">
        {[false, true].map((duplicate) => (
          <ul key={String(duplicate)} className="ticker__list" aria-hidden={duplicate || undefined}>
            {CAMPAIGN_TYPES.map((type) => (
              <li key={type} className="ticker__item">
                {type}
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
