import { type FormEvent, useEffect, useState } from 'react';
import { EMBED_ERRORS, FORM_MESSAGES, type PublicForm, formSignupSchema, isEmbedError } from '@postlark/shared/forms';
import { type FieldErrors, fieldErrors } from '@postlark/shared/validation';
import { useSubscriberLook } from '../../../components/layout/subscriber-page';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { settle } from '../../../lib/api-client';
import { getPublicForm, postSignup } from '../signup-form-api';
import './hosted-form.css';

type State = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ready'; form: PublicForm };

const FAILED = 'Something went wrong. Please try again.';

/**
 * A sign-up form's hosted page: email and first name, and a field people never see (bots fill
 * it). A snippet on another site posts here too and comes back with `signedUp` or `embedError`.
 */
export function HostedForm({ formId, signedUp, embedError }: { formId: string; signedUp: boolean; embedError: string | null }) {
  const embedded = isEmbedError(embedError) ? embedError : null;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [values, setValues] = useState({ email: '', first_name: '', website: '' });
  const [errors, setErrors] = useState<FieldErrors>(embedded === 'email' ? { email: EMBED_ERRORS.email } : {});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(embedded === 'busy' ? EMBED_ERRORS.busy : null);
  useSubscriberLook(state.kind === 'ready' ? state.form.look : null);

  useEffect(() => {
    let live = true;
    void settle(() => getPublicForm(formId), FORM_MESSAGES.notFound).then((result) => {
      if (!live) return;
      if (result.ok && result.body) setState({ kind: 'ready', form: result.body.payload });
      else setState({ kind: 'missing', message: result.ok ? FORM_MESSAGES.notFound : result.message });
    });
    return () => {
      live = false;
    };
  }, [formId]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = formSignupSchema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setSending(true);
    setFailure(null);
    const result = await settle(() => postSignup(formId, values), FAILED);
    setSending(false);
    if (result.ok) setDone(result.body?.payload.message ?? FORM_MESSAGES.thanksSubscribed);
    else {
      setErrors(result.errors);
      setFailure(result.message);
    }
  }

  if (state.kind === 'loading') return <p className="subscriber-card" role="status" aria-busy="true" />;
  if (state.kind === 'missing') {
    return (
      <section className="subscriber-card">
        <h1>Sign up</h1>
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      </section>
    );
  }
  const { form } = state;
  const thanks = done ?? (signedUp ? (form.double_opt_in ? FORM_MESSAGES.thanksConfirm : FORM_MESSAGES.thanksSubscribed) : null);
  return (
    <section className="subscriber-card" aria-labelledby="form-title">
      <p className="hosted-form__sender">{form.sender}</p>
      <h1 id="form-title">{form.title}</h1>
      {form.intro && <p className="hosted-form__intro">{form.intro}</p>}
      {thanks ? (
        <p className="notice notice--success" role="status">
          {thanks}
        </p>
      ) : (
        <form className="hosted-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            requiredMark
            value={values.email}
            error={errors.email}
            onChange={(event) => {
              setValues((current) => ({ ...current, email: event.target.value }));
              setErrors(({ email: _cleared, ...rest }) => rest);
            }}
          />
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            error={errors.first_name}
            onChange={(event) => setValues((current) => ({ ...current, first_name: event.target.value }))}
          />
          {/* People never see or reach this field; bots that fill every input give themselves away. */}
          <div className="hosted-form__trap" aria-hidden="true">
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={(event) => setValues((current) => ({ ...current, website: event.target.value }))} />
            </label>
          </div>
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending...' : form.button_label}
          </Button>
        </form>
      )}
    </section>
  );
}
