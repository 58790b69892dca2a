import type { FlowStatus } from '@postlark/shared/automations';
import { FLOW_STATUS_LABELS } from '../automations-content';
import './flows-list.css';

/** Draft, Active or Paused, in words; the colour only repeats it. */
export function FlowStatusBadge({ status }: { status: FlowStatus }) {
  return <span className={`flow-badge flow-badge--${status}`}>{FLOW_STATUS_LABELS[status]}</span>;
}
