import type { ReactNode } from 'react';
import { STO_MESSAGES } from '@postlark/shared/send-time-optimisation';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import '../../../components/ui/confirm-dialog.css';

interface SendDialogProps {
  open: boolean;
  busy: boolean;
  subject: string;
  /** The lists and segments by name. */
  audience: readonly string[];
  /** How many people get it now (someone in two lists counts once); null while counting. */
  recipients?: number | null;
  error: string;
  /** Sent at each person's best time: the window's hours; null: all at once. */
  windowHours?: number | null;
  /** "Check before sending", run as the dialog opens: warnings to read, none of which stops the send. */
  checks?: ReactNode;
  onSend(): void;
  onClose(): void;
}

/** The last look before sending: what goes out, and to whom. Sending cannot be undone. */
export function SendDialog({ open, busy, subject, audience, recipients = null, error, windowHours = null, checks = null, onSend, onClose }: SendDialogProps) {
  return (
    <Modal open={open} title="Send campaign now?" description="It starts going out at once. You can pause or cancel while it sends, but not take back what went out." onClose={busy ? () => undefined : onClose}>
      <dl className="campaign-send-summary">
        <div>
          <dt>Subject</dt>
          <dd>{subject || '—'}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            {audience.length > 0 ? (
              <ul>
                {audience.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            ) : (
              'Nobody yet: choose a list or segment.'
            )}
          </dd>
        </div>
        {audience.length > 0 && (
          <div>
            <dt>Recipients</dt>
            <dd>{recipients === null ? CAMPAIGN_TEXTS.recipientsCounting : CAMPAIGN_TEXTS.recipients(recipients)}</dd>
          </div>
        )}
      </dl>
      {windowHours !== null && <p className="campaign-card__text">{STO_MESSAGES.overWindow(windowHours)}</p>}
      {checks}
      <p className="notice notice--error" role="alert">
        {error}
      </p>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onSend} disabled={busy}>
          {busy ? 'Sending...' : 'Send now'}
        </Button>
      </div>
    </Modal>
  );
}
