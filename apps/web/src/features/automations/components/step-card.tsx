import type { FlowStep } from '@postlark/shared/automations';
import type { StepStats } from '@postlark/shared/automations-views';
import { revenueText, STEP_LABELS, stepSummary, stepTitle } from '../automations-content';
import { StepIcon } from './step-icon';
import '../../../components/ui/quiet-tag.css';
import './step-card.css';

interface StepCardProps {
  step: FlowStep;
  stats: StepStats | undefined;
  /** The step has a problem the server named (shown in words, not only in colour). */
  problem: string | undefined;
  selected: boolean;
  onOpen(step: FlowStep): void;
}

const count = (value: number) => value.toLocaleString('en');

/** One step on the canvas: what it does, and how many people went through it. A button: it opens the step. */
export function StepCard({ step, stats, problem, selected, onOpen }: StepCardProps) {
  const title = stepTitle(step);
  const summary = stepSummary(step);
  const figures: [string, string][] = stats
    ? [
        ['Entered', count(stats.entered)],
        ['Waiting', count(stats.waiting)],
        ['Completed', count(stats.completed)],
        ...(step.type === 'email'
          ? ([
              ['Sent', count(stats.emails_sent)],
              ['Opens', count(stats.opens)],
              ['Clicks', count(stats.clicks)],
            ] as [string, string][])
          : []),
        ...(stats.goal_conversions > 0 ? ([['Goals', count(stats.goal_conversions)]] as [string, string][]) : []),
        // Each has its reason in the run's notes; shown only when it happened.
        ...(
          [
            ['Skipped', stats.skipped],
            ['Failed', stats.failed],
            ['Unknown', stats.unknown],
          ] as [string, number][]
        )
          .filter(([, value]) => value > 0)
          .map(([label, value]): [string, string] => [label, count(value)]),
        ...(Object.values(stats.revenue).some((amount) => amount > 0) ? ([['Revenue', revenueText(stats.revenue)]] as [string, string][]) : []),
      ]
    : [];
  return (
    <div className={`step-card step-card--${step.type}${selected ? ' step-card--selected' : ''}${problem ? ' step-card--problem' : ''}`}>
      <button type="button" className="step-card__open" aria-label={`${title}${summary === title ? '' : `: ${summary}`}. Edit step`} onClick={() => onOpen(step)}>
        <span className="step-card__head">
          <StepIcon type={step.type} />
          <span className="step-card__kind">{STEP_LABELS[step.type]}</span>
        </span>
        <span className="step-card__title">{title}</span>
        {summary !== title && <span className="step-card__summary">{summary}</span>}
        {/* Its state (deciding, the winner) is in the step's panel. */}
        {step.type === 'email' && step.ab_test && <span className="quiet-tag step-card__ab">A/B test · {step.ab_test.variants.length} variants</span>}
      </button>
      {problem && (
        <p className="step-card__problem">
          <span aria-hidden="true">!</span> {problem}
        </p>
      )}
      {figures.length > 0 && (
        <dl className="step-card__stats" aria-label={`${title}: counts`}>
          {figures.map(([label, value]) => (
            <div key={label} className="step-card__stat">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
