// A campaign's status in the reports: the shared pill.
export { CampaignStatusPill as ReportStatus } from '../../../components/ui/campaign-status-pill';
