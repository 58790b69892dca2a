import type { CampaignStatus } from '@postlark/shared/campaigns';
import { StatusBadge } from '../../../components/ui/status-badge';
import { REPORT_STATUS_LABELS, REPORT_STATUS_TONES } from '../reports-content';

/** A campaign's status as a coloured pill; Sending pulses, because its figures are moving. */
export function ReportStatus({ status }: { status: CampaignStatus }) {
  return <StatusBadge tone={REPORT_STATUS_TONES[status]}>{REPORT_STATUS_LABELS[status]}</StatusBadge>;
}
