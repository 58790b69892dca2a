import { useEffect, useRef } from 'react';
import type { FlowDefinition, FlowStep, StepType } from '@postlark/shared/automations';
import type { StepStats } from '@postlark/shared/automations-views';
import { stepTitle } from '../automations-content';
import { flowLayout, type Lane, type Slot, START_SLOT } from '../flow-layout';
import { AddStepButton } from './add-step-button';
import { StepCard } from './step-card';
import { StepIcon } from './step-icon';
import { StepPalette } from './step-palette';
import './flow-canvas.css';

interface FlowCanvasProps {
  definition: FlowDefinition;
  triggerText: string;
  stats: ReadonlyMap<string, StepStats>;
  /** Problems by step id, and the trigger's under "trigger". */
  problems: Readonly<Record<string, string>>;
  selected: string | null;
  onOpenTrigger(): void;
  onOpenStep(step: FlowStep): void;
  onAdd(slot: Slot, label: string): void;
  /** A step of this type dragged from the palette onto the slot. */
  onDrop(slot: Slot, type: StepType): void;
}

/** The flow top to bottom: the trigger, then each step joined by a line; branches side by side. */
export function FlowCanvas(props: FlowCanvasProps) {
  const { definition, triggerText, problems, selected, onOpenTrigger, onAdd, onDrop } = props;
  const titles = new Map(definition.steps.map((step) => [step.id, stepTitle(step)]));
  const firstLabel = 'Add the first step after the trigger';
  const canvas = useRef<HTMLDivElement>(null);
  // Wider than the screen (branches on a phone): start in the middle, under the trigger.
  useEffect(() => {
    const element = canvas.current;
    if (element) element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
  }, []);
  return (
    <div className="flow-canvas" ref={canvas}>
      <StepPalette />
      <div className="flow-canvas__inner">
        <div className={`step-card step-card--trigger${selected === 'trigger' ? ' step-card--selected' : ''}${problems.trigger ? ' step-card--problem' : ''}`}>
          <button type="button" className="step-card__open" aria-label={`Trigger: ${triggerText}. Edit trigger`} onClick={onOpenTrigger}>
            <span className="step-card__head">
              <StepIcon type="trigger" />
              <span className="step-card__kind">Trigger</span>
            </span>
            <span className="step-card__title">{triggerText}</span>
          </button>
          {problems.trigger && (
            <p className="step-card__problem">
              <span aria-hidden="true">!</span> {problems.trigger}
            </p>
          )}
        </div>
        <AddStepButton label={firstLabel} onAdd={() => onAdd(START_SLOT, firstLabel)} onDropType={(type) => onDrop(START_SLOT, type)} />
        <LaneView lane={flowLayout(definition)} titles={titles} {...props} />
      </div>
    </div>
  );
}

function LaneView({ lane, titles, ...props }: FlowCanvasProps & { lane: Lane; titles: Map<string, string> }) {
  const last = lane.nodes.at(-1);
  return (
    <ol className="flow-lane">
      {lane.nodes.map((node) => {
        const title = titles.get(node.step.id) ?? node.step.id;
        const label = `Add a step after ${title}`;
        return (
          <li key={node.step.id} className="flow-lane__item">
            <StepCard step={node.step} stats={props.stats.get(node.step.id)} problem={props.problems[node.step.id]} selected={props.selected === node.step.id} onOpen={props.onOpenStep} />
            {node.slot && <AddStepButton label={label} onAdd={() => props.onAdd(node.slot!, label)} onDropType={(type) => props.onDrop(node.slot!, type)} />}
            {node.branches && (
              <div className="flow-branches" role="group" aria-label={`Paths after ${title}`}>
                {node.branches.map((branch) => {
                  const branchLabel = `Add a step on the “${branch.label}” path of ${title}`;
                  return (
                    <div key={branch.port} className={`flow-branch flow-branch--${branch.port}`}>
                      <span className="flow-branch__label">{branch.label}</span>
                      <AddStepButton label={branchLabel} onAdd={() => props.onAdd(branch.slot, branchLabel)} onDropType={(type) => props.onDrop(branch.slot, type)} />
                      <LaneView lane={branch.lane} titles={titles} {...props} />
                    </div>
                  );
                })}
              </div>
            )}
          </li>
        );
      })}
      {lane.joins !== null ? (
        <li className="flow-lane__end flow-lane__end--join">
          <button type="button" className="flow-join" onClick={() => props.onOpenStep(props.definition.steps.find((step) => step.id === lane.joins)!)}>
            Continues at {titles.get(lane.joins) ?? lane.joins}
          </button>
        </li>
      ) : (
        !last?.branches &&
        last?.step.type !== 'exit' && (
          <li className="flow-lane__end">
            <span className="flow-end">End of path</span>
          </li>
        )
      )}
    </ol>
  );
}
