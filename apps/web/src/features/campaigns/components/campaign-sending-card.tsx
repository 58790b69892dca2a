import { Link } from 'react-router';
import type { Campaign } from '@postlark/shared/campaigns';
import { Button, buttonClass } from '../../../components/ui/button';
import { campaignReportPath } from '../campaigns-content';
import { formatMoment } from '../schedule';
import { CampaignProgress } from './campaign-progress';

interface SendingCardProps {
  campaign: Campaign;
  busy: boolean;
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
export function CampaignSendingCard({ campaign, busy, onPause, onResume, onCancel }: SendingCardProps) {
  const live = campaign.status === 'sending' || campaign.status === 'paused';
  return (
    <section className="dash-card campaign-card campaign-sending" aria-labelledby="campaign-sending-title">
      <header className="campaign-card__head">
        <div>
          <h2 id="campaign-sending-title" className="campaign-card__title">
            {HEADINGS[campaign.status] ?? 'Sending'}
          </h2>
          <p className="campaign-card__text">
            {campaign.started_at && `Started ${formatMoment(campaign.started_at)}`}
            {campaign.finished_at && ` · finished ${formatMoment(campaign.finished_at)}`}
          </p>
        </div>
        <div className="campaign-sending__actions">
          {campaign.status === 'sending' && (
            <Button variant="secondary" disabled={busy} onClick={onPause}>
              Pause
            </Button>
          )}
          {campaign.status === 'paused' && (
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
            View report
          </Link>
        </div>
      </header>
      {campaign.messages ? (
        <CampaignProgress name={campaign.name} status={campaign.status} counts={campaign.messages} relayError={campaign.relay_error} />
      ) : (
        <p className="campaign-card__text">Preparing the recipients...</p>
      )}
    </section>
  );
}
