import { type CampaignReport, REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { PLATFORM_NAMES } from '@postlark/shared/integrations';

/**
 * What a campaign's report page shows around a platform's figures (issue 22): the platform's note,
 * and whether the timeline and the links have anything. A platform's report read back has totals
 * only, so its empty chart and links table are left out rather than drawn empty; our own sending's
 * are always shown (their empty states say why).
 */
export function platformReportParts(report: CampaignReport): {
  note: string | null;
  timeline: boolean;
  links: boolean;
} {
  const delivered = report.campaign.delivered_by;
  if (!delivered) return { note: null, timeline: true, links: true };
  return {
    note: REPORT_MESSAGES.platformFigures(PLATFORM_NAMES[delivered.platform]),
    timeline: report.timeline.length > 0,
    links: report.links.length > 0,
  };
}
