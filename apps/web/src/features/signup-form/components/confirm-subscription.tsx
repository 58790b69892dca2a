import { useEffect, useState } from 'react';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { settle } from '../../../lib/api-client';
import { postConfirmation } from '../signup-form-api';

type State = { kind: 'confirming' } | { kind: 'confirmed'; listName: string; sender: string } | { kind: 'failed'; message: string };

/**
 * The double opt-in link's page. It confirms by a POST once the page runs, not by the GET itself,
 * so a mail scanner fetching the link cannot confirm for the person.
 */
export function ConfirmSubscription({ token }: { token: string }) {
  const [state, setState] = useState<State>(token ? { kind: 'confirming' } : { kind: 'failed', message: FORM_MESSAGES.confirmInvalid });

  useEffect(() => {
    if (!token) return;
    let live = true;
    void settle(() => postConfirmation(token), FORM_MESSAGES.confirmInvalid).then((result) => {
      if (!live) return;
      if (result.ok && result.body) setState({ kind: 'confirmed', listName: result.body.payload.list_name, sender: result.body.payload.sender });
      else setState({ kind: 'failed', message: result.ok ? FORM_MESSAGES.confirmInvalid : result.message });
    });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="subscriber-card" aria-labelledby="confirm-title" aria-busy={state.kind === 'confirming'}>
      <h1 id="confirm-title">{state.kind === 'confirmed' ? 'You are subscribed' : 'Confirming your subscription'}</h1>
      {state.kind === 'confirming' && <p role="status">One moment…</p>}
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
