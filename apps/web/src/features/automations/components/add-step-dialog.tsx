import { STEP_TYPES, type StepType } from '@postlark/shared/automations';
import { Modal } from '../../../components/ui/modal';
import { AUTOMATION_TEXTS, STEP_HINTS, STEP_LABELS } from '../automations-content';
import { StepIcon } from './step-icon';
import './flow-panel.css';

interface AddStepDialogProps {
  /** What the "+" said (where the step goes); null when closed. */
  where: string | null;
  exitAllowed: boolean;
  onPick(type: StepType): void;
  onClose(): void;
}

/** The kinds of step, each with what it does: one press puts it on the canvas and opens it. */
export function AddStepDialog({ where, exitAllowed, onPick, onClose }: AddStepDialogProps) {
  return (
    <Modal open={where !== null} title="Add a step" description={where ?? undefined} onClose={onClose}>
      <ul className="step-choices">
        {STEP_TYPES.map((type) => {
          const disabled = type === 'exit' && !exitAllowed;
          return (
            <li key={type}>
              <button type="button" className="step-choice" disabled={disabled} aria-describedby={`step-choice-${type}`} onClick={() => onPick(type)}>
                <StepIcon type={type} />
                <span className="step-choice__text">
                  <span className="step-choice__label">{STEP_LABELS[type]}</span>
                  <span id={`step-choice-${type}`} className="step-choice__hint">
                    {disabled ? AUTOMATION_TEXTS.exitOnlyAtEnd : STEP_HINTS[type]}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
