import { INSIGHTS_TEXTS, ORDER_EVENT_EXAMPLE } from '../insights-content';

/** An account without orders: how to send them, with the API's documentation a click away. */
export function InsightsEmpty({ docsUrl }: { docsUrl: string }) {
  return (
    <section className="dash-card insights-empty" aria-labelledby="insights-empty-title">
      <div className="insights-empty__intro">
        <span className="insights-empty__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0" />
          </svg>
        </span>
        <h2 id="insights-empty-title" className="dash-card__title">
          {INSIGHTS_TEXTS.noOrdersTitle}
        </h2>
        <p className="dash-card__text insights-empty__text">
          Purchase insights are worked out from <code>order_placed</code> events. Send one for each order your shop takes, with your API key (Profile, API keys), to{' '}
          <code>POST /api/v1/events</code>: up to 5,000 in a call, and a repeated <code>id</code> is never counted twice. The figures appear after the next refresh.
        </p>
        <a className="btn btn--primary insights-empty__docs" href={docsUrl} target="_blank" rel="noopener noreferrer">
          {INSIGHTS_TEXTS.apiDocs}
        </a>
      </div>
      <pre className="insights-empty__code" aria-label="An example order_placed event" tabIndex={0}>
        <code>{ORDER_EVENT_EXAMPLE}</code>
      </pre>
    </section>
  );
}
