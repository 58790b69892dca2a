import type { ActivityKind, Subscriber } from '@postlark/shared/audience';
import { ACTIVITY_LIMIT } from '@postlark/shared/audience';
import { activityLabel, formatMoment } from '../audience-content';
import { CardHead } from '../../../components/ui/card';

// Events that end mail to them stand out; the rest read as ordinary history.
const TONE: Partial<Record<ActivityKind, 'stop' | 'start'>> = {
  unsubscribed: 'stop',
  bounced: 'stop',
  complained: 'stop',
  left_list: 'stop',
  subscribed: 'start',
  resubscribed: 'start',
  confirmed: 'start',
};

/** What happened to the subscriber, newest first: how they came, their lists, their choices. */
export function SubscriberActivityCard({ subscriber }: { subscriber: Subscriber }) {
  return (
    <section className="dash-card subscriber-activity" aria-labelledby="subscriber-activity-title">
      <CardHead title="Activity" titleId="subscriber-activity-title" />
      <ol className="subscriber-activity__list">
        {subscriber.activity.map((event, index) => (
          <li key={`${event.at}-${event.kind}-${event.list_id ?? index}`} className={`subscriber-activity__item subscriber-activity__item--${TONE[event.kind] ?? 'plain'}`}>
            <span className="subscriber-activity__dot" aria-hidden="true" />
            <span className="subscriber-activity__what">{activityLabel(event)}</span>
            <time className="subscriber-activity__when" dateTime={event.at}>
              {formatMoment(event.at)}
            </time>
          </li>
        ))}
      </ol>
      {subscriber.activity.length >= ACTIVITY_LIMIT && <p className="dash-card__text subscriber-activity__more">The newest {ACTIVITY_LIMIT} events are shown.</p>}
    </section>
  );
}
