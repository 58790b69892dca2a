import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_LIMITS, type CampaignTestSend } from '@postlark/shared/campaigns';
import { SEED_LIST_TEXTS, type SeedList } from '@postlark/shared/seed-lists';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { parseTestSend, splitRecipients } from '../recipients';
import { SENDER_TEXTS, SENDERS_PATH } from '../campaigns-content';
import './campaigns.css';

interface TestSendDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's answer when it refused. */
  error: string;
  /** The addresses a test may go to (the account's first, then the confirmed senders), offered to pick. */
  confirmed: readonly string[];
  /** The account's seed lists, one of which the test may go to as well. */
  seedLists: readonly SeedList[];
  onSend(body: CampaignTestSend): void;
  onClose(): void;
}

/**
 * Up to five addresses get the campaign as saved, filled in for a sample subscriber. It opens
 * with what the customer would pick: their own address, and their seed list when they have just one.
 */
export function TestSendDialog({ open, busy, error, confirmed, seedLists, onSend, onClose }: TestSendDialogProps) {
  return (
    <Modal
      open={open}
      title="Send a test"
      description={`The campaign as it is now, with merge tags filled in for a sample subscriber. Up to ${CAMPAIGN_LIMITS.testRecipients} addresses.`}
      onClose={busy ? () => undefined : onClose}
    >
      {open && <TestSendForm busy={busy} error={error} confirmed={confirmed} seedLists={seedLists} onSend={onSend} onClose={onClose} />}
    </Modal>
  );
}

function TestSendForm({ busy, error, confirmed, seedLists, onSend, onClose }: Omit<TestSendDialogProps, 'open'>) {
  const [input, setInput] = useState(confirmed[0] ?? '');
  const [seedListId, setSeedListId] = useState(seedLists.length === 1 ? seedLists[0]!.id : '');
  const [problem, setProblem] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseTestSend(input, seedListId);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem('');
    onSend(parsed.body);
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
      {seedLists.length > 0 && (
        <SelectField
          label={SEED_LIST_TEXTS.pick}
          hint={SEED_LIST_TEXTS.pickHint}
          value={seedListId}
          onChange={(event) => {
            setSeedListId(event.target.value);
            setProblem('');
          }}
        >
          <option value="">{SEED_LIST_TEXTS.none}</option>
          {seedLists.map((list) => (
            <option key={list.id} value={list.id}>
              {`${list.name} (${SEED_LIST_TEXTS.count(list.emails.length)})`}
            </option>
          ))}
        </SelectField>
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
