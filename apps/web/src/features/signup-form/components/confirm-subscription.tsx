import { useEffect, useState } from 'react';
import { FORM_MESSAGES, type PendingConfirmation } from '@postlark/shared/forms';
import { useSubscriberLook } from '../../../components/layout/subscriber-page';
import { PressToAct, usePressToAct } from '../../../components/ui/press-to-act';
import { settle } from '../../../lib/api-client';
import { getPendingConfirmation, postConfirmation } from '../signup-form-api';

/** The double opt-in link's page: it confirms by a POST when the button is pressed, never on load. */
export function ConfirmSubscription({ token }: { token: string }) {
  const { state, press } = usePressToAct(Boolean(token), FORM_MESSAGES.confirmInvalid);
  // Read first, for the sender's look only: a link that is no longer good says so when pressed.
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  useSubscriberLook(pending?.look);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void getPendingConfirmation(token).then(
      (answer) => live && answer.ok && answer.body && setPending(answer.body.payload),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function confirm() {
    const result = await settle(() => postConfirmation(token), FORM_MESSAGES.confirmInvalid);
    if (result.ok && result.body) {
      const { list_name: listName, sender } = result.body.payload;
      return { ok: true, message: `${FORM_MESSAGES.confirmed} You will receive ${listName} from ${sender}.` };
    }
    return { ok: false, message: result.ok ? FORM_MESSAGES.confirmInvalid : result.message };
  }

  return (
    <section className="subscriber-card" aria-labelledby="confirm-title" aria-busy={state.kind === 'busy'}>
      <h1 id="confirm-title">{state.kind === 'done' ? 'You are subscribed' : 'Confirm your subscription'}</h1>
      <PressToAct
        state={state}
        prompt={FORM_MESSAGES.confirmPrompt}
        actionLabel={FORM_MESSAGES.confirmButton}
        busyLabel="One moment…"
        onPress={() => void press(confirm)}
      />
    </section>
  );
}
