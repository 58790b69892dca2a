import type { MembershipStatus, SubscriberStatus } from '@postlark/shared/audience';
import { StatusBadge as Pill, type StatusTone } from '../../../components/ui/status-badge';
import { AWAITING_CONFIRMATION_LABEL, MEMBERSHIP_STATUS_LABELS, SUBSCRIBER_STATUS_LABELS } from '../audience-content';

const TONES: Record<SubscriberStatus | MembershipStatus, StatusTone> = {
  active: 'good',
  confirmed: 'good',
  unconfirmed: 'waiting',
  unsubscribed: 'quiet',
  bounced: 'bad',
  complained: 'bad',
  not_subscribed: 'quiet',
};

type BadgeProps = { kind: 'subscriber'; status: SubscriberStatus; awaitingConfirmation: boolean } | { kind: 'membership'; status: MembershipStatus };

/**
 * A subscriber's or a membership's status, as a coloured pill with its name. An active subscriber
 * who has not confirmed any list yet is not shown as active: the server says so (emailable-sql.ts).
 */
export function StatusBadge(props: BadgeProps) {
  if (props.kind === 'subscriber' && props.awaitingConfirmation) return <Pill tone="waiting">{AWAITING_CONFIRMATION_LABEL}</Pill>;
  const label = props.kind === 'subscriber' ? SUBSCRIBER_STATUS_LABELS[props.status] : MEMBERSHIP_STATUS_LABELS[props.status];
  return <Pill tone={TONES[props.status]}>{label}</Pill>;
}
