import type { FlowDefinition } from '@postlark/shared/automations';
import { Button } from '../../../components/ui/button';
import { hourText } from '../automations-content';
import './flow-header.css';

/** The flow's rules in one line of chips, and the way to change them. */
export function FlowRulesSummary({ definition, problem, onEdit }: { definition: FlowDefinition; problem: string | undefined; onEdit(): void }) {
  const { rules, goal } = definition;
  const chips = [
    rules.reentry === 'never' ? 'Once per person' : rules.reentry === 'always' ? 'Re-entry: every time' : `Re-entry after ${rules.reentry_days ?? '?'} days`,
    rules.frequency_cap_hours ? `At most 1 email per ${rules.frequency_cap_hours} h` : 'No frequency cap',
    rules.quiet_hours ? `Quiet ${hourText(rules.quiet_hours.start)}–${hourText(rules.quiet_hours.end)}` : 'No quiet hours',
    goal ? `Goal: ${goal.event}` : 'No goal',
  ];
  return (
    <section className="flow-rules" aria-label="Flow rules">
      <ul className="flow-rules__chips">
        {chips.map((chip) => (
          <li key={chip} className="flow-rules__chip">
            {chip}
          </li>
        ))}
        {problem && <li className="flow-rules__chip flow-rules__chip--problem">! {problem}</li>}
      </ul>
      <Button variant="ghost" onClick={onEdit}>
        Edit rules
      </Button>
    </section>
  );
}
