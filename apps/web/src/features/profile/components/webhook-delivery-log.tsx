import type { WebhookAttempt } from '@postlark/shared/outgoing-webhooks';
import { Button } from '../../../components/ui/button';
import { EmptyNote } from '../../../components/ui/page-state';
import '../../../components/ui/data-table.css';

export type LoadedLog = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; attempts: WebhookAttempt[] };

const timeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });

function when(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? timeFormat.format(date) : '';
}

function isDelivered(attempt: WebhookAttempt): boolean {
  return attempt.error === null && attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
}

/** What the attempt came to: the endpoint's status, or why no status came. */
function Result({ attempt }: { attempt: WebhookAttempt }) {
  const ok = isDelivered(attempt);
  return (
    <span className="webhooks-log__result">
      {attempt.status_code !== null && <span className={`webhooks-log__code webhooks-log__code--${ok ? 'ok' : 'bad'}`}>{attempt.status_code}</span>}
      {attempt.error && <span className="webhooks-log__error">{attempt.error}</span>}
      {attempt.status_code === null && !attempt.error && <span className="webhooks-log__error">No answer</span>}
    </span>
  );
}

/** Where the event stands now, whichever attempt this row is. */
function Standing({ attempt }: { attempt: WebhookAttempt }) {
  if (attempt.delivery_status === 'delivered') return <span className="webhooks-log__status webhooks-log__status--delivered">Delivered</span>;
  if (attempt.delivery_status === 'failed') return <span className="webhooks-log__status webhooks-log__status--failed">Failed</span>;
  return (
    <span className="webhooks-log__status webhooks-log__status--pending">
      Retrying{attempt.next_attempt_at ? <> at <time dateTime={attempt.next_attempt_at}>{when(attempt.next_attempt_at)}</time></> : null}
    </span>
  );
}

/** An endpoint's latest delivery attempts, newest first: time, event, status code or error, duration, and where the event stands. */
export function WebhookDeliveryLog({ loaded, onRefresh }: { loaded: LoadedLog; onRefresh(): void }) {
  return (
    <div className="webhooks-log" aria-busy={loaded.state === 'loading'}>
      <div className="webhooks-log__head">
        <h4 className="webhooks-log__title">Delivery log</h4>
        <Button variant="ghost" className="webhooks__small" onClick={onRefresh}>
          Refresh
        </Button>
      </div>
      {loaded.state === 'loading' && <EmptyNote>Loading the delivery log...</EmptyNote>}
      {loaded.state === 'failed' && (
        <div className="notice notice--error" role="alert">
          <span>{loaded.message}</span>
          <button type="button" className="notice__action" onClick={onRefresh}>
            Try again
          </button>
        </div>
      )}
      {loaded.state === 'ready' && loaded.attempts.length === 0 && (
        <EmptyNote>Nothing sent yet. Send a test event to see how your endpoint answers.</EmptyNote>
      )}
      {loaded.state === 'ready' && loaded.attempts.length > 0 && (
        <div className="data-table data-table--compact webhooks-log__scroll">
          <table className="webhooks-log__table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Result</th>
                <th scope="col">Duration</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {loaded.attempts.map((attempt) => (
                <tr key={attempt.id}>
                  <td data-label="Time">
                    <time dateTime={attempt.at}>{when(attempt.at)}</time>
                  </td>
                  <td data-label="Event">
                    <code className="webhooks__type">{attempt.event_type}</code>
                  </td>
                  <td data-label="Result">
                    <Result attempt={attempt} />
                  </td>
                  <td data-label="Duration">{attempt.duration_ms} ms</td>
                  <td data-label="Status">
                    <Standing attempt={attempt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
