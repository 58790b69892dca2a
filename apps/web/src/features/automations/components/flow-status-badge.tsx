import type { FlowStatus } from '@postlark/shared/automations';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { FLOW_STATUS_LABELS } from '../automations-content';

const TONES: Record<FlowStatus, StatusTone> = { draft: 'quiet', active: 'good', paused: 'waiting' };

/** Draft, Active or Paused, in words; the colour only repeats it. */
export function FlowStatusBadge({ status }: { status: FlowStatus }) {
  return <StatusBadge tone={TONES[status]}>{FLOW_STATUS_LABELS[status]}</StatusBadge>;
}
