import { Link } from 'react-router';
import type { FlowRunView } from '@postlark/shared/automations-views';
import { subscriberPath } from '@postlark/shared/routes';
import { formatMoment } from '../automations-content';
import { RUN_STATUS_LABELS, runReason, runWhere } from '../flow-runs';
import '../../../components/ui/card-table.css';
import './flow-people.css';

/** The latest people through the flow: where each is and why, newest first. */
export function FlowPeople({ runs, titles }: { runs: readonly FlowRunView[] | null; titles: ReadonlyMap<string, string> }) {
  return (
    <section className="flow-people" aria-labelledby="flow-people-title">
      <h2 id="flow-people-title" className="flow-people__title">
        People in this flow
      </h2>
      {runs && runs.length === 0 && <p className="flow-people__empty">Nobody has entered yet. People who meet the trigger while the flow is active show here, with where they are and why.</p>}
      {runs && runs.length > 0 && (
        <div className="dash-card dash-card--flush">
          <table className="card-table flow-people__table" aria-label="People in this flow">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Status</th>
                <th scope="col">Where</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td>
                    <Link className="card-table__name" to={subscriberPath(run.subscriber_id)}>
                      {run.email}
                    </Link>
                    <span className="flow-people__detail">entered {formatMoment(run.started_at)}</span>
                  </td>
                  <td>
                    <span className={`flow-run flow-run--${run.status}`}>{RUN_STATUS_LABELS[run.status]}</span>
                  </td>
                  <td>{runWhere(run, titles, formatMoment)}</td>
                  <td className="flow-people__reason">{runReason(run) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
