import { useState } from 'react';
import type { StepType } from '@postlark/shared/automations';
import { STEP_DRAG_TYPE, stepTypeOf } from './step-palette';

interface AddStepButtonProps {
  label: string;
  onAdd(): void;
  /** A step dragged from the palette and dropped here. */
  onDropType(type: StepType): void;
}

/** The "+" between two steps: opens the choice of a step to put there, or takes one dropped on it. */
export function AddStepButton({ label, onAdd, onDropType }: AddStepButtonProps) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`flow-add${over ? ' flow-add--over' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(STEP_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const type = stepTypeOf(event.dataTransfer.getData(STEP_DRAG_TYPE));
        if (type) onDropType(type);
      }}
    >
      <button type="button" className="flow-add__button" aria-label={label} title={label} onClick={onAdd}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
    </div>
  );
}
