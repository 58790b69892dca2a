import { Link } from 'react-router';
import { AB_DIMENSION_LABELS, AB_METRIC_LABELS, type AbTestSummary } from '@postlark/shared/ab-tests';
import { formatDateTime } from '../ab-format';
import { formatLift } from '../ab-test-math';
import { AB_TEXTS } from '../ab-tests-content';
import { AbStatusBadge } from './ab-status-badge';
import '../../../components/ui/card-table.css';
import '../../../components/ui/quiet-tag.css';
import './ab-tests.css';

/** Every test: what it tried, how it is judged, where it is, and what it found. A card per test on phones. */
export function AbTestsTable({ tests }: { tests: readonly AbTestSummary[] }) {
  return (
    <div className="dash-card dash-card--flush">
      <table className="ab-table card-table" aria-label="A/B tests">
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Winner by</th>
            <th scope="col">Status</th>
            <th scope="col">Result</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test) => (
            <tr key={test.id}>
              <td className="ab-table__main">
                <Link className="card-table__name" to={test.link}>
                  {test.name}
                </Link>
                <span className="ab-table__detail">
                  {AB_DIMENSION_LABELS[test.dimension]} · {test.variants} variants
                  {test.kind === 'automation' && <span className="quiet-tag">Automation</span>}
                </span>
              </td>
              <td className="ab-table__metric">
                <span className="ab-table__metric-label">Winner by </span>
                {AB_METRIC_LABELS[test.metric]}
              </td>
              <td className="ab-table__status">
                <AbStatusBadge status={test.status} />
              </td>
              <td className="ab-table__result">
                <Result test={test} />
              </td>
              <td className="ab-table__when">
                <dl className="ab-table__times">
                  <div>
                    <dt>Started</dt>
                    <dd>{formatDateTime(test.started_at)}</dd>
                  </div>
                  {test.decided_at && (
                    <div>
                      <dt>Decided</dt>
                      <dd>{formatDateTime(test.decided_at)}</dd>
                    </div>
                  )}
                </dl>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Result({ test }: { test: AbTestSummary }) {
  if (test.status === 'winner' && test.winner_label)
    return (
      <span className="ab-table__winner">
        Variant {test.winner_label} <span className={`ab-lift${(test.lift ?? 0) < 0 ? ' ab-lift--down' : ''}`}>{formatLift(test.lift)}</span>
      </span>
    );
  if (test.status === 'no_winner') return <span className="ab-table__none">{AB_TEXTS.noClearWinner}: A went to the rest</span>;
  if (test.status === 'testing') return <span className="ab-table__none">{AB_TEXTS.deciding}</span>;
  return <span className="ab-table__none">—</span>;
}
