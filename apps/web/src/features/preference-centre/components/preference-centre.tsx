import { type FormEvent, useEffect, useState } from 'react';
import { PREFERENCE_CENTRE_MESSAGES, type PreferenceCentre as Centre } from '@postlark/shared/preferences';
import { useSubscriberLook } from '../../../components/layout/subscriber-page';
import { Button } from '../../../components/ui/button';
import { payloadMessage, settle } from '../../../lib/api-client';
import { getPreferenceCentre, postKeepSubscription, postUnsubscribeAll, putPreferenceChoices } from '../preference-centre-api';
import './preference-centre.css';

type State = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; centre: Centre };
type Outcome = { ok: boolean; message: string } | null;

const FAILED = 'Something went wrong. Please try again.';

/**
 * A subscriber's email preferences, from the link in any campaign: which of the sender's lists to
 * stay on, and unsubscribing from everything. Nothing here needs an account.
 */
export function PreferenceCentre({ token, askToKeep = false }: { token: string; askToKeep?: boolean }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [kept, setKept] = useState(false);
  useSubscriberLook(state.kind === 'ready' ? state.centre.look : null);

  function show(centre: Centre) {
    setState({ kind: 'ready', centre });
    setChosen(new Set(centre.lists.filter((list) => list.subscribed).map((list) => list.id)));
  }

  useEffect(() => {
    let live = true;
    void settle(() => getPreferenceCentre(token), PREFERENCE_CENTRE_MESSAGES.badLink).then((result) => {
      if (!live) return;
      if (result.ok && result.body) show(result.body.payload);
      else setState({ kind: 'invalid', message: result.ok ? PREFERENCE_CENTRE_MESSAGES.badLink : result.message });
    });
    return () => {
      live = false;
    };
  }, [token]);

  async function change(call: () => ReturnType<typeof postUnsubscribeAll>, keeping = false) {
    setBusy(true);
    setOutcome(null);
    const result = await settle(call, FAILED);
    setBusy(false);
    if (result.ok && result.body) {
      if (keeping) setKept(true);
      show(result.body.payload.preferences);
      setOutcome({ ok: true, message: payloadMessage(result.body) ?? PREFERENCE_CENTRE_MESSAGES.saved });
    } else setOutcome({ ok: false, message: result.ok ? FAILED : result.message });
  }

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void change(() => putPreferenceChoices(token, { list_ids: [...chosen] }));
  }

  if (state.kind === 'loading') return <p className="preference-centre__status" role="status" aria-busy="true" />;
  if (state.kind === 'invalid') {
    return (
      <section className="subscriber-card" aria-labelledby="preferences-title">
        <h1 id="preferences-title">Email preferences</h1>
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      </section>
    );
  }

  const { centre } = state;
  const unsubscribed = centre.status !== 'active';
  return (
    <section className="subscriber-card" aria-labelledby="preferences-title">
      <h1 id="preferences-title">Email preferences</h1>
      <p className="preference-centre__who">
        Mail from <strong>{centre.sender}</strong> to <strong>{centre.email}</strong>
      </p>
      {unsubscribed && (
        <p className="notice notice--info">
          {centre.status === 'unsubscribed' ? 'You are unsubscribed from everything. Choose a list below to hear from us again.' : PREFERENCE_CENTRE_MESSAGES.undeliverable}
        </p>
      )}
      {askToKeep && !unsubscribed && !kept && (
        <div className="preference-centre__keep" role="group" aria-labelledby="keep-question">
          <p id="keep-question" className="preference-centre__keep-question">
            {PREFERENCE_CENTRE_MESSAGES.keepQuestion}
          </p>
          <Button disabled={busy} onClick={() => void change(() => postKeepSubscription(token), true)}>
            {PREFERENCE_CENTRE_MESSAGES.keepButton}
          </Button>
        </div>
      )}
      <form className="preference-centre__form" onSubmit={onSave} aria-label="Your lists">
        <fieldset disabled={busy} className="preference-centre__lists">
          <legend>Your lists</legend>
          {centre.lists.length === 0 && <p>You are not on any list.</p>}
          {centre.lists.map((list) => (
            <label key={list.id} className="preference-centre__list">
              <input
                type="checkbox"
                checked={chosen.has(list.id)}
                onChange={(event) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(list.id);
                    else next.delete(list.id);
                    return next;
                  })
                }
              />
              <span>
                <span className="preference-centre__list-name">{list.name}</span>
                {list.description && <span className="preference-centre__list-description">{list.description}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        {outcome && (
          <p className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'}`} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </p>
        )}
        <div className="preference-centre__actions">
          <Button type="submit" disabled={busy || centre.lists.length === 0}>
            Save my choices
          </Button>
          <Button variant="secondary" disabled={busy || centre.status !== 'active'} onClick={() => void change(() => postUnsubscribeAll(token))}>
            Unsubscribe from everything
          </Button>
        </div>
      </form>
    </section>
  );
}
