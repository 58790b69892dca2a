import { useState } from 'react';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { Button } from '../../../components/ui/button';
import { settle } from '../../../lib/api-client';
import { postConfirmation } from '../signup-form-api';

type State =
  | { kind: 'ready' }
  | { kind: 'confirming' }
  | { kind: 'confirmed'; listName: string; sender: string }
  | { kind: 'failed'; message: string };

/**
 * The double opt-in link's page. It confirms by a POST when the person presses the button, never
 * when the page loads: mail scanners fetch links and some run their scripts, and neither may
 * confirm for the person.
 */
export function ConfirmSubscription({ token }: { token: string }) {
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'failed', message: FORM_MESSAGES.confirmInvalid });

  async function confirm() {
    setState({ kind: 'confirming' });
    const result = await settle(() => postConfirmation(token), FORM_MESSAGES.confirmInvalid);
    if (result.ok && result.body) setState({ kind: 'confirmed', listName: result.body.payload.list_name, sender: result.body.payload.sender });
    else setState({ kind: 'failed', message: result.ok ? FORM_MESSAGES.confirmInvalid : result.message });
  }

  return (
    <section className="subscriber-card" aria-labelledby="confirm-title" aria-busy={state.kind === 'confirming'}>
      <h1 id="confirm-title">{state.kind === 'confirmed' ? 'You are subscribed' : 'Confirm your subscription'}</h1>
      {(state.kind === 'ready' || state.kind === 'confirming') && (
        <>
          <p>{FORM_MESSAGES.confirmPrompt}</p>
          <Button block onClick={() => void confirm()} disabled={state.kind === 'confirming'}>
            {state.kind === 'confirming' ? 'One moment…' : FORM_MESSAGES.confirmButton}
          </Button>
        </>
      )}
      {state.kind === 'confirmed' && (
        <p className="notice notice--success" role="status">
          {FORM_MESSAGES.confirmed} You will receive {state.listName} from {state.sender}.
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
