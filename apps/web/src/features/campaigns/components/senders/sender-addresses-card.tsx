import { SENDER_MESSAGES, type SenderIdentity, type SenderOverview, senderCreateSchema } from '@postlark/shared/senders';
import { Button } from '../../../../components/ui/button';
import { SENDER_TEXTS } from '../../campaigns-content';
import { formatMoment } from '../../schedule';
import { AddRowForm } from './add-row-form';
import { SenderCard } from './sender-card';
import { SenderRow } from './sender-row';
import { SenderBadge } from './sender-status';

interface SenderAddressesCardProps {
  overview: SenderOverview;
  /** The id being changed, or 'add' while an address is added. */
  busy: string | null;
  onAdd(email: string): Promise<string | undefined>;
  onResend(sender: SenderIdentity): void;
  onRemove(sender: SenderIdentity): void;
}

/** The account's own address, then every address added, with what each is waiting for. */
export function SenderAddressesCard({ overview, busy, onAdd, onResend, onRemove }: SenderAddressesCardProps) {
  return (
    <SenderCard id="sender-addresses-title" title={SENDER_TEXTS.addressesTitle} text={SENDER_TEXTS.addressesText}>
      <AddRowForm
        id="sender-email"
        label="Email address"
        type="email"
        placeholder="news@yourcompany.com"
        button="Add address"
        busy={busy === 'add'}
        check={(value) => (senderCreateSchema.safeParse({ email: value }).success ? undefined : SENDER_MESSAGES.emailInvalid)}
        onAdd={onAdd}
      />
      <ul className="sender-list" aria-label={SENDER_TEXTS.addressesTitle}>
        <SenderRow as="li" name={overview.account_email} meta={SENDER_TEXTS.accountTag} badge={<SenderBadge sender={{ status: 'confirmed', link_expired: false }} />} />
        {overview.senders.map((sender) => (
          <SenderRow
            key={sender.id}
            as="li"
            name={sender.email}
            meta={sender.confirmed_at ? `Confirmed ${formatMoment(sender.confirmed_at)}` : `Link sent ${formatMoment(sender.confirmation_sent_at)}`}
            badge={<SenderBadge sender={sender} />}
          >
            {sender.status === 'pending' && (
              <Button variant="secondary" disabled={busy !== null} aria-label={`Send the link again to ${sender.email}`} onClick={() => onResend(sender)}>
                {busy === sender.id ? 'Sending...' : 'Send link again'}
              </Button>
            )}
            <Button variant="ghost" className="sender-row__remove" disabled={busy !== null} aria-label={`Remove ${sender.email}`} onClick={() => onRemove(sender)}>
              Remove
            </Button>
          </SenderRow>
        ))}
      </ul>
    </SenderCard>
  );
}
