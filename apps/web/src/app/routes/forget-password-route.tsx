import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_TIMINGS, newPasswordSchema } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { firstErrorMessage } from '@postlark/shared/validation';
import { AuthShell } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { PasswordHint } from '../../components/ui/password-hint';
import { showToast } from '../../components/ui/toasts';
import { verifyEmailToken } from '../../features/email/email-slice';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { useTokenLink } from '../use-token-link';

const INCOMPLETE_LINK = 'This page opens from the link in a password reset email. Ask for a new link with Forget Password on the sign-in page.';

type Invalid = 'both' | 'confirm' | 'password' | null;

/** SPEC sections 2 and 5, password reset: a new password twice, sent with the mailed token; /login 2 s after success. */
export default function ForgetPasswordRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const link = useTokenLink();
  const loading = useAppSelector((state) => state.email.loading);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formError, setFormError] = useState('');
  const [invalid, setInvalid] = useState<Invalid>(null);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);
  const errorId = useId();
  const hasLink = Boolean(link?.token && link.email);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(ROUTES.login), ACCOUNT_TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  function fail(message: string, fields: Invalid) {
    setFormError(message);
    setInvalid(fields);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || done) return;
    setFailure('');
    if (!password || !confirm) return fail(ACCOUNT_MESSAGES.bothFieldsRequired, 'both');
    if (password !== confirm) return fail(ACCOUNT_MESSAGES.passwordsDontMatch, 'confirm');
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return fail(firstErrorMessage(parsed.error), 'password');
    fail('', null);
    if (!link || !hasLink) {
      setFailure(INCOMPLETE_LINK);
      return;
    }
    try {
      await dispatch(verifyEmailToken({ email: link.email, token: link.token, password: parsed.data })).unwrap();
      void showToast('success', ACCOUNT_MESSAGES.resetSuccess);
      setDone(true);
    } catch (message) {
      const text = typeof message === 'string' ? message : ACCOUNT_MESSAGES.resetFailed;
      void showToast('error', text);
      setFailure(text);
    }
  }

  function edited() {
    if (formError) fail('', null);
  }

  const describedBy = formError ? errorId : undefined;

  return (
    <AuthShell
      headline="A fresh start for your account."
      pitch="Choose a new password and you are back to your audience, your drafts and your reports."
      title="Reset your password"
      intro={
        <p>
          {hasLink && link ? (
            <>
              Choose a new password for <strong>{link.email}</strong>.
            </>
          ) : (
            'Choose a new password for your account.'
          )}
        </p>
      }
    >
      {link && <meta name="referrer" content="no-referrer" />}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={link?.email ?? ''} readOnly hidden />
        {!hasLink && !failure && (
          <p className="notice notice--info" role="status">
            {INCOMPLETE_LINK}
          </p>
        )}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          disabled={done}
          aria-invalid={invalid === 'both' || invalid === 'password' || undefined}
          describedBy={describedBy}
          hint={<PasswordHint password={password} />}
          onChange={(event) => {
            setPassword(event.target.value);
            edited();
          }}
        />
        <PasswordField
          label="Re-enter password"
          autoComplete="new-password"
          value={confirm}
          disabled={done}
          aria-invalid={invalid === 'both' || invalid === 'confirm' || undefined}
          describedBy={describedBy}
          onChange={(event) => {
            setConfirm(event.target.value);
            edited();
          }}
        />
        <p id={errorId} className="notice notice--error" role="alert">
          {formError}
        </p>
        <Button type="submit" block disabled={loading || done}>
          {loading ? 'Resetting...' : done ? 'Taking you to sign in...' : 'Reset password'}
        </Button>
        <div className="notice notice--error" role="alert">
          {failure ? (
            <>
              {failure}{' '}
              {failure !== INCOMPLETE_LINK && 'Ask for a new link with Forget Password on the sign-in page.'}
            </>
          ) : null}
        </div>
      </form>
      <p className="auth-switch">
        Remembered it? <Link to={ROUTES.login}>Back to sign in</Link>
      </p>
    </AuthShell>
  );
}
