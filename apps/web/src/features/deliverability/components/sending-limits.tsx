import { DELIVERABILITY_TEXTS, type DeliverabilityOverview, GMAIL_SPAM_RATE_LINES } from '@postlark/shared/deliverability';
import { Card } from '../../../components/ui/card';
import { StatCard, type StatTone } from '../../../components/ui/stat-card';
import { formatCount } from '../../dashboard/home-format';
import { formatDate } from '../../reports/report-format';
import { axisPercent, rateText, warmUpNotBegun } from '../deliverability-charts';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS } from '../deliverability-content';

type Sending = DeliverabilityOverview['sending'];

/** A bar of `value` out of `max`, with its words for screen readers. */
function Gauge({ value, max, label, text, tone, role }: { value: number; max: number; label: string; text: string; tone: StatTone; role: 'progressbar' | 'meter' }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <span
      className={`limit-gauge limit-gauge--${tone}`}
      role={role}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={text}
    >
      <span className="limit-gauge__fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
    </span>
  );
}

function WarmUp({ warmUp, asOf }: { warmUp: Sending['warm_up']; asOf: string }) {
  if (!warmUp) return <StatCard label={TEXTS.warmUp} value={TEXTS.warmUpDone} note={DELIVERABILITY_TEXTS.warmUpDone} tone="good" />;
  const used = TEXTS.warmUpUsed(formatCount(warmUp.used), formatCount(warmUp.limit));
  const since = warmUp.domain
    ? TEXTS.warmUpSinceDomain(warmUp.domain, formatDate(warmUp.since))
    : warmUpNotBegun(warmUp, asOf)
      ? TEXTS.warmUpNotBegun
      : TEXTS.warmUpSinceFirst(formatDate(warmUp.since));
  return (
    <StatCard
      label={TEXTS.warmUp}
      value={TEXTS.warmUpDay(warmUp.day, warmUp.days)}
      tone="brand"
      note={
        <span className="limit-note">
          <span>{DELIVERABILITY_TEXTS.warmUp(warmUp.day, warmUp.limit)}</span>
          <Gauge value={warmUp.used} max={warmUp.limit} label={TEXTS.warmUpUsedLabel} text={used} tone="brand" role="progressbar" />
          <span className="limit-note__figure">{used}</span>
          <span>{since}</span>
        </span>
      }
    />
  );
}

function Complaints({ complaints }: { complaints: Sending['complaints'] }) {
  // Thresholds are settings, round numbers: written with as few decimals as they need (0.3%, 5%).
  const ceiling = axisPercent(complaints.ceiling);
  const { rate } = complaints;
  // Green under Gmail's target, amber between it and the pause, red at the pause.
  const tone: StatTone = rate === null ? 'plain' : rate >= complaints.ceiling ? 'bad' : rate >= GMAIL_SPAM_RATE_LINES.target ? 'warn' : 'good';
  return (
    <StatCard
      label={TEXTS.complaints(complaints.days)}
      value={rateText(rate)}
      tone={tone}
      note={
        <span className="limit-note">
          <Gauge value={rate ?? 0} max={complaints.ceiling} label={TEXTS.complaintsMeterLabel} text={TEXTS.complaintsMeterText(rateText(rate), ceiling)} tone={tone} role="meter" />
          <span>{rate === null ? TEXTS.complaintsNothing(ceiling) : TEXTS.complaintsNote(formatCount(complaints.complaints), formatCount(complaints.sent), ceiling)}</span>
        </span>
      }
    />
  );
}

/** What the account may send now (its daily limit, the warm-up's stage) and the two rules that pause it. */
export function SendingLimits({ sending, asOf }: { sending: Sending; asOf: string }) {
  const share = axisPercent(sending.hard_bounces.share);
  return (
    <Card title={TEXTS.limitsTitle} titleId="deliverability-limits-title" text={TEXTS.limitsText}>
      <dl className="deliverability-limits">
        <StatCard label={TEXTS.dailyLimit} value={formatCount(sending.daily_limit)} note={TEXTS.dailyLimitNote} />
        <WarmUp warmUp={sending.warm_up} asOf={asOf} />
        <Complaints complaints={sending.complaints} />
        <StatCard
          label={TEXTS.hardBounces}
          value={TEXTS.hardBouncesValue(share)}
          note={TEXTS.hardBouncesNote(share, formatCount(sending.hard_bounces.sample))}
        />
      </dl>
    </Card>
  );
}
