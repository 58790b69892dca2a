import type { ReactNode } from 'react';
import { StatCard as Stat } from '../../../components/ui/stat-card';
import { type CampaignReportTotals, REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { countOf, formatCount, formatRate } from '../report-format';
import { REPORTS_TEXTS } from '../reports-content';
import './reports.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `report-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id} className="report-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The campaign's figures in three groups: delivery, engagement, and what went wrong. */
export function ReportStats({ totals, tracking }: { totals: CampaignReportTotals; tracking: boolean }) {
  return (
    <div className="report-stats">
      <Section title="Delivery">
        <dl className="report-stats__grid">
          <Stat label="Recipients" value={formatCount(totals.recipients)} note={totals.pending > 0 ? `${formatCount(totals.pending)} waiting to send` : 'Everyone the campaign was for'} tone="brand" />
          <Stat label="Sent" value={formatCount(totals.sent)} note="Handed over for delivery" tone="good" />
          <Stat label="Failed" value={formatCount(totals.failed)} note="Refused, or given up after retries" tone={totals.failed > 0 ? 'bad' : 'plain'} />
          {totals.unknown > 0 && <Stat label={REPORTS_TEXTS.unknownLabel} value={formatCount(totals.unknown)} note={REPORTS_TEXTS.unknownNote} tone="warn" />}
          <Stat label="Skipped" value={formatCount(totals.skipped)} note={REPORTS_TEXTS.skippedNote} />
        </dl>
      </Section>
      <Section title="Engagement">
        {tracking ? (
          <dl className="report-stats__grid report-stats__grid--wide">
            <Stat label="Open rate" value={formatRate(totals.open_rate)} note={`${countOf(totals.unique_opens, 'unique open')} · ${formatCount(totals.human_opens)} in all`} tone="brand" />
            <Stat label="Click rate" value={formatRate(totals.click_rate)} note={`${countOf(totals.unique_clicks, 'unique click')} · ${formatCount(totals.clicks)} in all`} tone="brand" />
            <Stat label="Machine opens" value={formatCount(totals.machine_opens)} note={REPORT_MESSAGES.machineOpensNote} />
          </dl>
        ) : (
          <p className="report-stats__off" role="note">
            {REPORT_MESSAGES.trackingOff}
          </p>
        )}
      </Section>
      <Section title="Unsubscribes and problems">
        <dl className="report-stats__grid">
          <Stat label="Unsubscribes" value={formatCount(totals.unsubscribes)} note="Left your list from this campaign" />
          <Stat label="Bounces" value={formatCount(totals.bounces)} note="Mailboxes that sent the message back" tone={totals.bounces > 0 ? 'warn' : 'plain'} />
          <Stat label="Complaints" value={formatCount(totals.complaints)} note="Marked as spam by the reader" tone={totals.complaints > 0 ? 'bad' : 'plain'} />
        </dl>
      </Section>
    </div>
  );
}
