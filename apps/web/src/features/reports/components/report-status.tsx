import type { CampaignStatus } from '@postlark/shared/campaigns';
import { REPORT_STATUS_LABELS, REPORT_STATUS_TONES } from '../reports-content';
import './reports.css';

/** A campaign's status as a coloured pill; Sending pulses, because its figures are moving. */
export function ReportStatus({ status }: { status: CampaignStatus }) {
  return <span className={`report-badge report-badge--${REPORT_STATUS_TONES[status]}`}>{REPORT_STATUS_LABELS[status]}</span>;
}
