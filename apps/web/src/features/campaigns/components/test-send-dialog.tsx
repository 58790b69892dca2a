import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { parseRecipients, splitRecipients } from '../recipients';
import { SENDER_TEXTS, SENDERS_PATH } from '../campaigns-content';
import './campaigns.css';

interface TestSendDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's answer when it refused. */
  error: string;
  /** The addresses a test may go to (the account's and the confirmed senders), offered to pick. */
  confirmed: readonly string[];
  onSend(recipients: string[]): void;
  onClose(): void;
}

/** Up to five addresses get the campaign as saved, filled in for a sample subscriber. */
export function TestSendDialog({ open, busy, error, confirmed, onSend, onClose }: TestSendDialogProps) {
  return (
    <Modal
      open={open}
      title="Send a test"
      description={`The campaign as it is now, with merge tags filled in for a sample subscriber. Up to ${CAMPAIGN_LIMITS.testRecipients} addresses.`}
      onClose={busy ? () => undefined : onClose}
    >
      {open && <TestSendForm busy={busy} error={error} confirmed={confirmed} onSend={onSend} onClose={onClose} />}
    </Modal>
  );
}

function TestSendForm({ busy, error, confirmed, onSend, onClose }: Omit<TestSendDialogProps, 'open'>) {
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseRecipients(input);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem('');
    onSend(parsed.recipients);
  }

  function add(address: string) {
    const current = splitRecipients(input);
    if (!current.includes(address)) setInput([...current, address].join(', '));
    setProblem('');
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <p className="notice notice--info test-send__rule">
        <span>
          {SENDER_TEXTS.testExplained} <Link to={SENDERS_PATH}>Manage senders</Link>
        </span>
      </p>
      {confirmed.length > 0 && (
        <div className="test-send__picks" role="group" aria-label="Your confirmed addresses">
          {confirmed.map((address) => (
            <button key={address} type="button" className="campaign-pill-button" onClick={() => add(address)} aria-label={`Add ${address}`}>
              + {address}
            </button>
          ))}
        </div>
      )}
      <TextAreaField
        label="Send to"
        hint="Separate addresses with commas or new lines."
        rows={3}
        value={input}
        error={problem || error || undefined}
        placeholder="you@example.com"
        onChange={(event) => {
          setInput(event.target.value);
          setProblem('');
        }}
      />
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send test'}
        </Button>
      </div>
    </form>
  );
}
