import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { PressToAct, usePressToAct } from '../../../components/ui/press-to-act';
import { settle } from '../../../lib/api-client';
import { postSenderConfirmation } from '../senders-api';

/** The sender confirmation link's page: it confirms by a POST when the button is pressed, never on load. */
export function ConfirmSender({ token }: { token: string }) {
  const { state, press } = usePressToAct(Boolean(token), SENDER_MESSAGES.linkInvalid);

  async function confirm() {
    const result = await settle(() => postSenderConfirmation(token), SENDER_MESSAGES.linkInvalid);
    if (result.ok && result.body) return { ok: true, message: result.body.payload.message };
    return { ok: false, message: result.ok ? SENDER_MESSAGES.linkInvalid : result.message };
  }

  return (
    <section className="subscriber-card" aria-labelledby="confirm-sender-title" aria-busy={state.kind === 'busy'}>
      <h1 id="confirm-sender-title">{state.kind === 'done' ? 'Address confirmed' : 'Confirm this sender address'}</h1>
      <PressToAct
        state={state}
        prompt="A Postlark account asked to send email campaigns from this address, and to send its test messages to it. Confirm only if you, or your team, asked for this."
        actionLabel="Confirm this address"
        busyLabel="One moment…"
        onPress={() => void press(confirm)}
      />
    </section>
  );
}
