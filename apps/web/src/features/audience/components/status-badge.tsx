import type { MembershipStatus, SubscriberStatus } from '@postlark/shared/audience';
import { StatusBadge as Pill, type StatusTone } from '../../../components/ui/status-badge';
import { MEMBERSHIP_STATUS_LABELS, SUBSCRIBER_STATUS_LABELS } from '../audience-content';

const TONES: Record<SubscriberStatus | MembershipStatus, StatusTone> = {
  active: 'good',
  confirmed: 'good',
  unconfirmed: 'waiting',
  unsubscribed: 'quiet',
  bounced: 'bad',
  complained: 'bad',
  not_subscribed: 'quiet',
};

type BadgeProps = { kind: 'subscriber'; status: SubscriberStatus } | { kind: 'membership'; status: MembershipStatus };

/** A subscriber's or a membership's status, as a coloured pill with its name. */
export function StatusBadge(props: BadgeProps) {
  const label = props.kind === 'subscriber' ? SUBSCRIBER_STATUS_LABELS[props.status] : MEMBERSHIP_STATUS_LABELS[props.status];
  return <Pill tone={TONES[props.status]}>{label}</Pill>;
}
