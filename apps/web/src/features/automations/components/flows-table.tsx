import { Link } from 'react-router';
import type { Flow, FlowStats } from '@postlark/shared/automations-views';
import { Button } from '../../../components/ui/button';
import { flowPath, formatMoment, revenueText, triggerText } from '../automations-content';
import { FlowStatusBadge } from './flow-status-badge';
import '../../../components/ui/card-table.css';
import './flows-list.css';

interface FlowsTableProps {
  flows: readonly Flow[];
  /** Each flow's counts, once read (undefined while they load). */
  stats: Readonly<Record<string, FlowStats | undefined>>;
  names(id: string): string | undefined;
  onDelete(flow: Flow): void;
}

const total = (stats: FlowStats | undefined, pick: (step: FlowStats['steps'][number]) => number) => (stats ? stats.steps.reduce((sum, step) => sum + pick(step), 0).toLocaleString('en') : '…');

/** The flows: a table on wide screens, one card per flow on phones (CSS). */
export function FlowsTable({ flows, stats, names, onDelete }: FlowsTableProps) {
  return (
    <div className="dash-card dash-card--flush">
      <table className="flows-table card-table" aria-label="Flows">
        <thead>
          <tr>
            <th scope="col">Flow</th>
            <th scope="col">Status</th>
            <th scope="col" className="flows-table__number">
              In it now
            </th>
            <th scope="col" className="flows-table__number">
              Emails sent
            </th>
            <th scope="col" className="flows-table__number">
              Conversions
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {flows.map((flow) => {
            const flowStats = stats[flow.id];
            return (
              <tr key={flow.id}>
                <td className="flows-table__main">
                  <Link className="card-table__name" to={flowPath(flow.id)}>
                    {flow.name}
                  </Link>
                  <span className="flows-table__trigger">{triggerText(flow.trigger, names)}</span>
                </td>
                <td data-label="Status">
                  <FlowStatusBadge status={flow.status} />
                  <span className="flows-table__detail">
                    v{flow.version} · {flow.activated_at ? `live since ${formatMoment(flow.activated_at)}` : `made ${formatMoment(flow.created_at)}`}
                  </span>
                </td>
                <td className="flows-table__number" data-label="In it now">
                  {flow.active_runs.toLocaleString('en')}
                  <span className="flows-table__detail">of {flow.total_runs.toLocaleString('en')} who entered</span>
                </td>
                <td className="flows-table__number" data-label="Emails sent">
                  {total(flowStats, (step) => step.emails_sent)}
                </td>
                <td className="flows-table__number" data-label="Conversions">
                  {flowStats ? flowStats.runs.goal.toLocaleString('en') : '…'}
                  {flowStats && revenueText(flowStats.revenue) !== '—' && <span className="flows-table__detail">{revenueText(flowStats.revenue)}</span>}
                </td>
                <td className="flows-table__actions">
                  <Link className="card-table__action" to={flowPath(flow.id)} aria-label={`Edit ${flow.name}`}>
                    Edit
                  </Link>
                  {flow.status !== 'active' && (
                    <Button variant="ghost" className="card-table__action card-table__action--danger" aria-label={`Delete ${flow.name}`} onClick={() => onDelete(flow)}>
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
