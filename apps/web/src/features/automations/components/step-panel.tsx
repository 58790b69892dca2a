import type { FlowStep } from '@postlark/shared/automations';
import { STO_MESSAGES } from '@postlark/shared/send-time-optimisation';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { STEP_HINTS, STEP_LABELS, stepTitle } from '../automations-content';
import type { FlowChoices } from '../automations-thunks';
import { type EmailSlots, StepEmailForm } from './step-email-form';
import { StepSplitForm } from './step-split-form';
import { StepUpdateForm, StepWebhookForm } from './step-update-forms';
import { StepWaitEventForm, StepWaitForm } from './step-wait-forms';
import './flow-panel.css';

interface StepPanelProps {
  step: FlowStep | null;
  errors: Readonly<Record<string, string>>;
  choices: FlowChoices | null;
  slots: EmailSlots;
  onChange(step: FlowStep): void;
  /** A new signing secret for webhook steps (shown once). */
  onNewSecret(): Promise<string>;
  onRemove(step: FlowStep): void;
  onClose(): void;
}

function StepForm({ step, errors, choices, slots, onChange, onNewSecret }: Omit<StepPanelProps, 'step' | 'onRemove' | 'onClose'> & { step: FlowStep }) {
  switch (step.type) {
    case 'email':
      return <StepEmailForm step={step} errors={errors} slots={slots} onChange={onChange} />;
    case 'wait':
      return <StepWaitForm step={step} errors={errors} onChange={onChange} />;
    case 'wait_best_time':
      return <p className="flow-panel__note">{STO_MESSAGES.stepHelp}</p>;
    case 'wait_event':
      return <StepWaitEventForm step={step} errors={errors} onChange={onChange} />;
    case 'split':
      return <StepSplitForm step={step} choices={choices} errors={errors} onChange={onChange} />;
    case 'update':
      return <StepUpdateForm step={step} choices={choices} onChange={onChange} />;
    case 'webhook':
      return <StepWebhookForm step={step} errors={errors} onChange={onChange} onNewSecret={onNewSecret} />;
    case 'exit':
      return <p className="flow-panel__note">People who reach this step leave the flow. Nothing else happens to them.</p>;
  }
}

/** A step's settings, in a panel beside the canvas (the whole screen on a phone). Changes apply to the draft at once. */
export function StepPanel({ step, onRemove, onClose, ...rest }: StepPanelProps) {
  return (
    <Modal variant="side" open={step !== null} title={step ? stepTitle(step) : ''} description={step ? `${STEP_LABELS[step.type]}: ${STEP_HINTS[step.type].toLowerCase()}.` : undefined} onClose={onClose}>
      {step && (
        // The key gives each step its own editor: the rich text editor reads its HTML once.
        <div key={step.id} className="flow-panel">
          <StepForm step={step} {...rest} />
          <div className="flow-panel__actions">
            <Button variant="danger" onClick={() => onRemove(step)}>
              Remove step
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
