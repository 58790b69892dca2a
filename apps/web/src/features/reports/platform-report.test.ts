import { describe, expect, it } from 'vitest';
import { type CampaignReport, REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { platformReportParts } from './platform-report';

const report = (delivered_by: CampaignReport['campaign']['delivered_by'], withRows = false) =>
  ({
    campaign: {
      id: 'c',
      name: 'News',
      subject: 'Hi',
      status: 'sent',
      tracking: true,
      started_at: null,
      finished_at: null,
      delivered_by,
    },
    links: withRows ? [{ url: 'https://example.com', clicks: 1, unique_clicks: 1 }] : [],
    timeline: withRows ? [{ hour: '2026-11-01T10:00:00.000Z', opens: 1, clicks: 1 }] : [],
  }) as unknown as CampaignReport;

describe('a platform-delivered report', () => {
  it('says the figures are the platform’s, and leaves out the empty chart and links', () => {
    expect(platformReportParts(report({ platform: 'mailchimp', reported_at: null }))).toEqual({
      note: REPORT_MESSAGES.platformFigures('Mailchimp'),
      timeline: false,
      links: false,
    });
  });

  it('shows a platform’s timeline and links when they have rows', () => {
    expect(platformReportParts(report({ platform: 'brevo', reported_at: null }, true))).toMatchObject({ timeline: true, links: true });
  });

  it('keeps our own sending’s report as it was', () => {
    expect(platformReportParts(report(null))).toEqual({
      note: null,
      timeline: true,
      links: true,
    });
  });
});
