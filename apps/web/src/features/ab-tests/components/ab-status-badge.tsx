import type { AbStatus } from '@postlark/shared/ab-tests';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { AB_STATUS_LABELS } from '../ab-tests-content';

const TONES: Record<AbStatus, StatusTone> = { draft: 'quiet', testing: 'live', winner: 'good', no_winner: 'waiting', cancelled: 'quiet' };

/** Running, Decided, No clear winner…: in words; the colour only repeats it, and a running test pulses. */
export function AbStatusBadge({ status }: { status: AbStatus }) {
  return <StatusBadge tone={TONES[status]}>{AB_STATUS_LABELS[status]}</StatusBadge>;
}
