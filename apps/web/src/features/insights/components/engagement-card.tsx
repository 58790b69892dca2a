import { ENGAGEMENT_BAND_LABELS, type SubscriberInsights } from '@postlark/shared/insights';
import { formatCount, formatShare } from '../insights-format';
import { INSIGHTS_TEXTS } from '../insights-content';
import { utcClock, viewerZone, zoneClock } from '../send-time-format';
import './purchases.css';
import './engagement.css';

interface Props {
  insights: Pick<SubscriberInsights, 'best_send_time' | 'engagement'>;
  /** The person's IANA zone where known (a form, an import); else the viewer's is shown. */
  timezone: string | null;
}

/**
 * A person's email engagement on their subscriber page: their best send time in UTC and in their
 * own zone (or the viewer's), what it rests on, and the probability they open or click the next
 * campaign as a percentage with its band (a labelled badge, never colour alone) and reasons.
 */
export function EngagementCard({ insights, timezone }: Props) {
  const { best_send_time: sendTime, engagement } = insights;
  const zone = timezone ?? viewerZone();
  const local = sendTime ? zoneClock(sendTime.hour_utc, zone) : null;
  return (
    <section className="dash-card engagement-card" aria-labelledby="engagement-card-title">
      <div className="engagement-card__head">
        <h2 id="engagement-card-title" className="dash-card__title">
          {INSIGHTS_TEXTS.engagementTitle}
        </h2>
        {engagement && <span className={`insights-badge engagement-band--${engagement.band}`}>{ENGAGEMENT_BAND_LABELS[engagement.band]}</span>}
      </div>
      {!sendTime && !engagement ? (
        <p className="engagement-card__note" role="note">
          {INSIGHTS_TEXTS.engagementNotComputed}
        </p>
      ) : (
        <dl className="engagement-card__facts">
          {sendTime && (
            <div className="engagement-card__fact">
              <dt>{INSIGHTS_TEXTS.bestSendTime}</dt>
              <dd>
                <span className="engagement-card__big">{utcClock(sendTime.hour_utc)} UTC</span>
                {local && (
                  <span className="engagement-card__sub">
                    {local} {timezone ? INSIGHTS_TEXTS.theirTime(zone) : INSIGHTS_TEXTS.yourTime(zone)}
                  </span>
                )}
                <span className="engagement-card__sub">
                  {sendTime.source === 'personal' ? INSIGHTS_TEXTS.sendTimePersonal(formatCount(sendTime.signals), sendTime.signals) : INSIGHTS_TEXTS.sendTimeAudience(formatCount(sendTime.signals), sendTime.signals)}
                </span>
              </dd>
            </div>
          )}
          {engagement && (
            <div className="engagement-card__fact">
              <dt>{INSIGHTS_TEXTS.engagementScore}</dt>
              <dd>
                <span className="engagement-card__big">{formatShare(engagement.score)}</span>
                <span className="engagement-card__sub">{INSIGHTS_TEXTS.engagementMeaning}</span>
                {engagement.reasons.length > 0 && (
                  <ul className="engagement-card__reasons" aria-label={INSIGHTS_TEXTS.engagementReasons}>
                    {engagement.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
