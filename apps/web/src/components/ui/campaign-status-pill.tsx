import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '@postlark/shared/campaigns';
import { StatusBadge, type StatusTone } from './status-badge';

/** How a status's pill is coloured; the words say it, the colour repeats it. */
const TONES: Record<CampaignStatus, StatusTone> = { draft: 'quiet', scheduled: 'waiting', sending: 'live', paused: 'waiting', sent: 'good', cancelled: 'quiet' };

/** A campaign's status as a coloured pill (reports, the top bar's search and calendar); Sending pulses, because it is moving. */
export function CampaignStatusPill({ status }: { status: CampaignStatus }) {
  return <StatusBadge tone={TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</StatusBadge>;
}
