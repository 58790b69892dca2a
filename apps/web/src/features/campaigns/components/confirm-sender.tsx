import { useState } from 'react';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { Button } from '../../../components/ui/button';
import { settle } from '../../../lib/api-client';
import { postSenderConfirmation } from '../senders-api';

type State = { kind: 'ready' } | { kind: 'confirming' } | { kind: 'confirmed'; message: string } | { kind: 'failed'; message: string };

/**
 * The sender confirmation link's page. It confirms by a POST when the person presses the button,
 * never when the page loads: mail scanners fetch links and some run their scripts, and neither
 * may make an address a sender for someone.
 */
export function ConfirmSender({ token }: { token: string }) {
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'failed', message: SENDER_MESSAGES.linkInvalid });

  async function confirm() {
    setState({ kind: 'confirming' });
    const result = await settle(() => postSenderConfirmation(token), SENDER_MESSAGES.linkInvalid);
    if (result.ok && result.body) setState({ kind: 'confirmed', message: result.body.payload.message });
    else setState({ kind: 'failed', message: result.ok ? SENDER_MESSAGES.linkInvalid : result.message });
  }

  return (
    <section className="subscriber-card" aria-labelledby="confirm-sender-title" aria-busy={state.kind === 'confirming'}>
      <h1 id="confirm-sender-title">{state.kind === 'confirmed' ? 'Address confirmed' : 'Confirm this sender address'}</h1>
      {(state.kind === 'ready' || state.kind === 'confirming') && (
        <>
          <p>A Postlark account asked to send email campaigns from this address, and to send its test messages to it. Confirm only if you, or your team, asked for this.</p>
          <Button block onClick={() => void confirm()} disabled={state.kind === 'confirming'}>
            {state.kind === 'confirming' ? 'One moment…' : 'Confirm this address'}
          </Button>
        </>
      )}
      {state.kind === 'confirmed' && (
        <p className="notice notice--success" role="status">
          {state.message}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
