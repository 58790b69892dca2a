import type { CampaignStatus, MessageCounts } from '@postlark/shared/campaigns';
import { CAMPAIGN_TEXTS, MESSAGE_STATUS_LABELS } from '../campaigns-content';
import { sendingProgress } from '../sending-progress';
import './campaigns.css';

const count = new Intl.NumberFormat('en-GB');

interface CampaignProgressProps {
  name: string;
  status: CampaignStatus;
  counts: MessageCounts;
  /** What the relay answered while messages wait for it (the campaign's relay_error). */
  relayError?: string | null;
  /** The list's row shows the bar and one line; the campaign's page also explains every count. */
  compact?: boolean;
}

/**
 * How far sending has come: a bar of sent, failed and unconfirmed, and the counts. Messages whose
 * delivery is not confirmed are shown whenever there are any, never hidden: a crash left them, and
 * they were not resent, so the customer knows; with none, the count is not there to puzzle anyone.
 */
export function CampaignProgress({ name, status, counts, relayError = null, compact = false }: CampaignProgressProps) {
  const progress = sendingProgress(counts);
  const summary = `${count.format(progress.sent)} of ${count.format(progress.total)} sent`;
  const part = (value: number) => (progress.total === 0 ? 0 : (value / progress.total) * 100);

  return (
    <div className={`campaign-progress${compact ? ' campaign-progress--compact' : ''} campaign-progress--${status}`}>
      <div className="campaign-progress__line">
        <span className="campaign-progress__summary">{summary}</span>
        <span className="campaign-progress__percent">{progress.percent}%</span>
      </div>
      <div
        className="campaign-progress__bar"
        role="progressbar"
        aria-label={`Sending progress of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}%: ${summary}`}
      >
        <span className="campaign-progress__part campaign-progress__part--sent" style={{ width: `${part(progress.sent + progress.skipped)}%` }} />
        <span className="campaign-progress__part campaign-progress__part--failed" style={{ width: `${part(progress.failed)}%` }} />
        <span className="campaign-progress__part campaign-progress__part--unknown" style={{ width: `${part(progress.unknown)}%` }} />
      </div>
      {compact ? (
        (progress.failed > 0 || progress.unknown > 0 || relayError) && (
          <p className={`campaign-progress__note${relayError ? ' campaign-progress__note--waiting' : ''}`}>
            {relayError
              ? CAMPAIGN_TEXTS.relayWaitingShort
              : [progress.failed > 0 && `${count.format(progress.failed)} failed`, progress.unknown > 0 && `${count.format(progress.unknown)} ${CAMPAIGN_TEXTS.notConfirmed}`]
                  .filter(Boolean)
                  .join(' · ')}
          </p>
        )
      ) : (
        <>
          {relayError && (
            <p className="campaign-progress__relay" role="status">
              {CAMPAIGN_TEXTS.relayWaiting}
              <small>{relayError}</small>
            </p>
          )}
          <dl className="campaign-progress__counts">
            <Count label="Sent" value={progress.sent} tone="sent" />
            <Count label="Waiting" value={counts.pending + counts.sending} tone="waiting" />
            <Count label="Failed" value={progress.failed} tone="failed" />
            {progress.unknown > 0 && <Count label={MESSAGE_STATUS_LABELS.unknown} value={progress.unknown} tone="unknown" />}
            <Count label="Skipped" value={progress.skipped} tone="skipped" />
          </dl>
          {progress.unknown > 0 && (
            <p className="campaign-progress__unknown" role="note">
              <strong>
                {count.format(progress.unknown)} {CAMPAIGN_TEXTS.notConfirmed}.
              </strong> {CAMPAIGN_TEXTS.unknownExplained}
            </p>
          )}
          {progress.skipped > 0 && <p className="campaign-progress__hint">Skipped: the address unsubscribed or was suppressed before its turn came.</p>}
        </>
      )}
    </div>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    // A zero is plain: the colour is for counts that need a look.
    <div className={`campaign-progress__count${value > 0 ? ` campaign-progress__count--${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>{count.format(value)}</dd>
    </div>
  );
}
