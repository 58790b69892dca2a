import type { FlowDefinition } from '@postlark/shared/automations';
import type { StepStats } from '@postlark/shared/automations-views';
import { revenueText, STEP_LABELS, stepTitle } from '../automations-content';
import { stepsInOrder } from '../flow-layout';

const HEADINGS = ['Step', 'Kind', 'Entered', 'Waiting', 'Completed', 'Emails sent', 'Opens', 'Clicks', 'Goal conversions', 'Revenue'];

/** Every step's counts as one table, for screen readers (the cards show the same numbers). */
export function FlowStatsTable({ definition, stats }: { definition: FlowDefinition; stats: ReadonlyMap<string, StepStats> }) {
  const steps = stepsInOrder(definition);
  if (steps.length === 0) return null;
  return (
    // A table is never narrower than its cells: the wrapper is what hides it.
    <div className="visually-hidden">
      <table>
        <caption>Step counts</caption>
        <thead>
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => {
            const row = stats.get(step.id);
            return (
              <tr key={step.id}>
                <th scope="row">{stepTitle(step)}</th>
                <td>{STEP_LABELS[step.type]}</td>
                <td>{row?.entered ?? 0}</td>
                <td>{row?.waiting ?? 0}</td>
                <td>{row?.completed ?? 0}</td>
                <td>{row?.emails_sent ?? 0}</td>
                <td>{row?.opens ?? 0}</td>
                <td>{row?.clicks ?? 0}</td>
                <td>{row?.goal_conversions ?? 0}</td>
                <td>{row ? revenueText(row.revenue) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
