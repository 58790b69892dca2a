import type { CampaignStatus } from '@postlark/shared/campaigns';
import { CAMPAIGN_STATUS_LABELS } from '../campaigns-content';
import './campaigns.css';

/** A campaign's status as a coloured pill; sending pulses, so a glance tells it is live. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`campaign-badge campaign-badge--${status}`}>{CAMPAIGN_STATUS_LABELS[status]}</span>;
}
