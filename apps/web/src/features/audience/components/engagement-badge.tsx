import { ENGAGEMENT_BAND_LABELS, type EngagementBand } from '@postlark/shared/insights';
import { scorePercent } from '@postlark/shared/segments';
import { StatusBadge as Pill, type StatusTone } from '../../../components/ui/status-badge';
import { ENGAGEMENT_TEXTS } from '../engagement-texts';

const TONES: Record<EngagementBand, StatusTone> = {
  highly_engaged: 'good',
  engaged: 'good',
  cooling: 'waiting',
  dormant: 'quiet',
};

/** A person's engagement score: the percentage in words and the band's name in a pill (the colour only repeats it). */
export function EngagementBadge({ engagement }: { engagement: { score: number; band: EngagementBand } | null }) {
  if (!engagement) return <span className="engagement-badge engagement-badge--none">{ENGAGEMENT_TEXTS.notScored}</span>;
  return (
    <span className="engagement-badge" title={ENGAGEMENT_TEXTS.scoreTitle(scorePercent(engagement.score))}>
      <span className="engagement-badge__score">{scorePercent(engagement.score)}</span>
      <Pill tone={TONES[engagement.band]}>{ENGAGEMENT_BAND_LABELS[engagement.band]}</Pill>
    </span>
  );
}
