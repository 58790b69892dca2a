import { Link } from 'react-router';
import type { Campaign } from '@postlark/shared/campaigns';
import { DELIVERY_MESSAGES, DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { Button, buttonClass } from '../../../components/ui/button';
import { campaignReportPath } from '../campaigns-content';
import { formatMoment } from '../schedule';
import { CampaignProgress } from './campaign-progress';

interface SendingCardProps {
  campaign: Campaign;
  busy: boolean;
  /** The platform's name when one delivers it (issue 22); null: Postlark's own sending. */
  platform?: string | null;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
}

const HEADINGS: Partial<Record<Campaign['status'], string>> = {
  sending: 'Sending now',
  paused: 'Sending paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** A campaign that has gone out, or is going: its progress, its controls, and its report. */
export function CampaignSendingCard({ campaign, busy, platform = null, onPause, onResume, onCancel }: SendingCardProps) {
  const live = campaign.status === 'sending' || campaign.status === 'paused';
  // A platform sends it itself: nothing to pause here, and cancelling works only until it went.
  const heading =
    platform && campaign.status === 'sending' ? DELIVERY_TEXTS.handingTitle(platform) : platform && campaign.status === 'sent' ? DELIVERY_MESSAGES.deliveredBy(platform) : (HEADINGS[campaign.status] ?? 'Sending');
  return (
    <section className="dash-card campaign-card campaign-sending" aria-labelledby="campaign-sending-title">
      <header className="campaign-card__head">
        <div>
          <h2 id="campaign-sending-title" className="campaign-card__title">
            {heading}
          </h2>
          <p className="campaign-card__text">
            {campaign.started_at && `Started ${formatMoment(campaign.started_at)}`}
            {campaign.finished_at && ` · finished ${formatMoment(campaign.finished_at)}`}
          </p>
          {/* Paused by itself: the relay refused the sender, in its own words; resuming sends the rest. */}
          {campaign.status === 'paused' && campaign.paused_reason && (
            <p className="campaign-card__text campaign-sending__paused" role="status">
              {campaign.paused_reason}
            </p>
          )}
        </div>
        <div className="campaign-sending__actions">
          {campaign.status === 'sending' && !platform && (
            <Button variant="secondary" disabled={busy} onClick={onPause}>
              Pause
            </Button>
          )}
          {campaign.status === 'paused' && !platform && (
            <Button disabled={busy} onClick={onResume}>
              Resume
            </Button>
          )}
          {live && (
            <Button variant="danger" disabled={busy} onClick={onCancel}>
              Cancel sending
            </Button>
          )}
          <Link className={buttonClass('secondary')} to={campaignReportPath(campaign.id)}>
            {platform ? DELIVERY_TEXTS.viewReport(platform) : 'View report'}
          </Link>
        </div>
      </header>
      {platform && campaign.status === 'sending' ? (
        <p className="campaign-card__text">{DELIVERY_TEXTS.handing(platform)}</p>
      ) : platform && campaign.status === 'sent' ? (
        <p className="campaign-card__text">{DELIVERY_TEXTS.delivered(platform)}</p>
      ) : campaign.messages ? (
        <CampaignProgress name={campaign.name} status={campaign.status} counts={campaign.messages} relayError={campaign.relay_error} />
      ) : (
        <p className="campaign-card__text">Preparing the recipients...</p>
      )}
    </section>
  );
}
