import type { PersonEvent } from '@postlark/shared/events';
import { Button } from '../../../components/ui/button';
import { formatMoment } from '../audience-content';
import { eventSentence, eventSourceLabel } from '../event-texts';
import { CardHead } from '../../../components/ui/card';
import '../../../components/ui/quiet-tag.css';

// Buying marks a good moment; mail that did not reach them, or a goodbye, a bad one.
function toneOf(event: PersonEvent): 'start' | 'stop' | 'plain' {
  if (event.name === 'order_placed') return 'start';
  if (event.name === 'email_bounced' || event.name === 'email_unsubscribed') return 'stop';
  return 'plain';
}

interface SubscriberEventsProps {
  events: readonly PersonEvent[];
  more: boolean;
  loading: boolean;
  error: string;
  onMore(): void;
}

/** What the person did, newest first: their events from any source and our campaigns' own records. */
export function SubscriberEventsCard({ events, more, loading, error, onMore }: SubscriberEventsProps) {
  return (
    <section className="dash-card subscriber-activity subscriber-events" aria-labelledby="subscriber-events-title" aria-busy={loading}>
      <CardHead
        title="What they did"
        titleId="subscriber-events-title"
        text="Orders, visits and other events sent through the API, and what your campaigns recorded: deliveries, opens and clicks."
      />
      {events.length === 0 && !loading && !error && <p className="dash-card__text">Nothing recorded yet.</p>}
      {events.length > 0 && (
        <ol className="subscriber-activity__list">
          {events.map((event, index) => (
            <li key={`${event.occurred_at}-${event.name}-${index}`} className={`subscriber-activity__item subscriber-activity__item--${toneOf(event)}`}>
              <span className="subscriber-activity__dot" aria-hidden="true" />
              <span className="subscriber-activity__what">
                {eventSentence(event)}
                <span className="quiet-tag">{eventSourceLabel(event.source)}</span>
              </span>
              <time className="subscriber-activity__when" dateTime={event.occurred_at}>
                {formatMoment(event.occurred_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {loading && (
        <p className="page-loading" role="status">
          Loading events...
        </p>
      )}
      {!loading && (more || error) && (
        <Button variant="secondary" className="subscriber-events__more" onClick={onMore}>
          {error ? 'Try again' : 'Show older events'}
        </Button>
      )}
    </section>
  );
}
