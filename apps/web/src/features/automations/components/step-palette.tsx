import { STEP_TYPES, type StepType } from '@postlark/shared/automations';
import { STEP_LABELS } from '../automations-content';
import { StepIcon } from './step-icon';
import './flow-canvas.css';

/** What a dragged step carries: its type, under our own media type so nothing else drops here. */
export const STEP_DRAG_TYPE = 'application/x-postlark-step';

export function stepTypeOf(value: string): StepType | null {
  return (STEP_TYPES as readonly string[]).includes(value) ? (value as StepType) : null;
}

/** The kinds of step, to drag onto a "+" of the canvas (each "+" also opens the same choice, by click or keyboard). */
export function StepPalette() {
  return (
    <div className="step-palette" aria-hidden="true">
      <span className="step-palette__hint">Drag a step onto a +</span>
      <ul className="step-palette__list">
        {STEP_TYPES.map((type) => (
          <li
            key={type}
            className="step-palette__item"
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(STEP_DRAG_TYPE, type);
              event.dataTransfer.effectAllowed = 'copy';
            }}
          >
            <StepIcon type={type} />
            {STEP_LABELS[type]}
          </li>
        ))}
      </ul>
    </div>
  );
}
