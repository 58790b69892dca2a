import { CAMPAIGN_STATUS_LABELS, type CampaignStatus as Status } from '@postlark/shared/campaigns';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const TONES: Record<Status, StatusTone> = {
  draft: 'quiet',
  scheduled: 'waiting',
  sending: 'live',
  paused: 'waiting',
  sent: 'good',
  cancelled: 'bad',
};

/** A campaign's status in the top bar's search and calendar: the word, with a colour that repeats it. */
export function CampaignStatus({ status }: { status: Status }) {
  return <StatusBadge tone={TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</StatusBadge>;
}
